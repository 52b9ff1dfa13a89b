// The rules of what a marketplace offers (promo codes, membership definitions, packages), as the
// console's forms and the API judge them: the API's inputs are checked by the `*Offer` schemas, and
// each form's schema turns what the owner typed (dollars, whole numbers, local times) into that input
// and then checks it with the very same schema, so both say the same thing about the same value.
import * as z from 'zod/mini';
import { type FieldRule, limitedText, optionalText, refuse, requiredText } from '../forms/field-rules';
import { PROMO_CODE_MAX_LENGTH, promoCode } from '../forms/form-rules';
import { formatCents } from '../money/format-cents';

export const OFFER_NAME_MAX_LENGTH = 100;
export const OFFER_DESCRIPTION_MAX_LENGTH = 1000;
/** The longest a package's points may last: ten years. */
export const MAX_VALIDITY_DAYS = 3650;
/** More points than anyone would sell in one package: a typo, not an offer. */
export const MAX_PACKAGE_POINTS = 1000;
/** The largest amount an offer may name: $100,000.00. */
export const MAX_OFFER_CENTS = 10_000_000;

export const OFFER_MESSAGES = {
  codeRequired: 'Enter a code.',
  codeTooLong: `A code has at most ${PROMO_CODE_MAX_LENGTH} characters.`,
  codeCharacters: 'A code has only letters, digits, - and _.',
  percent: 'Enter a percentage from 1 to 100.',
  amount: `Enter an amount from $0.01 to ${formatCents(MAX_OFFER_CENTS)}, with at most 2 decimals.`,
  minimumOrder: `Enter a minimum order from $0.01 to ${formatCents(MAX_OFFER_CENTS)}, with at most 2 decimals.`,
  usageLimit: 'The total limit must be a whole number of at least 1.',
  perClientLimit: 'The limit per client must be a whole number of at least 1.',
  dateTime: 'Enter a valid date and time.',
  endBeforeStart: 'The end must be after the start.',
  name: 'Enter a name.',
  price: `Enter a price from $0.00 to ${formatCents(MAX_OFFER_CENTS)}, with at most 2 decimals.`,
  period: 'Choose how often the membership is billed.',
  kind: 'Choose a percentage or an amount off.',
  categories: 'Choose at least one category.',
  discountPercent: 'Each discount must be a percentage from 1 to 100.',
  points: `Each item must have a whole number of points from 1 to ${MAX_PACKAGE_POINTS}.`,
  items: 'Add at least one item of points.',
  validityDays: `Points must last a whole number of days from 1 to ${MAX_VALIDITY_DAYS}.`,
} as const;

export const PROMO_KINDS = ['percentage', 'fixed'] as const;
export type PromoCodeKind = (typeof PROMO_KINDS)[number];
export const MEMBERSHIP_PERIODS = ['monthly', 'quarterly', 'yearly'] as const;
export type MembershipPeriod = (typeof MEMBERSHIP_PERIODS)[number];

/**
 * A promo code as the owner names it: required, at most 15 characters of letters, digits, - and _,
 * then the checkout's own promo code rule (trimmed, upper-cased), so it is stored as clients' codes
 * are compared.
 */
export const offerCode: FieldRule<string> = z.pipe(
  requiredText(OFFER_MESSAGES.codeRequired),
  z.pipe(
    z
      .string()
      .check(
        z.maxLength(PROMO_CODE_MAX_LENGTH, { error: OFFER_MESSAGES.codeTooLong, abort: true }),
        z.regex(/^[A-Za-z0-9_-]+$/, OFFER_MESSAGES.codeCharacters),
      ),
    promoCode,
  ),
);

const wholeNumber = (message: string, min: number, max: number) =>
  z.number({ error: message }).check(z.int({ error: message }), z.gte(min, message), z.lte(max, message));

/** Cents from 1 to MAX_OFFER_CENTS. */
export const positiveCents = (message: string) => wholeNumber(message, 1, MAX_OFFER_CENTS);
/** A price: cents from 0 (free) to MAX_OFFER_CENTS. */
export const priceCents = wholeNumber(OFFER_MESSAGES.price, 0, MAX_OFFER_CENTS);
/** A percentage off: 1 to 100. */
export const percentOff = (message: string) => wholeNumber(message, 1, 100);
/** A count limit: a whole number of at least 1. */
export const limitCount = (message: string) => wholeNumber(message, 1, 2_147_483_647);

/** An instant as the API takes it: an ISO 8601 date and time with its offset (or Z). */
export const offerInstant = z.pipe(
  z.string({ error: OFFER_MESSAGES.dateTime }),
  z.transform((text, context) => {
    const valid = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(text);
    const time = valid ? Date.parse(text) : Number.NaN;
    return Number.isNaN(time) ? refuse(context, text, OFFER_MESSAGES.dateTime) : new Date(time).toISOString();
  }),
);

const ids = (message: string) => z.array(z.string(), { error: message }).check(z.minLength(1, message));

/** A promo code's offer as the API takes it (amounts in cents; null: no such condition). */
export const promoCodeOffer = z
  .object({
    code: offerCode,
    kind: z.enum(PROMO_KINDS, { error: OFFER_MESSAGES.kind }),
    /** Percent or cents, by kind (judged below, with the kind's message). */
    value: z.pipe(
      z.unknown(),
      z.transform((value) => (typeof value === 'number' ? value : Number.NaN)),
    ),
    /** The services it applies to; null: every service. */
    serviceIds: z.nullable(ids('Choose at least one service, or every service.')),
    minimumOrder: z.nullable(positiveCents(OFFER_MESSAGES.minimumOrder)),
    startsAt: z.nullable(offerInstant),
    endsAt: z.nullable(offerInstant),
    usageLimit: z.nullable(limitCount(OFFER_MESSAGES.usageLimit)),
    perClientLimit: z.nullable(limitCount(OFFER_MESSAGES.perClientLimit)),
  })
  .check(
    z.refine((offer) => offer.kind !== 'percentage' || percentOff('').safeParse(offer.value).success, {
      message: OFFER_MESSAGES.percent,
      path: ['value'],
    }),
    z.refine((offer) => offer.kind !== 'fixed' || positiveCents('').safeParse(offer.value).success, {
      message: OFFER_MESSAGES.amount,
      path: ['value'],
    }),
    z.refine((offer) => !offer.startsAt || !offer.endsAt || offer.startsAt < offer.endsAt, {
      message: OFFER_MESSAGES.endBeforeStart,
      path: ['endsAt'],
    }),
  );
export type PromoCodeOffer = z.output<typeof promoCodeOffer>;

const discount = z.object({
  percentage: percentOff(OFFER_MESSAGES.discountPercent),
  categoryIds: ids(OFFER_MESSAGES.categories),
});

/** A membership definition as the API takes it (price in cents per period). */
export const membershipOffer = z.object({
  name: limitedText(OFFER_MESSAGES.name, 'Name', OFFER_NAME_MAX_LENGTH),
  description: optionalText('Description', OFFER_DESCRIPTION_MAX_LENGTH),
  price: priceCents,
  period: z.enum(MEMBERSHIP_PERIODS, { error: OFFER_MESSAGES.period }),
  discounts: z.array(discount),
  /** The package each paid period grants; null: none. */
  packageId: z.nullable(z.string()),
  /** What it gives, one benefit a line; absent: left as it is (the console's form has no field yet). */
  list: z.optional(optionalText('Benefits', OFFER_DESCRIPTION_MAX_LENGTH)),
});
export type MembershipOffer = z.output<typeof membershipOffer>;

const packageItem = z.object({
  points: wholeNumber(OFFER_MESSAGES.points, 1, MAX_PACKAGE_POINTS),
  categoryIds: ids(OFFER_MESSAGES.categories),
});

/** A package as the API takes it (price in cents; validity in days after purchase, null: forever). */
export const packageOffer = z.object({
  name: limitedText(OFFER_MESSAGES.name, 'Name', OFFER_NAME_MAX_LENGTH),
  description: optionalText('Description', OFFER_DESCRIPTION_MAX_LENGTH),
  price: priceCents,
  items: z.array(packageItem).check(z.minLength(1, OFFER_MESSAGES.items)),
  validityDays: z.nullable(wholeNumber(OFFER_MESSAGES.validityDays, 1, MAX_VALIDITY_DAYS)),
  /** What it gives, one benefit a line; absent: left as it is (the console's form has no field yet). */
  list: z.optional(optionalText('Benefits', OFFER_DESCRIPTION_MAX_LENGTH)),
});
export type PackageOffer = z.output<typeof packageOffer>;

/** Dollars as typed ('12', '12.5', '12.50') to cents; null when it is not such an amount. */
export function dollarsTextToCents(text: string): number | null {
  const trimmed = text.trim().replace(/^\$/, '').replaceAll(',', '');
  if (!/^(\d+(\.\d{0,2})?|\.\d{1,2})$/.test(trimmed)) return null;
  const [whole = '0', fraction = ''] = trimmed.split('.');
  return Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
}

/** A whole number as typed; null when it is not one. */
export function wholeNumberText(text: string): number | null {
  const trimmed = text.trim();
  return /^\d{1,10}$/.test(trimmed) ? Number(trimmed) : null;
}

/** A date and time typed in a datetime-local field (the browser's zone) as an ISO instant; null if none. */
export function localDateTimeToIso(text: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(text.trim())) return null;
  const time = new Date(text.trim()).getTime();
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** A form field turned into the API's value: NaN (refused by the API's rule with its message) when unreadable. */
const asNumber = (value: number | null) => (value === null ? Number.NaN : value);
const blank = (text: string) => text.trim() === '';

/** The promo code form's values: what the owner typed. */
export interface PromoCodeForm {
  code: string;
  kind: PromoCodeKind;
  /** Percent (whole number) or dollars, by kind. */
  value: string;
  /** Chosen services; none: every service. */
  serviceIds: string[];
  /** Dollars; blank: no minimum. */
  minimumOrder: string;
  /** datetime-local values; blank: none. */
  startsAt: string;
  endsAt: string;
  usageLimit: string;
  perClientLimit: string;
}

/** The promo code form: what was typed, read into the API's input and judged by promoCodeOffer. */
export const promoCodeForm: FieldRule<PromoCodeOffer> = z.pipe(
  z.transform(
    (form: PromoCodeForm): z.input<typeof promoCodeOffer> => ({
      code: form.code,
      kind: form.kind,
      value: asNumber(
        form.kind === 'percentage' ? wholeNumberText(form.value) : dollarsTextToCents(form.value),
      ),
      serviceIds: form.serviceIds.length === 0 ? null : form.serviceIds,
      minimumOrder: blank(form.minimumOrder) ? null : asNumber(dollarsTextToCents(form.minimumOrder)),
      startsAt: blank(form.startsAt) ? null : (localDateTimeToIso(form.startsAt) ?? form.startsAt),
      endsAt: blank(form.endsAt) ? null : (localDateTimeToIso(form.endsAt) ?? form.endsAt),
      usageLimit: blank(form.usageLimit) ? null : asNumber(wholeNumberText(form.usageLimit)),
      perClientLimit: blank(form.perClientLimit) ? null : asNumber(wholeNumberText(form.perClientLimit)),
    }),
  ),
  promoCodeOffer,
);

/** The membership form's values: what the owner typed. */
export interface MembershipForm {
  name: string;
  description: string;
  /** Dollars per period. */
  price: string;
  period: MembershipPeriod;
  discounts: { percentage: string; categoryIds: string[] }[];
  /** '' for none. */
  packageId: string;
}

export const membershipForm: FieldRule<MembershipOffer> = z.pipe(
  z.transform(
    (form: MembershipForm): z.input<typeof membershipOffer> => ({
      name: form.name,
      description: form.description,
      price: asNumber(dollarsTextToCents(form.price)),
      period: form.period,
      discounts: form.discounts.map((item) => ({
        percentage: asNumber(wholeNumberText(item.percentage)),
        categoryIds: item.categoryIds,
      })),
      packageId: form.packageId === '' ? null : form.packageId,
    }),
  ),
  membershipOffer,
);

/** The package form's values: what the owner typed. */
export interface PackageForm {
  name: string;
  description: string;
  /** Dollars. */
  price: string;
  items: { points: string; categoryIds: string[] }[];
  /** Days; blank: the points never expire. */
  validityDays: string;
}

export const packageForm: FieldRule<PackageOffer> = z.pipe(
  z.transform(
    (form: PackageForm): z.input<typeof packageOffer> => ({
      name: form.name,
      description: form.description,
      price: asNumber(dollarsTextToCents(form.price)),
      items: form.items.map((item) => ({
        points: asNumber(wholeNumberText(item.points)),
        categoryIds: item.categoryIds,
      })),
      validityDays: blank(form.validityDays) ? null : asNumber(wholeNumberText(form.validityDays)),
    }),
  ),
  packageOffer,
);

/** Where a promo code stands for clients now. */
export type PromoCodeStatus = 'active' | 'paused' | 'scheduled' | 'expired' | 'used_up';

export function promoCodeStatus(
  promo: {
    pausedAt: string | null;
    startsAt: string | null;
    endsAt: string | null;
    usageLimit: number | null;
    timesUsed: number;
  },
  now: Date,
): PromoCodeStatus {
  if (promo.pausedAt) return 'paused';
  if (promo.endsAt && Date.parse(promo.endsAt) <= now.getTime()) return 'expired';
  if (promo.usageLimit !== null && promo.timesUsed >= promo.usageLimit) return 'used_up';
  if (promo.startsAt && Date.parse(promo.startsAt) > now.getTime()) return 'scheduled';
  return 'active';
}
