// The rules of a marketplace's settings (details and branding, clinics, the at-home area, scheduling,
// payments, checkout questions): the console's forms and the API's input validation both use these,
// so a setting is refused, and worded, the same on both sides and before the database's checks.
import * as z from 'zod/mini';
import { CLIENT_CHANGE_CUTOFF_HOURS, CLIENT_CHANGE_MODES } from '../appointments/client-changes';
import { imageAddress } from '../catalogue-admin/catalogue-rules';
import { anyCountryPhone, anyCountryPhoneNumber, limitedText, optional, refuse } from '../forms/field-rules';
import { ianaTimeZone, marketplaceName } from '../onboarding/marketplace-onboarding';

export const SETTINGS_MESSAGES = {
  name: 'Name is required.',
  color: 'Enter the colour as #RRGGBB, e.g. #0E7490.',
  phone: 'Enter a valid phone number.',
  phoneRequired: 'Phone is required.',
  address: 'Choose the address from the search, then complete it if needed.',
  location: 'Choose the address from the search so the clinic has a place on the map.',
  openingTime: 'Enter times as HH:MM (24-hour), e.g. 09:00.',
  openingOrder: 'Closing time must be after opening time.',
  openingOverlap: 'Opening hours of one day must not overlap.',
  weekday: 'Choose a day of the week.',
  serviceArea: 'Set a service area (a radius or ZIP codes) to offer at-home visits.',
  centre: 'Choose the centre of the area from the search.',
  radius: 'Radius must be more than 0 and at most 500 km.',
  zipCodes: 'Enter 5-digit ZIP codes separated by commas.',
  travelFee: 'Travel fee must be an amount of $0.00 or more, e.g. 25.00.',
  slotStep: 'Slot step must be a whole number of minutes from 5 to 240.',
  minimumNotice: 'Minimum notice must be a whole number of minutes from 0 to 43200 (30 days).',
  bookingHorizon: 'Booking horizon must be a whole number of months from 1 to 24.',
  clientChanges: 'Choose how clients change a visit.',
  clientChangeCutoff: 'Cut-off must be a whole number of hours from 1 to 168 (7 days).',
  collectionMethod: 'Choose how payment is collected.',
  depositType: 'Choose whether the deposit is a percentage or a fixed amount.',
  depositPercent: 'Deposit must be a whole percentage from 1 to 100.',
  depositAmount: 'Deposit must be an amount of more than $0.00, e.g. 50.00.',
  noShowFee: 'No-show fee must be an amount of more than $0.00, e.g. 25.00, or empty for none.',
  policyName: 'Policy name is required when the marketplace has a payment policy.',
  policyText: 'Policy text is required when the marketplace has a payment policy.',
  attestation: 'Clients can only be asked to agree to a payment policy the marketplace has.',
  noteLabel: 'Question is required.',
  noteType: 'Choose the kind of answer.',
  noteValues: 'Add at least one choice for a choice question.',
  noteValue: 'Choices must not be blank.',
  noteHeaderRequired: 'A heading cannot be required.',
} as const;

export const NAME_MAX = 100;
export const ADDRESS_MAX = 300;
export const POLICY_NAME_MAX = 100;
export const POLICY_TEXT_MAX = 5000;
export const NOTE_LABEL_MAX = 200;
export const NOTE_PLACEHOLDER_MAX = 200;
export const NOTE_VALUES_MAX = 50;
export const RADIUS_MAX_KM = 500;

export const CHECKOUT_NOTE_TYPES = [
  'TEXT',
  'SELECT',
  'MULTISELECT',
  'BOOLEAN',
  'DATETIME',
  'HEADER',
] as const;
export type CheckoutNoteType = (typeof CHECKOUT_NOTE_TYPES)[number];
export const COLLECTION_METHODS = ['collect_on_site', 'collect_deposit', 'collect_on_confirmation'] as const;
export const DEPOSIT_TYPES = ['percentage', 'fixed_amount'] as const;

type Issues = Parameters<typeof refuse>[0];

/** A number as the API sends it, or as a form's text holds it; null when it is not one. */
function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const number = Number(value.trim());
  return Number.isFinite(number) ? number : null;
}

/** A whole number within [min, max], from a number or a form's text. */
export const wholeNumber = (min: number, max: number, message: string) =>
  z.pipe(
    z.unknown(),
    z.transform((value, context: Issues) => {
      const number = toNumber(value);
      return number !== null && Number.isInteger(number) && number >= min && number <= max
        ? number
        : refuse(context, value, message);
    }),
  );

const DOLLARS = /^\$?\s*(\d{1,7})(?:\.(\d{1,2}))?$/;

/**
 * Money: integer cents as the API takes them, or dollars as a form's text holds them ('25', '25.50',
 * '$25'), cents out; `min` cents at least.
 */
export const cents = (min: number, message: string) =>
  z.pipe(
    z.unknown(),
    z.transform((value, context: Issues) => {
      if (typeof value === 'number') {
        return Number.isInteger(value) && value >= min && value <= 100_000_000
          ? value
          : refuse(context, value, message);
      }
      const match = typeof value === 'string' ? DOLLARS.exec(value.trim()) : null;
      if (!match) return refuse(context, value, message);
      const amount = Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
      return amount >= min ? amount : refuse(context, value, message);
    }),
  );

/** Cents as a money field shows them: 2500 -> '25.00'. */
export const centsAsDollarsText = (amount: number) => (amount / 100).toFixed(2);

/** A number within [min, max] (latitude, radius), from a number or a form's text. */
const boundedNumber = (min: number, max: number, message: string, exclusiveMin = false) =>
  z.pipe(
    z.unknown(),
    z.transform((value, context: Issues) => {
      const number = toNumber(value);
      const aboveMin = number !== null && (exclusiveMin ? number > min : number >= min);
      return number !== null && aboveMin && number <= max ? number : refuse(context, value, message);
    }),
  );

// ---- Details and branding ----

const HEX6 = /^#[0-9A-Fa-f]{6}$/;

/** The brand colour: #RRGGBB (the database keeps nothing else), upper case out. */
export const primaryColor = z.pipe(
  z.string({ error: SETTINGS_MESSAGES.color }).check(z.trim()),
  z.transform((text, context: Issues) =>
    HEX6.test(text) ? text.toUpperCase() : refuse(context, text, SETTINGS_MESSAGES.color),
  ),
);

export const marketplaceDetailsRules = z.object({
  name: marketplaceName,
  phone: optional(anyCountryPhoneNumber(SETTINGS_MESSAGES.phone)),
  logo: imageAddress,
  favicon: imageAddress,
  primaryColor,
});
export type MarketplaceDetails = z.infer<typeof marketplaceDetailsRules>;

// ---- Clinics ----

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$|^24:00$/;

/** 'HH:MM' (24:00 for the end of the day) as minutes after midnight; null when it is not a time. */
export function minutesOfTime(text: string): number | null {
  if (!TIME.test(text)) return null;
  const [hours, minutes] = text.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

/** Minutes after midnight as 'HH:MM'. */
export const timeOfMinutes = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

export interface OpeningInterval {
  /** ISO weekday: 1 is Monday, 7 is Sunday. */
  weekday: number;
  opens: string;
  closes: string;
}

const openingInterval = z.object({
  weekday: wholeNumber(1, 7, SETTINGS_MESSAGES.weekday),
  opens: z.string({ error: SETTINGS_MESSAGES.openingTime }).check(
    z.trim(),
    z.refine((text) => minutesOfTime(text) !== null && text !== '24:00', SETTINGS_MESSAGES.openingTime),
  ),
  closes: z.string({ error: SETTINGS_MESSAGES.openingTime }).check(
    z.trim(),
    z.refine((text) => minutesOfTime(text) !== null && text !== '00:00', SETTINGS_MESSAGES.openingTime),
  ),
});

/** The problem of a clinic's weekly hours, or null: each interval forward, none overlapping its day's. */
export function openingHoursProblem(hours: readonly OpeningInterval[]): string | null {
  const spans = hours.map((hour) => ({
    weekday: hour.weekday,
    start: minutesOfTime(hour.opens) ?? 0,
    end: minutesOfTime(hour.closes) ?? 0,
  }));
  if (spans.some((span) => span.start >= span.end)) return SETTINGS_MESSAGES.openingOrder;
  const sorted = [...spans].sort((a, b) => a.weekday - b.weekday || a.start - b.start);
  const overlaps = sorted.some((span, i) => {
    const previous = sorted[i - 1];
    return previous !== undefined && previous.weekday === span.weekday && span.start < previous.end;
  });
  return overlaps ? SETTINGS_MESSAGES.openingOverlap : null;
}

export const openingHours = z.pipe(
  z.array(openingInterval).check(z.maxLength(70, SETTINGS_MESSAGES.openingOverlap)),
  z.transform((hours, context: Issues) => {
    const problem = openingHoursProblem(hours);
    return problem ? refuse(context, hours, problem) : hours;
  }),
);

export const clinicRules = z.object({
  name: limitedText(SETTINGS_MESSAGES.name, 'Name', NAME_MAX),
  address: limitedText(SETTINGS_MESSAGES.address, 'Address', ADDRESS_MAX),
  latitude: boundedNumber(-90, 90, SETTINGS_MESSAGES.location),
  longitude: boundedNumber(-180, 180, SETTINGS_MESSAGES.location),
  phone: anyCountryPhone({ required: SETTINGS_MESSAGES.phoneRequired, invalid: SETTINGS_MESSAGES.phone }),
  timeZone: ianaTimeZone,
  openingHours,
});
export type ClinicSettings = z.infer<typeof clinicRules>;

// ---- At-home service area ----

export const SERVICE_AREA_KINDS = ['radius', 'zip_codes'] as const;

/** ZIP codes as a list or as typed ('10001, 10002'): five digits each, duplicates dropped. */
export const zipCodes = z.pipe(
  z.union([z.array(z.string()), z.string()]),
  z.transform((value, context: Issues) => {
    const list = (typeof value === 'string' ? value.split(/[\s,;]+/) : value)
      .map((code) => code.trim())
      .filter((code) => code !== '');
    if (list.some((code) => !/^\d{5}$/.test(code)) || list.length > 1000)
      return refuse(context, value, SETTINGS_MESSAGES.zipCodes);
    return [...new Set(list)];
  }),
);

const serviceAreaFields = z.object({
  providesAtHome: z.boolean(),
  kind: z.enum(SERVICE_AREA_KINDS, { error: SETTINGS_MESSAGES.serviceArea }),
  latitude: optional(boundedNumber(-90, 90, SETTINGS_MESSAGES.centre)),
  longitude: optional(boundedNumber(-180, 180, SETTINGS_MESSAGES.centre)),
  radiusKm: optional(boundedNumber(0, RADIUS_MAX_KM, SETTINGS_MESSAGES.radius, true)),
  zipCodes,
  travelFeeCents: cents(0, SETTINGS_MESSAGES.travelFee),
});

type Refinable = { issues: z.core.$ZodRawIssue[]; value: unknown };
const fieldIssue = (context: Refinable, path: string, message: string) =>
  context.issues.push({ code: 'custom', message, path: [path], input: context.value });

/**
 * The at-home area: a circle (centre and radius) or a ZIP list; the other kind is cleared. At-home
 * visits need an area: then a circle without its centre or radius, or an empty ZIP list, is refused.
 */
export const serviceAreaRules = z.pipe(
  serviceAreaFields,
  z.transform((area, context: Refinable) => {
    const circle = area.kind === 'radius';
    // Without at-home visits an unfinished circle is simply no area; with them it must be whole.
    const needsCircle = circle && area.providesAtHome;
    if (needsCircle && (area.latitude === null || area.longitude === null))
      fieldIssue(context, 'latitude', SETTINGS_MESSAGES.centre);
    if (needsCircle && area.radiusKm === null) fieldIssue(context, 'radiusKm', SETTINGS_MESSAGES.radius);
    if (!circle && area.providesAtHome && area.zipCodes.length === 0)
      fieldIssue(context, 'zipCodes', SETTINGS_MESSAGES.zipCodes);
    return {
      providesAtHome: area.providesAtHome,
      circle:
        circle && area.latitude !== null && area.longitude !== null && area.radiusKm !== null
          ? { latitude: area.latitude, longitude: area.longitude, radiusKm: area.radiusKm }
          : null,
      zipCodes: circle ? [] : area.zipCodes,
      travelFeeCents: area.travelFeeCents,
    };
  }),
);
export type ServiceAreaSettings = z.infer<typeof serviceAreaRules>;

// ---- Scheduling rules ----

export const schedulingRules = z.object({
  slotStepMinutes: wholeNumber(5, 240, SETTINGS_MESSAGES.slotStep),
  minimumNoticeMinutes: wholeNumber(0, 43_200, SETTINGS_MESSAGES.minimumNotice),
  bookingHorizonMonths: wholeNumber(1, 24, SETTINGS_MESSAGES.bookingHorizon),
  /** 'phone' (the spec's 'Call to Update') or 'online' up to the cut-off. */
  clientChanges: z.enum(CLIENT_CHANGE_MODES, { error: SETTINGS_MESSAGES.clientChanges }),
  clientChangeCutoffHours: wholeNumber(
    CLIENT_CHANGE_CUTOFF_HOURS.min,
    CLIENT_CHANGE_CUTOFF_HOURS.max,
    SETTINGS_MESSAGES.clientChangeCutoff,
  ),
});
export type SchedulingRules = z.infer<typeof schedulingRules>;

// ---- Payment settings ----

const paymentFields = z.object({
  paymentCollectionMethod: z.enum(COLLECTION_METHODS, { error: SETTINGS_MESSAGES.collectionMethod }),
  // '' is none, as the form's empty choice sends it (without a deposit the choice is not shown).
  paymentDepositType: z.nullish(z.enum([...DEPOSIT_TYPES, ''], { error: SETTINGS_MESSAGES.depositType })),
  paymentDepositValue: z.nullish(z.unknown()),
  hasPaymentPolicy: z.boolean(),
  paymentPolicyName: z.nullish(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(POLICY_NAME_MAX, `Policy name must be at most ${POLICY_NAME_MAX} characters.`),
      ),
  ),
  paymentPolicyText: z.nullish(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(POLICY_TEXT_MAX, `Policy text must be at most ${POLICY_TEXT_MAX} characters.`),
      ),
  ),
  requirePaymentPolicyAttestation: z.boolean(),
  // Cents from the API, dollars as typed from the form; empty or null: no fee.
  noShowFeeCents: z.nullish(z.unknown()),
});

const noShowFee = cents(1, SETTINGS_MESSAGES.noShowFee);

/** The no-show fee in cents, null for none (empty), or the field's message. */
function noShowFeeValue(value: unknown): number | null | { problem: string } {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === ''))
    return null;
  const parsed = noShowFee.safeParse(value);
  return parsed.success ? parsed.data : { problem: SETTINGS_MESSAGES.noShowFee };
}

const percent = wholeNumber(1, 100, SETTINGS_MESSAGES.depositPercent);
const depositCents = cents(1, SETTINGS_MESSAGES.depositAmount);

/** The deposit's value for its type (a percentage, or cents), or the field's message. */
function depositValue(type: string | null | undefined, value: unknown): number | { problem: string } {
  const rule = type === 'percentage' ? percent : depositCents;
  const parsed = rule.safeParse(value);
  if (parsed.success) return parsed.data;
  return {
    problem: type === 'percentage' ? SETTINGS_MESSAGES.depositPercent : SETTINGS_MESSAGES.depositAmount,
  };
}

/**
 * Payment settings as the database takes them: a deposit (type and value) only with collect_deposit;
 * a policy's name and text when it has one (else both cleared); attestation only of a policy.
 */
export const paymentSettingsRules = z.pipe(
  paymentFields,
  z.transform((input, context: Refinable) => {
    const deposit = input.paymentCollectionMethod === 'collect_deposit';
    let value: number | null = null;
    if (deposit && !input.paymentDepositType)
      fieldIssue(context, 'paymentDepositType', SETTINGS_MESSAGES.depositType);
    if (deposit && input.paymentDepositType) {
      const checked = depositValue(input.paymentDepositType, input.paymentDepositValue);
      if (typeof checked === 'number') value = checked;
      else fieldIssue(context, 'paymentDepositValue', checked.problem);
    }
    const policy = input.hasPaymentPolicy;
    if (policy && !input.paymentPolicyName)
      fieldIssue(context, 'paymentPolicyName', SETTINGS_MESSAGES.policyName);
    if (policy && !input.paymentPolicyText)
      fieldIssue(context, 'paymentPolicyText', SETTINGS_MESSAGES.policyText);
    if (!policy && input.requirePaymentPolicyAttestation)
      fieldIssue(context, 'requirePaymentPolicyAttestation', SETTINGS_MESSAGES.attestation);
    const fee = noShowFeeValue(input.noShowFeeCents);
    if (fee !== null && typeof fee === 'object') fieldIssue(context, 'noShowFeeCents', fee.problem);
    return {
      paymentCollectionMethod: input.paymentCollectionMethod,
      paymentDepositType: deposit ? input.paymentDepositType || null : null,
      paymentDepositValue: deposit ? value : null,
      hasPaymentPolicy: policy,
      paymentPolicyName: policy ? input.paymentPolicyName || null : null,
      paymentPolicyText: policy ? input.paymentPolicyText || null : null,
      requirePaymentPolicyAttestation: policy && input.requirePaymentPolicyAttestation,
      noShowFeeCents: typeof fee === 'number' ? fee : null,
    };
  }),
);
export type PaymentSettingsInput = z.infer<typeof paymentSettingsRules>;

// ---- Checkout questions ----

/** Choices as a list or as typed one a line; blank lines dropped, duplicates kept once. */
const noteValues = z.pipe(
  z.union([z.array(z.string()), z.string()]),
  z.transform((value, context: Issues) => {
    const list = (typeof value === 'string' ? value.split('\n') : value).map((item) => item.trim());
    const kept = typeof value === 'string' ? list.filter((item) => item !== '') : list;
    if (kept.some((item) => item === '' || item.length > NOTE_LABEL_MAX) || kept.length > NOTE_VALUES_MAX)
      return refuse(context, value, SETTINGS_MESSAGES.noteValue);
    return [...new Set(kept)];
  }),
);

/**
 * A checkout question: a heading is never required and has no answer options; a choice question
 * (SELECT, MULTISELECT) needs at least one choice; only those keep choices, and only text-like
 * questions a placeholder.
 */
export const checkoutNoteRules = z.pipe(
  z.object({
    label: limitedText(SETTINGS_MESSAGES.noteLabel, 'Question', NOTE_LABEL_MAX),
    type: z.enum(CHECKOUT_NOTE_TYPES, { error: SETTINGS_MESSAGES.noteType }),
    isRequired: z.boolean(),
    placeholder: optional(
      z
        .string()
        .check(
          z.trim(),
          z.maxLength(
            NOTE_PLACEHOLDER_MAX,
            `Placeholder must be at most ${NOTE_PLACEHOLDER_MAX} characters.`,
          ),
        ),
    ),
    values: noteValues,
  }),
  z.transform((note, context: Refinable) => {
    const choices = note.type === 'SELECT' || note.type === 'MULTISELECT';
    if (note.type === 'HEADER' && note.isRequired)
      fieldIssue(context, 'isRequired', SETTINGS_MESSAGES.noteHeaderRequired);
    if (choices && note.values.length === 0) fieldIssue(context, 'values', SETTINGS_MESSAGES.noteValues);
    const placeholder = note.type === 'TEXT' || note.type === 'SELECT' ? note.placeholder : null;
    return {
      label: note.label,
      type: note.type,
      isRequired: note.isRequired,
      options: { ...(placeholder ? { placeholder } : {}), ...(choices ? { values: note.values } : {}) },
    };
  }),
);
export type CheckoutNoteInput = z.infer<typeof checkoutNoteRules>;
