// The page a client reaches from the "please authenticate your payment" mail (operator-actions.ts):
// the charge a marketplace's confirmation left waiting for the client's bank. The link's token finds
// the attempt; the processor, never the browser, says whether the payment went through, and only then
// is the appointment booked.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { users } from '../identity';
import { InvalidInputError, NotFoundError } from '../kernel/errors';
import { marketplaces } from '../kernel/tables';
import {
  type CardIdentity,
  type Payments,
  queuePaymentReceipt,
  saveInstrument,
  verifyNewCard,
} from '../payments';
import { appointments } from '../scheduling';
import { bookCharged, hashToken, type OperatorDependencies } from './operator-actions';
import { appointmentPayments, appointmentRequests } from './tables';

export interface PaymentAuthenticationView {
  status: 'REQUIRES_ACTION' | 'SUCCEEDED' | 'FAILED';
  amount: number;
  marketplaceName: string;
  clientSecret: string | null;
  failureReason: string | null;
  /** FAILED, the appointment still pending and the card still the refused one: another card may be added. */
  canReplaceCard: boolean;
  /** FAILED, and another card was added since: the marketplace confirms again with it. */
  cardReplaced: boolean;
}

export const paymentAuthenticationMessages = {
  unknownLink: 'This payment link is not valid. Please use the link in your latest email.',
  refunded: 'The appointment was cancelled meanwhile; the payment was refunded.',
  cannotReplace: 'This payment can no longer be changed. Please contact the marketplace.',
} as const;

// Tokens are 32 random bytes in base64url; anything else names nothing.
const tokenFormat = /^[A-Za-z0-9_-]{43}$/;

/** Where the payment of a link stands; for one still waiting, the client secret of its challenge. */
export async function getPaymentAuthentication(
  deps: OperatorDependencies,
  token: string,
): Promise<PaymentAuthenticationView> {
  const attempt = await findAttempt(deps, token);
  if (attempt.payment.status !== 'requires_action') return view(attempt, null);
  const state = await deps.payments.processor.paymentAuthentication(attempt.payment.processorReference ?? '');
  if (state.status === 'requires_action') return view(attempt, state.clientSecret);
  // Answered already (the client came back to the page): settle it as completion does.
  return completePaymentAuthentication(deps, token);
}

/**
 * After the challenge: asks the processor how the payment stands. Succeeded settles the attempt and
 * books the appointment (refunding it if it was cancelled meanwhile); failed records why and leaves
 * the appointment PENDING for the marketplace to confirm again (with a new attempt).
 */
export async function completePaymentAuthentication(
  deps: OperatorDependencies,
  token: string,
): Promise<PaymentAuthenticationView> {
  const attempt = await findAttempt(deps, token);
  const { payment } = attempt;
  if (payment.status !== 'requires_action') return view(attempt, null);
  const state = await deps.payments.processor.paymentAuthentication(payment.processorReference ?? '');
  if (state.status === 'requires_action') return view(attempt, state.clientSecret);
  await settleAppointmentPayment(deps, payment, ['requires_action'], state);
  return view(await findAttempt(deps, token), null);
}

/**
 * Settles a confirmation's charge attempt from the processor's answer, if it is still in one of
 * `open` (pending, or waiting for the client; failed too for a success learned later): succeeded books the appointment (refunding it if it was
 * cancelled meanwhile), failed records why and leaves the appointment PENDING for the marketplace to
 * confirm again. Used after the client's challenge and by the processor's webhooks; only the call that
 * moves the row books, so the two never book or mail twice.
 */
export async function settleAppointmentPayment(
  deps: OperatorDependencies,
  payment: { id: number; appointmentId: number; amountCents: number },
  open: ('pending' | 'requires_action' | 'failed')[],
  state: { status: 'succeeded'; reference: string } | { status: 'failed'; reason: string },
): Promise<void> {
  const settled = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(appointmentPayments)
      .set(
        state.status === 'succeeded'
          ? {
              status: 'succeeded',
              processorReference: state.reference,
              failureReason: null,
              updatedAt: sql`now()`,
            }
          : { status: 'failed', failureReason: state.reason, updatedAt: sql`now()` },
      )
      .where(and(eq(appointmentPayments.id, payment.id), inArray(appointmentPayments.status, open)))
      .returning({ id: appointmentPayments.id });
    if (row && state.status === 'succeeded') await queuePaymentReceipt(tx, 'appointment_payment', row.id);
    return row;
  });
  if (!settled || state.status !== 'succeeded') return;
  try {
    await bookCharged(deps, payment.appointmentId, {
      amount: payment.amountCents,
      reference: state.reference,
    });
  } catch (error) {
    // Cancelled meanwhile: bookCharged gave the money back (the attempt reads refunded).
    if (!(error instanceof InvalidInputError)) throw error;
  }
}

async function findAttempt({ db }: OperatorDependencies, token: string) {
  const notFound = new NotFoundError(paymentAuthenticationMessages.unknownLink);
  if (!tokenFormat.test(token)) throw notFound;
  const [row] = await db
    .select({
      payment: appointmentPayments,
      marketplaceName: marketplaces.name,
      appointmentStatus: appointments.status,
      clientUserId: appointmentRequests.clientUserId,
      currentCardId: appointmentRequests.paymentInstrumentId,
    })
    .from(appointmentPayments)
    .innerJoin(appointments, eq(appointments.id, appointmentPayments.appointmentId))
    .innerJoin(marketplaces, eq(marketplaces.id, appointments.marketplaceId))
    .innerJoin(appointmentRequests, eq(appointmentRequests.appointmentId, appointments.id))
    .where(eq(appointmentPayments.authenticationTokenHash, hashToken(token)));
  if (!row) throw notFound;
  return row;
}

/**
 * The client's other card for a refused charge (from the payment page of the mailed link), held by
 * the request's client (their name, email and phone; the page need not know them): verified with
 * the processor like a new card at checkout (its bank may ask for 3-D Secure first), kept for
 * this request only (whoever holds the link may not be the account's owner), and made the request's
 * card if it is still the refused one. The marketplace then confirms again, charging it.
 */
export async function replacePaymentCard(
  deps: OperatorDependencies & { payments: Payments },
  token: string,
  card: { token: string; postalCode: string | null },
): Promise<PaymentAuthenticationView> {
  const attempt = await findAttempt(deps, token);
  if (!replaceable(attempt)) throw new InvalidInputError(paymentAuthenticationMessages.cannotReplace);
  const [client] = await deps.db.select().from(users).where(eq(users.id, attempt.clientUserId));
  const identity: CardIdentity = {
    firstName: client?.givenName ?? '',
    lastName: client?.familyName ?? '',
    email: client?.email ?? '',
    phone: client?.phone ?? null,
    postalCode: card.postalCode,
  };
  const saved = await verifyNewCard(deps.db, deps.payments, attempt.clientUserId, {
    token: card.token,
    identity,
  });
  const replaced = await deps.db.transaction(async (tx) => {
    const instrument = await saveInstrument(
      tx,
      attempt.clientUserId,
      deps.payments.processor.name,
      saved,
      false,
      deps.clock(),
    );
    return tx
      .update(appointmentRequests)
      .set({ paymentInstrumentId: instrument.id })
      .where(
        and(
          eq(appointmentRequests.appointmentId, attempt.payment.appointmentId),
          attempt.currentCardId === null
            ? isNull(appointmentRequests.paymentInstrumentId)
            : eq(appointmentRequests.paymentInstrumentId, attempt.currentCardId),
        ),
      )
      .returning({ id: appointmentRequests.id });
  });
  if (replaced.length === 0) throw new InvalidInputError(paymentAuthenticationMessages.cannotReplace);
  return view(await findAttempt(deps, token), null);
}

/** A refused charge of a pending appointment whose card is still the one refused. */
function replaceable(attempt: Awaited<ReturnType<typeof findAttempt>>): boolean {
  const { payment } = attempt;
  return (
    payment.status === 'failed' &&
    attempt.appointmentStatus === 'PENDING' &&
    attempt.currentCardId === payment.paymentInstrumentId
  );
}

function view(
  attempt: Awaited<ReturnType<typeof findAttempt>>,
  clientSecret: string | null,
): PaymentAuthenticationView {
  const { payment } = attempt;
  const status =
    payment.status === 'requires_action'
      ? 'REQUIRES_ACTION'
      : payment.status === 'succeeded'
        ? 'SUCCEEDED'
        : 'FAILED';
  return {
    status,
    amount: payment.amountCents,
    marketplaceName: attempt.marketplaceName,
    clientSecret,
    failureReason:
      payment.status === 'refunded'
        ? paymentAuthenticationMessages.refunded
        : status === 'FAILED'
          ? payment.failureReason
          : null,
    canReplaceCard: replaceable(attempt),
    cardReplaced: payment.status === 'failed' && attempt.currentCardId !== payment.paymentInstrumentId,
  };
}
