// A booking the front desk makes for a client (a phone-in client): the new client's details, judged
// by checkout's own rules and words, and what the console and the API say about the other choices.
import * as z from 'zod/mini';
import { checkoutPersonalFields } from '../forms/form-rules';

/** A new client the front desk registers: checkout's rules for these fields (no birth date asked). */
export const phoneBookingClientForm = (now?: Date) => {
  const { givenName, familyName, email, phone } = checkoutPersonalFields(now);
  return z.object({ givenName, familyName, email, phone });
};
/** A valid new client as sent: trimmed, phone E.164. */
export type PhoneBookingClient = z.output<ReturnType<typeof phoneBookingClientForm>>;

/** How the client pays: a card on file, a new card, or at the visit (nothing charged online). */
export type PhoneBookingPayment = 'saved-card' | 'new-card' | 'on-site';

export const PHONE_BOOKING_MESSAGES = {
  client: 'Choose a client, or add a new one.',
  clientBoth: 'Choose an existing client or a new one, not both.',
  place: "Choose a clinic, or enter the client's address.",
  services: 'Choose at least one service.',
  time: 'Choose one of the free times.',
  payment: 'Choose how the client pays.',
  paymentBoth: 'Choose one way to pay: a card on file, a new card, or on site.',
  savedCard: 'Choose one of the cards on file.',
} as const;
