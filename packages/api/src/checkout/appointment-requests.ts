// createAppointmentRequest: a cart and a time, or a waitlist, become a PENDING appointment holding a
// practitioner's time, or a waitlist request. Everything is checked and the card verified before
// anything is written; then one transaction writes it all, the client's 'request received' messages
// included, and the database's exclusion constraint has the last word on the practitioner's time.
// The steps live in ./booking, one file each; the transaction (commitBooking) is shared with the
// booking the staff make for a client (./booking/staff-booking.ts).

import type { RequestSession } from '../identity';
import type { Db } from '../kernel/database/database';
import { fingerprint, withIdempotencyKey } from '../kernel/idempotency';
import { loadMarketplace, type MarketplaceRow } from '../kernel/marketplaces';
import { recapBasis } from './booking/answer';
import type { AppointmentRequestInput, AppointmentRequestView } from './booking/booking-request';
import { idempotencyCaller, identifyClient } from './booking/client';
import { commitBooking } from './booking/commit-booking';
import { assertTakingBookings } from './booking/marketplace-live';
import { checkPaymentMethod } from './booking/payment-method';
import { checkCartAtPlace, checkRequestedTime } from './booking/place-and-time';
import { priceBooking } from './booking/price';
import { loadCart } from './cart-pricing';
import { checkNoteAnswers } from './checkout-notes';
import type { CheckoutPorts } from './ports';

/**
 * Creates the appointment request, once per idempotency key of the caller (a repeat of the same
 * request gets the first answer; another request with the key is refused). A signed-in client of the
 * marketplace's group books as themselves; otherwise registerUser registers the guest (or, when the
 * email is already a client's, books for that client without changing them or signing anyone in).
 */
export async function createAppointmentRequest(
  ports: CheckoutPorts,
  session: RequestSession,
  input: AppointmentRequestInput,
): Promise<AppointmentRequestView> {
  const marketplace = await loadMarketplace(ports.db, input.marketplaceId);
  assertTakingBookings(marketplace);
  const { idempotencyKey: key, ...request } = input;
  return withIdempotencyKey<AppointmentRequestView>(
    ports.db,
    ports.clock,
    {
      marketplaceId: marketplace.id,
      caller: await idempotencyCaller(session, marketplace.mgId, input.registerUser),
      key,
      requestHash: fingerprint(request),
    },
    (complete) => book(ports, session, input, marketplace, complete),
  );
}

type Complete = (tx: Db, result: AppointmentRequestView) => Promise<void>;

async function book(
  ports: CheckoutPorts,
  session: RequestSession,
  input: AppointmentRequestInput,
  marketplace: MarketplaceRow,
  complete: Complete,
): Promise<AppointmentRequestView> {
  const { db } = ports;
  const now = ports.clock();
  // The reads do not depend on one another, so they are sent together (one wait, not four); a
  // request with several faults still hears of the first one in the order of the checks below.
  const reads = await Promise.allSettled([
    identifyClient(db, session, marketplace.mgId, input.registerUser),
    checkCartAtPlace(ports, marketplace.id, input),
    loadCart(db, marketplace.id, input.procedureIds),
    checkNoteAnswers(db, marketplace.id, input.checkoutNotes),
  ]);
  const client = readValue(reads[0]);
  const place = readValue(reads[1]);
  const time = checkRequestedTime(place, input.when, now);
  const price = await priceBooking(db, {
    marketplace,
    client,
    request: input,
    cart: readValue(reads[2]),
    now,
  });
  const answers = readValue(reads[3]);
  const paymentMethod = await checkPaymentMethod(ports, client, input.payment, price.due);
  const { timeZone } = place;
  const waitlist = time.kind === 'waitlist' ? time.ranges : [];
  const { clinic } = place.schedules;
  const recap = recapBasis({ marketplace, place: input.place, clinic, timeZone, waitlist, price });
  return commitBooking(
    ports,
    { marketplace, client, request: input, time, price, answers, paymentMethod, timeZone, recap, now },
    complete,
  );
}

/** A read's value, or its failure thrown. */
function readValue<T>(read: PromiseSettledResult<T>): T {
  if (read.status === 'rejected') throw read.reason;
  return read.value;
}
