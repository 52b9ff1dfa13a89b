// The rules of the console's catalogue: categories, services and add-ons as an owner edits them. The
// console's forms and the API's input validation both use these, so a value is judged, and worded, the
// same on both sides. zod/mini, like the other field rules.
import * as z from 'zod/mini';
import { type FieldRule, optional, optionalText, refuse } from '../forms/field-rules';

export const CATALOGUE_NAME_MAX_LENGTH = 120;
export const TAGLINE_MAX_LENGTH = 200;
export const DESCRIPTION_MAX_LENGTH = 4000;
/** The largest price an option may have, in cents ($100,000.00): more is a typing slip. */
export const MAX_PRICE_CENTS = 10_000_000;
export const MIN_SERVICE_MINUTES = 5;
export const MAX_SERVICE_MINUTES = 600;
export const MAX_OPTIONS = 10;
export const MAX_LIST_ENTRIES = 30;
export const LIST_ENTRY_MAX_LENGTH = 80;

export const CATALOGUE_MESSAGES = {
  name: 'Enter a name.',
  nameTooLong: `The name must be at most ${CATALOGUE_NAME_MAX_LENGTH} characters.`,
  price: 'Enter a price of $0.00 or more, in dollars and cents.',
  priceTooHigh: 'A price must be at most $100,000.00.',
  serviceDuration: `Enter a duration from ${MIN_SERVICE_MINUTES} to ${MAX_SERVICE_MINUTES} minutes.`,
  addOnDuration: `Enter a duration from 0 to ${MAX_SERVICE_MINUTES} minutes.`,
  noOptions: 'Add at least one price and duration.',
  tooManyOptions: `Offer at most ${MAX_OPTIONS} prices and durations.`,
  optionsMismatch: 'Give each price its duration: as many durations as prices.',
  category: 'Choose a category: a service is listed under one.',
  image: 'Use an uploaded image (/media/…) or an https:// address.',
  tooManyEntries: `List at most ${MAX_LIST_ENTRIES} entries.`,
  entryTooLong: `Each entry must be at most ${LIST_ENTRY_MAX_LENGTH} characters.`,
  noReorderIds: 'List what to put in order.',
  reorderDuplicates: 'List each one once.',
} as const;

/** A category's, service's or add-on's name: required, at most 120 characters, trimmed. */
export const catalogueName = z
  .string({ error: CATALOGUE_MESSAGES.name })
  .check(
    z.trim(),
    z.minLength(1, { error: CATALOGUE_MESSAGES.name, abort: true }),
    z.maxLength(CATALOGUE_NAME_MAX_LENGTH, CATALOGUE_MESSAGES.nameTooLong),
  );

export const tagline = optionalText('The tagline', TAGLINE_MAX_LENGTH);
export const description = optionalText('The description', DESCRIPTION_MAX_LENGTH);

// Atrium's own images (/assets/, such as the demo marketplaces') are served like uploaded ones.
const isImageAddress = (text: string) => {
  if (/^\/(media|assets)\/[A-Za-z0-9._~/-]+$/.test(text) && !text.includes('..')) return true;
  try {
    return new URL(text).protocol === 'https:' && !/\s/.test(text);
  } catch {
    return false;
  }
};

/** An image: an uploaded one's /media/ path, one of Atrium's /assets/, or an https address; blank for none (null). */
export const imageAddress: FieldRule<string | null> = optional(
  z
    .string()
    .check(
      z.trim(),
      z.maxLength(2000, CATALOGUE_MESSAGES.image),
      z.refine(isImageAddress, CATALOGUE_MESSAGES.image),
    ),
);

/** One option's price in whole cents, from $0.00 to $100,000.00. */
export const priceCents: FieldRule<number> = z
  .int({ error: CATALOGUE_MESSAGES.price })
  .check(z.gte(0, CATALOGUE_MESSAGES.price), z.lte(MAX_PRICE_CENTS, CATALOGUE_MESSAGES.priceTooHigh));

/** A price as typed in dollars ('45', '45.5', '$1,045.50'): whole cents out. */
export const priceDollars: FieldRule<number> = z.pipe(
  z.string({ error: CATALOGUE_MESSAGES.price }),
  z.transform((text, context) => {
    const plain = text.trim().replace(/^\$/, '').replaceAll(',', '');
    if (!/^\d+(\.\d{1,2})?$/.test(plain)) return refuse(context, text, CATALOGUE_MESSAGES.price);
    const [dollars = '0', cents = ''] = plain.split('.');
    const value = Number(dollars) * 100 + Number(cents.padEnd(2, '0'));
    return value > MAX_PRICE_CENTS ? refuse(context, text, CATALOGUE_MESSAGES.priceTooHigh) : value;
  }),
);

/** A service's duration in minutes (5 to 600); an add-on's may be 0, taking no extra time. */
export const durationMinutes = (kind: 'service' | 'addOn') => {
  const message = kind === 'service' ? CATALOGUE_MESSAGES.serviceDuration : CATALOGUE_MESSAGES.addOnDuration;
  return z
    .int({ error: message })
    .check(z.gte(kind === 'service' ? MIN_SERVICE_MINUTES : 0, message), z.lte(MAX_SERVICE_MINUTES, message));
};

/** Minutes as typed in a form: the same limits as durationMinutes. */
export const durationText = (kind: 'service' | 'addOn'): FieldRule<number> =>
  z.pipe(
    z.pipe(
      z.string({ error: CATALOGUE_MESSAGES.serviceDuration }),
      z.transform((text, context) =>
        /^\s*\d{1,4}\s*$/.test(text)
          ? Number(text)
          : refuse(
              context,
              text,
              kind === 'service' ? CATALOGUE_MESSAGES.serviceDuration : CATALOGUE_MESSAGES.addOnDuration,
            ),
      ),
    ),
    durationMinutes(kind),
  );

/** A list of words (ingredients, tags): each trimmed, blanks dropped, each kept once (first spelling). */
export const wordList = z.pipe(
  z.array(z.string().check(z.maxLength(LIST_ENTRY_MAX_LENGTH + 200, CATALOGUE_MESSAGES.entryTooLong))),
  z.transform((entries, context) => {
    const seen = new Set<string>();
    const kept: string[] = [];
    for (const entry of entries.map((text) => text.trim()).filter(Boolean)) {
      if (entry.length > LIST_ENTRY_MAX_LENGTH)
        return refuse(context, entry, CATALOGUE_MESSAGES.entryTooLong);
      if (seen.has(entry.toLowerCase())) continue;
      seen.add(entry.toLowerCase());
      kept.push(entry);
    }
    return kept.length > MAX_LIST_ENTRIES
      ? refuse(context, entries, CATALOGUE_MESSAGES.tooManyEntries)
      : kept;
  }),
);

/** Comma-separated words as typed in a form, as wordList keeps them. */
export const wordListText: FieldRule<string[]> = z.pipe(
  z.pipe(
    z.string(),
    z.transform((text) => text.split(',')),
  ),
  wordList,
);

/** The options a client chooses from: at least one price and at most ten; durations in parallel. */
const optionFields = (kind: 'service' | 'addOn') => ({
  prices: z
    .array(priceCents)
    .check(
      z.minLength(1, CATALOGUE_MESSAGES.noOptions),
      z.maxLength(MAX_OPTIONS, CATALOGUE_MESSAGES.tooManyOptions),
    ),
  durations: z
    .array(durationMinutes(kind))
    .check(
      z.minLength(1, CATALOGUE_MESSAGES.noOptions),
      z.maxLength(MAX_OPTIONS, CATALOGUE_MESSAGES.tooManyOptions),
    ),
});

/** As many durations as prices: each price is an option with its own duration. */
const parallelOptions = z.refine<{ prices: number[]; durations: number[] }>(
  (options) => options.prices.length === options.durations.length,
  { message: CATALOGUE_MESSAGES.optionsMismatch, path: ['durations'] },
);

/** The order given to a list: at least one id, each once. */
export const orderedIds = z.array(z.string()).check(
  z.minLength(1, CATALOGUE_MESSAGES.noReorderIds),
  z.refine((ids) => new Set(ids).size === ids.length, CATALOGUE_MESSAGES.reorderDuplicates),
);

/** A category as an owner writes it. */
export const categoryRules = z.object({
  name: catalogueName,
  description,
  thumbnail: imageAddress,
  banner: imageAddress,
});

/** The fields a service and an add-on share, beside their prices and durations. */
const offerFields = {
  name: catalogueName,
  tagline,
  description,
  thumbnail: imageAddress,
  ingredients: wordList,
  tags: wordList,
  offeredAtHome: z.boolean(),
};

const requiredCategory = z
  .string({ error: CATALOGUE_MESSAGES.category })
  .check(z.trim(), z.minLength(1, CATALOGUE_MESSAGES.category));

/** A service (bookable procedure): with a category. Clinic and add-on ids are the API's to check. */
export const serviceRules = z
  .object({ ...offerFields, ...optionFields('service'), categoryId: requiredCategory })
  .check(parallelOptions);

/** An add-on: like a service but with no category, and it may take no extra time. */
export const addOnRules = z.object({ ...offerFields, ...optionFields('addOn') }).check(parallelOptions);

/** One price and duration row of the console's form, as typed. */
export interface PriceOptionRow {
  price: string;
  duration: string;
}

/** The rows of the console's form as the API takes them: prices and durations in parallel. */
export const priceOptionRows = (kind: 'service' | 'addOn') =>
  z.pipe(
    z
      .array(z.object({ price: priceDollars, duration: durationText(kind) }))
      .check(
        z.minLength(1, CATALOGUE_MESSAGES.noOptions),
        z.maxLength(MAX_OPTIONS, CATALOGUE_MESSAGES.tooManyOptions),
      ),
    z.transform((rows) => ({
      prices: rows.map((row) => row.price),
      durations: rows.map((row) => row.duration),
    })),
  );

/** The console's service or add-on form: text as typed, rows of options, comma-separated lists. */
export const offerFormRules = (kind: 'service' | 'addOn') =>
  z.object({
    name: catalogueName,
    tagline,
    description,
    thumbnail: imageAddress,
    ingredients: wordListText,
    tags: wordListText,
    offeredAtHome: z.boolean(),
    categoryId: kind === 'service' ? requiredCategory : z.optional(z.string()),
    options: priceOptionRows(kind),
  });
