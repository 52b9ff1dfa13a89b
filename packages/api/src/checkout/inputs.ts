// Input rules of the checkout operations, with the spec's messages where it gives them (section 5).
import { MAX_TIP_DOLLARS } from '@atrium/domain';
import { format, isValid, parse } from 'date-fns';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from 'zod';
import { birthDate, timeZone } from '../identity';
import { idInput, marketplaceIdInput } from '../kernel/id-input';
import { optionalText } from '../kernel/text-input';
import { cardInput } from '../payments';
import type { AppointmentRequestInput, BookingTime } from './appointment-requests';

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

const addressInput = z.object({
  address: z
    .string()
    .trim()
    .min(1, 'Address is required')
    .max(500, 'Address must be at most 500 characters.'),
  latitude: z
    .number()
    .min(-90, 'Latitude must be between -90 and 90.')
    .max(90, 'Latitude must be between -90 and 90.'),
  longitude: z
    .number()
    .min(-180, 'Longitude must be between -180 and 180.')
    .max(180, 'Longitude must be between -180 and 180.'),
});

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

/** Spec 7: the summary's tip is in dollars; spec 5: at most 2 decimals, below 10000. Out: cents. */
const gratuityDollars = z
  .number()
  .refine((value) => Number.isFinite(value) && value >= 0 && value < MAX_TIP_DOLLARS, {
    message: `The tip must be at least 0 and below ${MAX_TIP_DOLLARS} dollars.`,
  })
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
    message: 'The tip may have at most 2 decimals.',
  })
  .nullish()
  .transform((value) => (value ? Math.round(value * 100) : 0));

const onePlace = <T extends { organizationId?: number | null; address?: unknown }>(input: T) =>
  input.organizationId == null || input.address == null;
const onePlaceMessage = 'Choose a clinic (organizationId) or an address, not both.';

export const checkoutSummaryInput = z
  .object({
    marketplaceId,
    procedureIds: procedureIds(false),
    organizationId: organizationId.nullish(),
    address: addressInput.nullish(),
    membershipDefinitionId: membershipDefinitionId.nullish(),
    promoCode: z.string().max(100, 'Invalid promo code').nullish(),
    gratuity: gratuityDollars,
  })
  .refine(onePlace, { message: onePlaceMessage })
  .transform((input) => ({
    marketplaceId: input.marketplaceId,
    procedureIds: input.procedureIds,
    organizationId: input.organizationId ?? null,
    atHome: input.address != null,
    membershipDefinitionId: input.membershipDefinitionId ?? null,
    promoCode: input.promoCode ?? null,
    gratuityCents: input.gratuity,
  }));

export const validatePromoCodeInput = z
  .object({
    // Any text: an unusable code is an answer (valid false), not an input error.
    code: z.string().max(100, 'Invalid promo code'),
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

/** Spec 5, checkout personal form: the exact messages. */
const usPhone = z
  .string({ error: 'Phone is required' })
  .trim()
  .min(1, 'Phone is required')
  .transform((value, context) => {
    const parsed = parsePhoneNumberFromString(value, 'US');
    if (!parsed?.isValid()) {
      context.addIssue({ code: 'custom', message: 'Please provide a valid US phone number' });
      return z.NEVER;
    }
    return parsed.number;
  });

const registerUserInput = (today: Date) =>
  z.object({
    email: z
      .string({ error: 'Email is required' })
      .trim()
      .min(1, 'Email is required')
      .max(254, 'Please provide a valid email')
      .pipe(z.email('Please provide a valid email')),
    profile: z.object({
      givenName: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100),
      familyName: z
        .string({ error: 'Last Name is required' })
        .trim()
        .min(1, 'Last Name is required')
        .max(100),
      phone: usPhone,
      dob: z
        .string({ error: 'Date of Birth is required' })
        .trim()
        .min(1, 'Date of Birth is required')
        .pipe(birthDate(today)),
      tzid: timeZone,
      phoneOptIn: z
        .boolean()
        .nullish()
        .transform((value) => value ?? false),
      emailOptIn: z
        .boolean()
        .nullish()
        .transform((value) => value ?? false),
    }),
  });

/** One time: a range whose start equals its end. A waitlist: ranges within one day, start before end. */
function toBookingTime(ranges: { start: string; end: string }[], context: z.RefinementCtx): BookingTime {
  const [first] = ranges;
  if (first && ranges.length === 1 && first.start === first.end) {
    const [date = '', time = ''] = first.start.split('T');
    return { kind: 'time', date, time };
  }
  const entries = ranges.map((range) => {
    const [date = '', start = ''] = range.start.split('T');
    const [endDate = '', end = ''] = range.end.split('T');
    return { date, start, endDate, end };
  });
  if (entries.some((entry) => entry.endDate !== entry.date || entry.end <= entry.start)) {
    context.addIssue({
      code: 'custom',
      message: 'Each waitlist range must start and end on the same day, ending after it starts.',
    });
    return z.NEVER;
  }
  return { kind: 'waitlist', ranges: entries.map(({ date, start, end }) => ({ date, start, end })) };
}

export const createAppointmentRequestInput = (today: Date) =>
  z
    .object({
      marketplaceId,
      idempotencyKey: z
        .string()
        .trim()
        .min(1, 'idempotencyKey is required.')
        .max(200, 'idempotencyKey must be at most 200 characters.'),
      organizationId: organizationId.nullish(),
      address: addressInput.nullish(),
      procedures: procedureIds(true),
      membershipDefinitionId: membershipDefinitionId.nullish(),
      paymentMethod: z
        .object({
          paymentInstrumentId: idInput('Payment instrument').nullish(),
          card: cardInput.nullish(),
        })
        .refine((method) => method.paymentInstrumentId == null || method.card == null, {
          message: 'Choose a saved card or a new card, not both.',
        })
        .nullish(),
      dateRanges: z
        .array(z.object({ start: localDateTime, end: localDateTime }))
        .min(1, 'Choose a date and time, or join the waitlist.')
        .max(maxDateRanges, `At most ${maxDateRanges} waitlist ranges.`),
      gratuity: z
        .number()
        .int('The tip must be whole cents.')
        .min(0, 'The tip must not be negative.')
        .max(MAX_TIP_DOLLARS * 100 - 1, `The tip must be below ${MAX_TIP_DOLLARS} dollars.`)
        .nullish(),
      notes: optionalText('Notes', 2000),
      checkoutNotes: z
        .array(
          z.object({
            checkoutNoteId: idInput('Checkout note'),
            value: z.string().max(2000, 'A checkout note answer must be at most 2000 characters.'),
          }),
        )
        .max(100)
        .nullish(),
      promoCode: optionalText('Promo code', 100),
      marketingConsents: z
        .array(
          z.object({
            channel: z.enum(['SMS', 'EMAIL']),
            consent: z.boolean(),
            source: z.string().trim().min(1, 'A consent needs its source.').max(50),
            phone: optionalText('Phone', 40),
            email: optionalText('Email', 254),
          }),
        )
        .max(10)
        .nullish(),
      registerUser: registerUserInput(today).nullish(),
    })
    .transform((input, context): AppointmentRequestInput => {
      const { organizationId: clinic, address } = input;
      if ((clinic == null) === (address == null)) {
        context.addIssue({
          code: 'custom',
          message: clinic == null ? 'Choose a clinic or enter your address.' : onePlaceMessage,
        });
        return z.NEVER;
      }
      const method = input.paymentMethod;
      return {
        marketplaceId: input.marketplaceId,
        idempotencyKey: input.idempotencyKey,
        place:
          clinic != null
            ? { organizationId: clinic }
            : {
                address: address?.address ?? '',
                location: { latitude: address?.latitude ?? 0, longitude: address?.longitude ?? 0 },
              },
        procedureIds: input.procedures,
        membershipDefinitionId: input.membershipDefinitionId ?? null,
        payment:
          method?.paymentInstrumentId != null
            ? { paymentInstrumentId: method.paymentInstrumentId }
            : method?.card != null
              ? { card: method.card }
              : null,
        when: toBookingTime(input.dateRanges, context),
        gratuityCents: input.gratuity ?? 0,
        notes: input.notes,
        checkoutNotes: input.checkoutNotes ?? [],
        promoCode: input.promoCode,
        marketingConsents: input.marketingConsents ?? [],
        registerUser: input.registerUser ?? null,
      };
    });

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
