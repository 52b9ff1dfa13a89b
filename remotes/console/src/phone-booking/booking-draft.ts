// What the front desk has chosen so far for a booking for a client, step by step, and what each step
// still needs before the next one. Held by the page, so going back and forth loses nothing typed.
import { PHONE_BOOKING_MESSAGES } from '@atrium/domain';
import type { MarketplaceClinic } from '@atrium/graphql-client';
import type { StaffClientSummary } from '@atrium/graphql-client/staff-clients';
import { format } from 'date-fns';

export type ClientMode = 'existing' | 'new';

/** A clinic of the marketplace, or the client's own address (an at-home visit). */
export type BookingPlaceChoice =
  | { kind: 'clinic'; clinic: MarketplaceClinic }
  | { kind: 'home'; address: string; latitude: number; longitude: number };

export type PaymentChoice =
  | { kind: 'saved-card'; cardId: string; label: string }
  | { kind: 'new-card' }
  | { kind: 'on-site' };

export interface BookingDraft {
  clientMode: ClientMode;
  /** The client found by the search (clientMode 'existing'). */
  client: StaffClientSummary | null;
  placeKind: 'clinic' | 'home';
  place: BookingPlaceChoice | null;
  /** Services, then each one's add-ons, by id. */
  services: string[];
  addOns: string[];
  /** yyyy-MM-dd at the place. */
  date: string;
  /** HH:mm, one of the free times of `date`. */
  time: string | null;
  payment: PaymentChoice | null;
  confirmNow: boolean;
  notes: string;
}

export const emptyDraft = (today = new Date()): BookingDraft => ({
  clientMode: 'existing',
  client: null,
  placeKind: 'clinic',
  place: null,
  services: [],
  addOns: [],
  date: format(today, 'yyyy-MM-dd'),
  time: null,
  payment: null,
  confirmNow: false,
  notes: '',
});

export const STEPS = ['Client', 'Place and services', 'Date and time', 'Payment and summary'] as const;
export type StepIndex = 0 | 1 | 2 | 3;

/** What keeps the front desk on the place and services step or the time step, or null. */
export function stepProblem(step: StepIndex, draft: BookingDraft): string | null {
  if (step === 1) {
    if (!draft.place || draft.place.kind !== draft.placeKind) return PHONE_BOOKING_MESSAGES.place;
    return draft.services.length === 0 ? PHONE_BOOKING_MESSAGES.services : null;
  }
  return step === 2 && !draft.time ? PHONE_BOOKING_MESSAGES.time : null;
}

/** Every procedure of the booking: the services, then the add-ons of those services. */
export const procedureIds = (draft: Pick<BookingDraft, 'services' | 'addOns'>) => [
  ...draft.services,
  ...draft.addOns,
];

/** The place as the API's inputs take it. */
export function placeInput(place: BookingPlaceChoice) {
  return place.kind === 'clinic'
    ? { organizationId: place.clinic.id }
    : { address: { address: place.address, latitude: place.latitude, longitude: place.longitude } };
}

/** Where the catalogue and the free times are asked for: the clinic, or the client's map point. */
export function offeredAt(place: BookingPlaceChoice) {
  return place.kind === 'clinic'
    ? { organizationId: place.clinic.id }
    : { location: { latitude: place.latitude, longitude: place.longitude } };
}
