// How a booking is paid: a saved card of the signed-in client, or a new card verified with the
// processor before anything is written (where the bank may ask for 3-D Secure), recorded with the booking.
import { and, eq, isNull } from 'drizzle-orm';
import type { UserRow } from '../../identity';
import type { Db } from '../../kernel/database/database';
import { InvalidInputError } from '../../kernel/errors';
import type { PaymentProcessorName, Payments, SavedCard } from '../../payments';
import { paymentInstruments, saveInstrument, verifyNewCard } from '../../payments';
import { type BookingPayment, bookingMessages } from './booking-request';
import { type BookingClient, isKnownClient, knownUserId } from './client';

export type PaymentMethod =
  | { kind: 'saved'; paymentInstrumentId: number }
  | { kind: 'new-card'; card: SavedCard }
  | { kind: 'none' };

/**
 * The request's payment method, checked: a saved card must be the client's own (signed in, or booked
 * for by the staff), with the processor in use; a new card is saved with the processor now (declined,
 * or needing authentication, refuses the booking); none is refused when something is due on
 * confirmation.
 */
export async function checkPaymentMethod(
  ports: { db: Db; payments: Payments },
  client: BookingClient,
  payment: BookingPayment,
  due: number,
): Promise<PaymentMethod> {
  if (payment && 'paymentInstrumentId' in payment) {
    if (!isKnownClient(client)) throw new InvalidInputError(bookingMessages.notYourCard);
    const { db, payments } = ports;
    const id = await ownInstrument(db, client.user.id, payment.paymentInstrumentId, payments.processor.name);
    return { kind: 'saved', paymentInstrumentId: id };
  }
  if (payment) {
    return {
      kind: 'new-card',
      card: await verifyNewCard(ports.db, ports.payments, knownUserId(client), payment.card),
    };
  }
  if (due > 0) throw new InvalidInputError(bookingMessages.paymentMethodRequired);
  return { kind: 'none' };
}

/**
 * The payment instrument the request is paid with, storing a new card for the client (run it in the
 * booking's transaction). A card entered as a guest for someone else's existing account is kept for
 * this request only, out of their wallet.
 */
export async function recordPaymentMethod(
  tx: Db,
  processor: PaymentProcessorName,
  booking: { client: BookingClient; user: UserRow; method: PaymentMethod; now: Date },
): Promise<number | null> {
  const { client, user, method, now } = booking;
  if (method.kind === 'saved') return method.paymentInstrumentId;
  if (method.kind === 'none') return null;
  const listedInWallet = client.kind !== 'existing';
  return (await saveInstrument(tx, user.id, processor, method.card, listedInWallet, now)).id;
}

async function ownInstrument(
  db: Db,
  userId: number,
  instrumentId: number,
  processor: string,
): Promise<number> {
  const [row] = await db
    .select({ id: paymentInstruments.id, processor: paymentInstruments.processor })
    .from(paymentInstruments)
    .where(
      and(
        eq(paymentInstruments.id, instrumentId),
        eq(paymentInstruments.userId, userId),
        isNull(paymentInstruments.deletedAt),
      ),
    );
  if (!row || row.processor !== processor) throw new InvalidInputError(bookingMessages.notYourCard);
  return row.id;
}
