// A booking the marketplace's staff make for a client (a phone-in client): the same checks, held
// time, request, client's mails, staff notice and idempotency as a client's own booking (one
// transaction, commitBooking), for a client the staff chose among the marketplace's clients or a new
// one registered as a guest is at checkout. Paid with the client's card on file, a new card whose
// holder is the client, or on site: then nothing is due online, whatever the payment settings say.

import type { UserRow } from '../../identity';
import { findUserById } from '../../identity';
import type { Db } from '../../kernel/database/database';
import { NotFoundError } from '../../kernel/errors';
import { fingerprint, withIdempotencyKey } from '../../kernel/idempotency';
import { loadMarketplace, type MarketplaceRow } from '../../kernel/marketplaces';
import type { CardIdentity } from '../../payments';
import { loadCart, toStoredSummary } from '../cart-pricing';
import { type CheckoutNoteAnswer, checkNoteAnswers } from '../checkout-notes';
import type { CheckoutPorts } from '../ports';
import type { StoredPriceSummary } from '../tables';
import { recapBasis } from './answer';
import type { AppointmentRequestView, BookingPayment, BookingPlace } from './booking-request';
import { type BookingClient, identifyGuest } from './client';
import { type CheckedBooking, commitBooking } from './commit-booking';
import { assertTakingBookings } from './marketplace-live';
import { checkPaymentMethod } from './payment-method';
import { checkCartAtPlace, checkRequestedTime } from './place-and-time';
import { type BookingPrice, priceBooking } from './price';

/** A client of the marketplace's group by their user id, or a new client's details. */
export type OnBehalfClient =
  | { userId: number }
  | { newClient: { givenName: string; familyName: string; email: string; phone: string } };

/** A card on file, a new card (its token and billing ZIP; the holder is the client), or on site. */
export type OnBehalfPayment =
  | { paymentInstrumentId: number }
  | { card: { token: string; postalCode: string | null } }
  | { onSite: true };

export interface OnBehalfBookingInput {
  marketplaceId: number;
  idempotencyKey: string;
  /** The staff member's user: their keys are their own, apart from every client's. */
  bookedByUserId: number;
  client: OnBehalfClient;
  place: BookingPlace;
  /** Procedures and add-ons, each once. */
  procedureIds: number[];
  /** A local date and HH:mm time at the place. */
  slot: { date: string; time: string };
  payment: OnBehalfPayment;
  notes: string | null;
  checkoutNotes: CheckoutNoteAnswer[];
}

/** The request as a client's own booking answers it, and who it is for. */
export interface OnBehalfBookingView extends AppointmentRequestView {
  client: { id: string; name: string; email: string };
}

/**
 * Books for a client, once per idempotency key of the staff member (a repeat of the same booking
 * gets the first answer). `onBooked` runs inside the booking's transaction, so what it records (the
 * activity log's row) exists exactly when the booking does.
 */
export async function bookOnBehalf(
  ports: CheckoutPorts,
  input: OnBehalfBookingInput,
  onBooked: (tx: Db, booked: OnBehalfBookingView) => Promise<void>,
): Promise<OnBehalfBookingView> {
  const marketplace = await loadMarketplace(ports.db, input.marketplaceId);
  assertTakingBookings(marketplace);
  const { idempotencyKey: key, ...request } = input;
  return withIdempotencyKey<OnBehalfBookingView>(
    ports.db,
    ports.clock,
    {
      marketplaceId: marketplace.id,
      caller: `staff:${input.bookedByUserId}`,
      key,
      requestHash: fingerprint(request),
    },
    async (complete) => {
      const checked = await checkBooking(ports, input, marketplace);
      // The answer is made inside the transaction, once the client is registered.
      const answered: { view?: OnBehalfBookingView } = {};
      await commitBooking(ports, checked, async (tx, result, user) => {
        answered.view = { ...result, client: clientView(user) };
        await onBooked(tx, answered.view);
        await complete(tx, answered.view);
      });
      if (!answered.view) throw new Error('The booking was not answered.');
      return answered.view;
    },
  );
}

/** Everything checked, and the new card verified with the processor, before anything is written. */
async function checkBooking(
  ports: CheckoutPorts,
  input: OnBehalfBookingInput,
  marketplace: MarketplaceRow,
): Promise<CheckedBooking> {
  const { db } = ports;
  const now = ports.clock();
  const when = { kind: 'time' as const, ...input.slot };
  const place = await checkCartAtPlace(ports, marketplace.id, { ...input, when });
  const time = checkRequestedTime(place, when, now);
  const client = await identifyOnBehalf(db, marketplace.mgId, input.client, place.timeZone);
  const onSite = 'onSite' in input.payment;
  const price = await priceOnBehalf(db, { marketplace, client, input: { ...input, onSite }, now });
  const answers = await checkNoteAnswers(db, marketplace.id, input.checkoutNotes);
  const payment = bookingPayment(input.payment, client);
  const paymentMethod = await checkPaymentMethod(ports, client, payment, price.due);
  const { timeZone } = place;
  const { clinic } = place.schedules;
  const recap = recapBasis({ marketplace, place: input.place, clinic, timeZone, waitlist: [], price });
  const request = { place: input.place, notes: input.notes, marketingConsents: [] };
  return { marketplace, client, request, time, price, answers, paymentMethod, timeZone, recap, now };
}

/** The client the staff chose (NOT_FOUND unless a user of the group), or a new one as a guest. */
async function identifyOnBehalf(
  db: Db,
  mgId: number,
  client: OnBehalfClient,
  timeZone: string,
): Promise<BookingClient> {
  if ('userId' in client) {
    const user = await findUserById(db, client.userId);
    if (!user || user.mgId !== mgId) throw new NotFoundError(`Client ${client.userId} was not found.`);
    return { kind: 'on-behalf', user };
  }
  const { email, ...names } = client.newClient;
  // No birth date is asked on the phone, and consent to texts or marketing is the client's own to give.
  const profile = { ...names, dob: null, tzid: timeZone, emailOptIn: false, phoneOptIn: false };
  return identifyGuest(db, mgId, { email, profile });
}

/** The client's price: nothing due online when they pay on site. */
async function priceOnBehalf(
  db: Db,
  booking: {
    marketplace: MarketplaceRow;
    client: BookingClient | null;
    input: Pick<OnBehalfBookingInput, 'place' | 'procedureIds'> & { onSite: boolean };
    now: Date;
  },
): Promise<BookingPrice> {
  const { marketplace, client, input, now } = booking;
  const request = {
    place: input.place,
    procedureIds: input.procedureIds,
    membershipDefinitionId: null,
    promoCode: null,
    gratuityCents: 0,
  };
  const cart = await loadCart(db, marketplace.id, input.procedureIds);
  const price = await priceBooking(db, { marketplace, client, request, cart, now });
  return input.onSite ? { ...price, due: 0 } : price;
}

/** The payment as checkout takes it; a new card's holder is the client (never what the desk typed). */
function bookingPayment(payment: OnBehalfPayment, client: BookingClient): BookingPayment {
  if ('onSite' in payment) return null;
  if ('paymentInstrumentId' in payment) return payment;
  return { card: { token: payment.card.token, identity: cardHolder(client, payment.card.postalCode) } };
}

function cardHolder(client: BookingClient, postalCode: string | null): CardIdentity {
  if (client.kind === 'new') {
    const { email, profile } = client.register;
    return {
      firstName: profile.givenName,
      lastName: profile.familyName,
      email,
      phone: profile.phone,
      postalCode,
    };
  }
  const { user } = client;
  return {
    firstName: user.givenName ?? '',
    lastName: user.familyName ?? '',
    email: user.email,
    phone: user.phone ?? null,
    postalCode,
  };
}

function clientView(user: UserRow): OnBehalfBookingView['client'] {
  const name = [user.givenName, user.familyName].filter(Boolean).join(' ');
  return { id: String(user.id), name: name || user.email, email: user.email };
}

/** What a booking for a client would cost and what confirming it would charge. */
export interface OnBehalfQuote {
  summary: StoredPriceSummary;
  /** Cents charged on confirmation: 0 when paid on site. */
  dueOnConfirmation: number;
}

/**
 * The price of a booking for a client, as bookOnBehalf will price it: a chosen client's own
 * benefits apply; a new client (no userId) gets none. NOT_FOUND for a user of another group.
 */
export async function quoteOnBehalf(
  ports: Pick<CheckoutPorts, 'db' | 'clock'>,
  input: Pick<OnBehalfBookingInput, 'marketplaceId' | 'place' | 'procedureIds'> & {
    clientUserId: number | null;
    onSite: boolean;
  },
): Promise<OnBehalfQuote> {
  const { db } = ports;
  const marketplace = await loadMarketplace(db, input.marketplaceId);
  // The zone is a new client's registration detail only: a quote registers nobody.
  const client =
    input.clientUserId === null
      ? null
      : await identifyOnBehalf(db, marketplace.mgId, { userId: input.clientUserId }, 'UTC');
  const price = await priceOnBehalf(db, { marketplace, client, input, now: ports.clock() });
  return { summary: toStoredSummary(price.summary), dueOnConfirmation: price.due };
}
