import {
  type CartLine,
  cartProcedureIds,
  type FormValues,
  TIME_OF_DAY_WINDOWS,
  type TimeOfDay,
} from '@atrium/domain';
import type { CreateAppointmentRequestInput } from '@atrium/graphql-client/checkout';
import type { TokenizedCard } from '@atrium/payment-forms';
import { type BookingLocation, isClinicLocation } from '@atrium/stores';

type DateRange = CreateAppointmentRequestInput['dateRanges'][number];
type Consent = NonNullable<CreateAppointmentRequestInput['marketingConsents']>[number];

const pad = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** Where the booking is: the chosen clinic, or the client's own address with its map point. */
export type BookingPlace =
  | { organizationId: string }
  | { address: { address: string; latitude: number; longitude: number } };

export function bookingPlace(location: BookingLocation): BookingPlace {
  if (isClinicLocation(location)) return { organizationId: location.organizationId };
  return {
    address: { address: location.address, latitude: location.latitude, longitude: location.longitude },
  };
}

/**
 * dateRanges: one chosen time is a single range that starts and ends at it; a waitlist is
 * one range per entry and time of day (morning 08-12, afternoon 12-16, evening 16-20).
 */
export function dateRangesFor(
  dateTime: { date: string; time: string } | null,
  waitlist: readonly { date: string | null; timesOfDay: readonly TimeOfDay[] }[],
): DateRange[] {
  if (dateTime) {
    const at = `${dateTime.date}T${dateTime.time}`;
    return [{ start: at, end: at }];
  }
  return waitlist.flatMap((entry) =>
    entry.date
      ? entry.timesOfDay.map((time) => ({
          start: `${entry.date}T${pad(TIME_OF_DAY_WINDOWS[time].from)}`,
          end: `${entry.date}T${pad(TIME_OF_DAY_WINDOWS[time].to)}`,
        }))
      : [],
  );
}

/** Marketing consent for both channels, from the checkout's opt-in box. */
export function marketingConsents(optIn: boolean, email: string, phone: string): Consent[] {
  return [
    { channel: 'SMS', consent: optIn, source: 'checkout', phone },
    { channel: 'EMAIL', consent: optIn, source: 'checkout', email },
  ];
}

/** The procedures of the request, add-ons included, each once. */
export const requestProcedures = (cart: readonly CartLine[]) => cartProcedureIds(cart);

/** A new random key for one checkout; a retried submit of the same checkout reuses it. */
export const newIdempotencyKey = () => crypto.randomUUID();

/** What the booking holds apart from the client's details (the page's state when it is sent). */
export interface BookingParts {
  marketplaceId: string;
  place: BookingPlace;
  cart: readonly CartLine[];
  dateTime: { date: string; time: string } | null;
  waitlist: readonly { date: string | null; timesOfDay: readonly TimeOfDay[] }[];
  /** The summary's tip in cents: sent only when over 0. */
  gratuityCents: number;
  promoCode: string | null;
  checkoutNotes: NonNullable<CreateAppointmentRequestInput['checkoutNotes']>;
  /** A guest registers with their details; a signed-in client is known already. */
  signedIn: boolean;
}

const text = (value: FormValues[string] | undefined) => String(value ?? '');

/**
 * The appointment request from the page's state and the personal form's values (dates yyyy-MM-dd,
 * phones E.164): a guest is registered with their details and the browser's time zone; the opt-in
 * box gives marketing consent for SMS and email.
 */
export function appointmentRequest(
  parts: BookingParts,
  personal: FormValues,
  timeZone: string,
): Omit<CreateAppointmentRequestInput, 'idempotencyKey' | 'paymentMethod'> {
  const email = text(personal.email);
  const phone = text(personal.phone);
  const optIn = personal.marketingOptIn === true;
  return {
    marketplaceId: parts.marketplaceId,
    ...parts.place,
    procedures: requestProcedures(parts.cart),
    dateRanges: dateRangesFor(parts.dateTime, parts.waitlist),
    gratuity: parts.gratuityCents > 0 ? parts.gratuityCents : null,
    notes: text(personal.notes) || null,
    checkoutNotes: parts.checkoutNotes,
    promoCode: parts.promoCode,
    marketingConsents: marketingConsents(optIn, email, phone),
    registerUser: parts.signedIn
      ? null
      : {
          email,
          profile: {
            givenName: text(personal.givenName),
            familyName: text(personal.familyName),
            phone,
            dob: text(personal.dob),
            tzid: timeZone,
            phoneOptIn: optIn,
            emailOptIn: optIn,
          },
        },
  };
}

/** A new card as the booking's payment method, held by the client named in the personal form. */
export function cardPaymentMethod(
  personal: FormValues,
  card: TokenizedCard,
): NonNullable<CreateAppointmentRequestInput['paymentMethod']> {
  return {
    card: {
      token: card.token,
      identity: {
        firstName: text(personal.givenName),
        lastName: text(personal.familyName),
        email: text(personal.email),
        phone: text(personal.phone),
        postalCode: card.postalCode,
      },
    },
  };
}
