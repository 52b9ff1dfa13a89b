// The booking's one transaction, shared by a client's own booking and one the staff make for a
// client: everything was checked before it; here the client is registered, the card kept, the promo
// code and points used, the time held, the request written and the client told, all or nothing.
import type { UserRow } from '../../identity';
import type { Db } from '../../kernel/database/database';
import type { MarketplaceRow } from '../../kernel/marketplaces';
import type { CheckedAnswer } from '../checkout-notes';
import type { CheckoutPorts } from '../ports';
import { announceRequest } from './announce-request';
import { type RecapBasis, requestAnswer } from './answer';
import type { AppointmentRequestInput, AppointmentRequestView } from './booking-request';
import { type BookingClient, registerClient } from './client';
import { holdTime } from './hold-time';
import { type PaymentMethod, recordPaymentMethod } from './payment-method';
import type { RequestedTime } from './place-and-time';
import type { BookingPrice } from './price';
import { redeemPromoAndCredits } from './redemptions';
import { writeRequest, writeWaitlistRequest } from './write-request';

/** A booking whose every part was checked, ready to write. */
export interface CheckedBooking {
  marketplace: MarketplaceRow;
  client: BookingClient;
  request: Pick<AppointmentRequestInput, 'place' | 'notes' | 'marketingConsents'>;
  time: RequestedTime;
  price: BookingPrice;
  answers: CheckedAnswer[];
  paymentMethod: PaymentMethod;
  timeZone: string;
  recap: RecapBasis;
  now: Date;
}

/**
 * Writes the booking in one transaction and answers it; `complete` runs last inside it (the
 * idempotency key's answer, and whatever else must commit with the booking), told who the client is.
 */
export function commitBooking(
  ports: Pick<CheckoutPorts, 'db' | 'payments' | 'notifications'>,
  booking: CheckedBooking,
  complete: (tx: Db, result: AppointmentRequestView, client: UserRow) => Promise<void>,
): Promise<AppointmentRequestView> {
  const { marketplace, client, request, time, price, now } = booking;
  return ports.db.transaction(async (tx) => {
    const user = await registerClient(tx, marketplace.mgId, client, now);
    const paymentInstrumentId = await recordPaymentMethod(tx, ports.payments.processor.name, {
      client,
      user,
      method: booking.paymentMethod,
      now,
    });
    await redeemPromoAndCredits(tx, price, now, user.id);
    const held =
      time.kind === 'time'
        ? await holdTime(tx, {
            ...time,
            marketplaceId: marketplace.id,
            place: request.place,
            clientUserId: user.id,
            now,
          })
        : null;
    const requestId = await writeRequest(tx, {
      marketplaceId: marketplace.id,
      clientUserId: user.id,
      appointmentId: held?.appointmentId ?? null,
      request,
      timeZone: booking.timeZone,
      price,
      paymentInstrumentId,
      answers: booking.answers,
      now,
    });
    const outcome = held
      ? { held }
      : {
          waitlistRequestId: await writeWaitlistRequest(
            tx,
            requestId,
            time.kind === 'waitlist' ? time.ranges : [],
            now,
          ),
        };
    const result = requestAnswer(outcome, price.due, booking.recap);
    await announceRequest(tx, ports.notifications, { requestId }, held?.appointmentId ?? null);
    await complete(tx, result, user);
    return result;
  });
}
