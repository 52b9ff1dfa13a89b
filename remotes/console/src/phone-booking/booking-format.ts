// How a booking for a client reads in the console: its date and time, place and payment.
import type { StaffClientSummary } from '@atrium/graphql-client/staff-clients';
import type { StaffClientCard } from '@atrium/graphql-client/staff-phone-booking';
import { cardBrandName } from '@atrium/payment-forms';
import { format, parse } from 'date-fns';
import { clientName } from '../requests/request-format';
import type { BookingPlaceChoice, PaymentChoice } from './booking-draft';

/** 'HH:mm' as the console shows a time: '2:30 PM'. */
export const timeLabel = (time: string) => format(parse(time, 'HH:mm', new Date(2000, 0, 1)), 'h:mm a');

/** 'yyyy-MM-dd' as a day: 'Tue, Jan 8, 2030'. */
export const dateLabel = (date: string) =>
  format(parse(date, 'yyyy-MM-dd', new Date(2000, 0, 1)), 'EEE, MMM d, yyyy');

/** A card on file by its brand and last four digits only: 'Visa ending in 4242'. */
export const cardLabel = (card: Pick<StaffClientCard, 'brand' | 'lastFour'>) =>
  `${cardBrandName(card.brand)} ending in ${card.lastFour}`;

export function placeLabel(place: BookingPlaceChoice): string {
  return place.kind === 'clinic'
    ? `${place.clinic.name}, ${place.clinic.address}`
    : `At the client's address: ${place.address}`;
}

export function paymentLabel(payment: PaymentChoice): string {
  if (payment.kind === 'saved-card') return `Card on file: ${payment.label}`;
  return payment.kind === 'new-card' ? 'A new card' : 'Collect on site (nothing charged online)';
}

/** The chosen client as the desk names them: their name and email. */
export const chosenClientLabel = (client: StaffClientSummary) => `${clientName(client)} (${client.email})`;
