// Input rules of the checkout operations: the domain's field rules, which the checkout forms use
// too, so the API judges and words a field as the form does (address, tip, notes, the personal
// details a guest registers with); plus what only the API checks (ids, list sizes, local dates).
import {
  anyCountryPhone,
  CHECKOUT_PERSONAL_MESSAGES,
  CUSTOM_TIP_INVALID,
  checkoutPersonalFields,
  homeAddress,
  INVALID_PROMO_CODE,
  MAX_TIP_DOLLARS,
  notes,
  optional,
  optionalText,
  tipDollars,
} from '@atrium/domain';
import { format, isValid, parse } from 'date-fns';
import { z } from 'zod';
import { timeZone } from '../identity';
import { idInput, marketplaceIdInput } from '../kernel/id-input';
import { cardInput } from '../payments';
import type { AppointmentRequestInput } from './booking/booking-request';
import { bookingPayment, bookingPlace, bookingTime, placeMessages } from './booking-choices';

/** The most procedures and add-ons one cart may hold. */
const maxProcedures = 50;
/** The most waitlist ranges one request may hold (dates times three times of day, generously). */
const maxDateRanges = 60;

export const marketplaceId = marketplaceIdInput;
const organizationId = idInput('Organization');
const membershipDefinitionId = idInput('Membership definition');
export const appointmentId = idInput('Appointment');

const procedureIds = (required: boolean) =>
  z
    .array(idInput('Procedure'))
    .min(required ? 1 : 0, 'Choose at least one procedure.')
    .max(maxProcedures, `Choose at most ${maxProcedures} procedures and add-ons.`)
    // A procedure or add-on is in the cart at most once.
    .transform((ids) => [...new Set(ids)]);

const isDate = (value: string) => {
  const date = parse(value, 'yyyy-MM-dd', new Date(0));
  return isValid(date) && format(date, 'yyyy-MM-dd') === value;
};
export const localDate = z.string().refine(isDate, {
  error: (issue) => `${JSON.stringify(issue.input)} is not a date in the yyyy-MM-dd format.`,
});
const localDateTime = z.string().refine(
  (value) => {
    const date = parse(value, "yyyy-MM-dd'T'HH:mm", new Date(0));
    return isValid(date) && format(date, "yyyy-MM-dd'T'HH:mm") === value;
  },
  { error: (issue) => `${JSON.stringify(issue.input)} is not a local time in the yyyy-MM-ddTHH:mm format.` },
);

/** Any text up to 100 characters: whether it is a usable code is the service's answer, not an input error. */
const promoCodeText = z.string().max(100, INVALID_PROMO_CODE);

export const checkoutSummaryInput = z
  .object({
    marketplaceId,
    procedureIds: procedureIds(false),
    organizationId: organizationId.nullish(),
    address: z.nullish(homeAddress),
    membershipDefinitionId: membershipDefinitionId.nullish(),
    promoCode: promoCodeText.nullish(),
    // The summary takes the tip in dollars, as the custom tip field does.
    gratuity: z.nullish(tipDollars),
  })
  .refine((input) => input.organizationId == null || input.address == null, { message: placeMessages.both })
  .transform((input) => ({
    marketplaceId: input.marketplaceId,
    procedureIds: input.procedureIds,
    organizationId: input.organizationId ?? null,
    atHome: input.address != null,
    membershipDefinitionId: input.membershipDefinitionId ?? null,
    promoCode: input.promoCode ?? null,
    gratuityCents: input.gratuity ?? 0,
  }));

export const validatePromoCodeInput = z
  .object({
    // Any text: an unusable code is an answer (valid false), not an input error.
    code: promoCodeText,
    marketplaceId,
    organizationId: organizationId.nullish(),
    procedureIds: procedureIds(false),
    bookingAmount: z
      .number()
      .int('bookingAmount must be whole cents.')
      .min(0, 'bookingAmount must not be negative.'),
    bookingDate: localDate.nullish(),
    waitlistDates: z.array(localDate).max(maxDateRanges).nullish(),
    membershipDefinitionId: membershipDefinitionId.nullish(),
  })
  .transform((input) => ({
    code: input.code,
    marketplaceId: input.marketplaceId,
    procedureIds: input.procedureIds,
    membershipDefinitionId: input.membershipDefinitionId ?? null,
  }));

const optIn = z
  .boolean()
  .nullish()
  .transform((value) => value ?? false);

/**
 * A guest's details, with the checkout personal form's rules and messages; as for a profile, the
 * API keeps a phone of any country, and holds the email to zod's stricter check too.
 */
const registerUserInput = (today: Date) => {
  const { email, ...personal } = checkoutPersonalFields(today);
  return z.object({
    email: z.pipe(email, z.email(CHECKOUT_PERSONAL_MESSAGES.emailInvalid)),
    profile: z.object({
      ...personal,
      phone: anyCountryPhone({
        required: CHECKOUT_PERSONAL_MESSAGES.phone,
        invalid: CHECKOUT_PERSONAL_MESSAGES.phoneInvalid,
      }),
      tzid: timeZone,
      phoneOptIn: optIn,
      emailOptIn: optIn,
    }),
  });
};

const paymentMethodInput = z
  .object({ paymentInstrumentId: idInput('Payment instrument').nullish(), card: cardInput.nullish() })
  .refine((method) => method.paymentInstrumentId == null || method.card == null, {
    message: 'Choose a saved card or a new card, not both.',
  });

const dateRangesInput = z
  .array(z.object({ start: localDateTime, end: localDateTime }))
  .min(1, 'Choose a date and time, or join the waitlist.')
  .max(maxDateRanges, `At most ${maxDateRanges} waitlist ranges.`);

/** The tip as the request sends it, already whole cents, held to the custom tip's limit and message. */
const tipCents = z
  .int({ error: CUSTOM_TIP_INVALID })
  .min(0, CUSTOM_TIP_INVALID)
  .max(MAX_TIP_DOLLARS * 100 - 1, CUSTOM_TIP_INVALID);

const checkoutNoteAnswersInput = z
  .array(
    z.object({
      checkoutNoteId: idInput('Checkout note'),
      value: z.string().max(2000, 'A checkout note answer must be at most 2000 characters.'),
    }),
  )
  .max(100);

const marketingConsentsInput = z
  .array(
    z.object({
      channel: z.enum(['SMS', 'EMAIL']),
      consent: z.boolean(),
      source: z.string().trim().min(1, 'A consent needs its source.').max(50),
      phone: optionalText('Phone', 40),
      email: optionalText('Email', 254),
    }),
  )
  .max(10);

const appointmentRequestFields = (today: Date) =>
  z.object({
    marketplaceId,
    idempotencyKey: z
      .string()
      .trim()
      .min(1, 'idempotencyKey is required.')
      .max(200, 'idempotencyKey must be at most 200 characters.'),
    organizationId: organizationId.nullish(),
    address: z.nullish(homeAddress),
    procedures: procedureIds(true),
    membershipDefinitionId: membershipDefinitionId.nullish(),
    paymentMethod: paymentMethodInput.nullish(),
    dateRanges: dateRangesInput,
    gratuity: tipCents.nullish(),
    notes: optional(notes),
    checkoutNotes: checkoutNoteAnswersInput.nullish(),
    promoCode: promoCodeText.nullish().transform((code) => code?.trim() || null),
    marketingConsents: marketingConsentsInput.nullish(),
    registerUser: registerUserInput(today).nullish(),
  });
type AppointmentRequestFields = z.output<ReturnType<typeof appointmentRequestFields>>;

const refuse = (context: z.RefinementCtx, message: string): never => {
  context.addIssue({ code: 'custom', message });
  return z.NEVER;
};

/** The checked fields as the booking takes them; refused when the place or the time is not one. */
function toAppointmentRequest(
  input: AppointmentRequestFields,
  context: z.RefinementCtx,
): AppointmentRequestInput {
  const place = bookingPlace(input.organizationId, input.address);
  if ('problem' in place) return refuse(context, place.problem);
  const when = bookingTime(input.dateRanges);
  if ('problem' in when) return refuse(context, when.problem);
  return {
    marketplaceId: input.marketplaceId,
    idempotencyKey: input.idempotencyKey,
    place,
    procedureIds: input.procedures,
    membershipDefinitionId: input.membershipDefinitionId ?? null,
    payment: bookingPayment(input.paymentMethod),
    when,
    gratuityCents: input.gratuity ?? 0,
    notes: input.notes,
    checkoutNotes: input.checkoutNotes ?? [],
    promoCode: input.promoCode,
    marketingConsents: input.marketingConsents ?? [],
    registerUser: input.registerUser ?? null,
  };
}

const appointmentRequestInput = (today: Date) =>
  appointmentRequestFields(today).transform(toAppointmentRequest);

/** The schema of the day: only the birth date's 'not after today' depends on the date. */
let ofTheDay: { day: string; schema: ReturnType<typeof appointmentRequestInput> } | null = null;

/**
 * The booking request's schema for `today`, built once a day (the server's local date, as the birth
 * date's rule reads it) rather than on every booking: building it cost a share of each booking's time.
 */
export function createAppointmentRequestInput(today: Date) {
  const day = today.toDateString();
  if (ofTheDay?.day !== day) ofTheDay = { day, schema: appointmentRequestInput(today) };
  return ofTheDay.schema;
}

export const sandboxCardInput = z.object({
  number: z.string().max(40),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  cvc: z.string().max(8),
  addressLine1: z.string().max(200),
  addressCity: z.string().max(200),
  addressState: z.string().max(200),
  addressPostalCode: z.string().max(20),
});
