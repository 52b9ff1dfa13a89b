// The page a client reaches from the "please authenticate your payment" mail (operator-actions.ts):
// the charge a marketplace's confirmation left waiting for the client's bank. The link's token finds
// the attempt; the processor, never the browser, says whether the payment went through, and only then
// is the appointment booked.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { InvalidInputError, NotFoundError } from '../kernel/errors';
import { marketplaces } from '../kernel/tables';
import { appointments } from '../scheduling';
import { bookCharged, hashToken, type OperatorDependencies } from './operator-actions';
import { appointmentPayments } from './tables';

export interface PaymentAuthenticationView {
  status: 'REQUIRES_ACTION' | 'SUCCEEDED' | 'FAILED';
  amount: number;
  marketplaceName: string;
  clientSecret: string | null;
  failureReason: string | null;
}

export const paymentAuthenticationMessages = {
  unknownLink: 'This payment link is not valid. Please use the link in your latest email.',
  refunded: 'The appointment was cancelled meanwhile; the payment was refunded.',
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
  const [settled] = await deps.db
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
    .select({ payment: appointmentPayments, marketplaceName: marketplaces.name })
    .from(appointmentPayments)
    .innerJoin(appointments, eq(appointments.id, appointmentPayments.appointmentId))
    .innerJoin(marketplaces, eq(marketplaces.id, appointments.marketplaceId))
    .where(eq(appointmentPayments.authenticationTokenHash, hashToken(token)));
  if (!row) throw notFound;
  return row;
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
  };
}
