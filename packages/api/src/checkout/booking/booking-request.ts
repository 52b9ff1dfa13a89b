// What a client asks for when they book, what they are answered, and the messages that refuse it.
import type { Coordinates } from '../../catalogue';
import type { CardIdentity } from '../../payments';
import type { CheckoutNoteAnswer } from '../checkout-notes';

export type BookingPlace = { organizationId: number } | { address: string; location: Coordinates };

/** A single local time, or waitlist ranges (local dates and HH:mm times of day at the place). */
export type BookingTime =
  | { kind: 'time'; date: string; time: string }
  | { kind: 'waitlist'; ranges: { date: string; start: string; end: string }[] };

export type BookingPayment =
  | { paymentInstrumentId: number }
  | { card: { token: string; identity: CardIdentity } }
  | null;

export interface RegisterUserRequest {
  email: string;
  profile: {
    givenName: string;
    familyName: string;
    /** E.164 */
    phone: string;
    /** yyyy-MM-dd; null for a client the front desk registered by phone (not asked). */
    dob: string | null;
    tzid: string;
    emailOptIn: boolean;
    phoneOptIn: boolean;
  };
}

export interface MarketingConsentRequest {
  channel: 'SMS' | 'EMAIL';
  consent: boolean;
  source: string;
  phone: string | null;
  email: string | null;
}

export interface AppointmentRequestInput {
  marketplaceId: number;
  idempotencyKey: string;
  place: BookingPlace;
  /** Procedures and add-ons, each once. */
  procedureIds: number[];
  membershipDefinitionId: number | null;
  payment: BookingPayment;
  when: BookingTime;
  gratuityCents: number;
  notes: string | null;
  checkoutNotes: CheckoutNoteAnswer[];
  promoCode: string | null;
  marketingConsents: MarketingConsentRequest[];
  registerUser: RegisterUserRequest | null;
}

export interface AppointmentRequestView {
  /** The appointment's id for a PENDING request, the waitlist request's for a WAITLISTED one. */
  id: string;
  status: 'PENDING' | 'WAITLISTED';
  practitioner: { id: string; name: string } | null;
  dueOnConfirmation: number;
  /** Absent only from answers stored under an idempotency key before recaps were recorded. */
  recap?: AppointmentRequestRecap;
}

/** What was requested, as the client is shown it once sent (the /success recap). */
export interface AppointmentRequestRecap {
  marketplaceName: string;
  procedures: { id: string; name: string; isAddOn: boolean; duration: number[] }[];
  clinicName: string | null;
  /** The clinic's address, or the client's own. */
  address: string;
  timeZone: string;
  /** ISO instants of the held time; null for a waitlist request. */
  start: string | null;
  end: string | null;
  waitlistWindows: { start: string; end: string }[];
  /** Cents. */
  total: number;
}

export const bookingMessages = {
  whoIsBooking: 'Please sign in or enter your contact details to book.',
  outsideServiceArea: 'This address is outside the area this marketplace serves.',
  paymentMethodRequired: 'Please select a payment method before proceeding.',
  notYourCard: 'This payment method is not available. Please choose another card.',
  waitlistInPast: 'Waitlist times must be in the future.',
  waitlistTooFar: 'Waitlist dates must be within the booking window.',
  creditsChanged: 'Your package credits have changed. Please review your order and try again.',
} as const;

/** The place as the columns of an appointment and of its request: a clinic, or the client's address. */
export function placeColumns(place: BookingPlace) {
  return 'organizationId' in place
    ? { organizationId: place.organizationId, address: null, latitude: null, longitude: null }
    : {
        organizationId: null,
        address: place.address,
        latitude: place.location.latitude,
        longitude: place.location.longitude,
      };
}
