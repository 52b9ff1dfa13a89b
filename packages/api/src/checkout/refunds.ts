// Money given back from an appointment's payment, in full or in parts (staff's refunds, and the one a
// cancellation gives). Exactly once: the refund is recorded (pending, with a key derived from the
// caller's request key) in a transaction that locks the payment and counts what was given back
// already, then the processor is asked with that key, then the answer is recorded. A retried request
// (same request key) or a crash in between asks again with the same key, which the processor answers
// with the first refund; the charge.refunded webhook settles what is still pending (processor-events).
import {
  isRefundRequestKey,
  REFUND_MESSAGES,
  refundAmountProblem,
  refundRefusedMessage,
} from '@atrium/domain';
import { and, asc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../kernel/database/database';
import { InvalidInputError, NotFoundError } from '../kernel/errors';
import { largestId } from '../kernel/id-input';
import { queuePaymentReceipt } from '../payments';
import { notifyClient } from './appointment-notices/notify';
import type { OperatorDependencies } from './ports';
import { appointmentPayments, appointmentRefunds } from './tables';

export interface RefundRequest {
  amountCents: number;
  /** Made once by the caller per refund it asks for: the same key is the same refund. */
  requestKey: string;
  reason?: string | null;
  /** The staff member's email; null for the operator's back office. */
  actor: string | null;
}

export interface RefundOutcome {
  paymentId: number;
  appointmentId: number;
  /** This refund's amount: for a retry, the first request's (the one the processor was asked for). */
  amountCents: number;
  /** Cents of the payment given back so far, this refund included. */
  refundedCents: number;
  /** What is left of the payment to refund after this one. */
  leftCents: number;
  /** The request key was used before: this answers a retry with the first refund. */
  repeated: boolean;
}

type PaymentRow = typeof appointmentPayments.$inferSelect;
type RefundRow = typeof appointmentRefunds.$inferSelect;

/** Cents of refunds that count against a payment: given back, or asked for and not yet answered. */
const countedStatuses = ['pending', 'succeeded'] as const;

/**
 * Refunds `amountCents` of a payment that went through, telling the client by mail unless
 * `notify` is false (a cancellation tells them in its own mail). Throws InvalidInputError with the
 * field's message for an amount beyond what is left, and with the processor's reason when it refused.
 */
export async function refundPayment(
  deps: OperatorDependencies,
  paymentId: number,
  request: RefundRequest,
  { notify = true }: { notify?: boolean } = {},
): Promise<RefundOutcome> {
  if (!isRefundRequestKey(request.requestKey)) throw new InvalidInputError(REFUND_MESSAGES.requestKey);
  const { payment, refund, repeated } = await openRefund(deps.db, paymentId, request);
  if (refund.status === 'pending') await askProcessor(deps, payment, refund, notify);
  return { ...(await outcome(deps.db, payment)), amountCents: refund.amountCents, repeated };
}

/** The key a refund is recorded and asked for under: the payment's, with the request's own key. */
const refundIdempotencyKey = (paymentId: number, requestKey: string) =>
  `atrium-refund-${paymentId}-${requestKey}`;

/** The refund under the request's key: the one recorded before (a retry), or a new pending one. */
async function openRefund(db: Db, paymentId: number, request: RefundRequest) {
  const notFound = new NotFoundError(`Payment ${paymentId} was not found.`);
  if (!Number.isSafeInteger(paymentId) || paymentId > largestId) throw notFound;
  const idempotencyKey = refundIdempotencyKey(paymentId, request.requestKey);
  return db.transaction(async (tx) => {
    const [payment] = await tx
      .select()
      .from(appointmentPayments)
      .where(eq(appointmentPayments.id, paymentId))
      .for('update');
    if (!payment) throw notFound;
    const [earlier] = await tx
      .select()
      .from(appointmentRefunds)
      .where(eq(appointmentRefunds.idempotencyKey, idempotencyKey));
    if (earlier) {
      if (earlier.status === 'failed')
        throw new InvalidInputError(refundRefusedMessage(earlier.failureReason ?? ''));
      return { payment, refund: earlier, repeated: true };
    }
    if (!payment.processorReference || !['succeeded', 'refunded'].includes(payment.status)) {
      throw new InvalidInputError(REFUND_MESSAGES.notRefundable);
    }
    const left = payment.amountCents - (await refundedCents(tx, payment.id));
    const problem = refundAmountProblem(request.amountCents, left);
    if (problem) throw new InvalidInputError(problem);
    const [refund] = await tx
      .insert(appointmentRefunds)
      .values({
        appointmentPaymentId: payment.id,
        amountCents: request.amountCents,
        idempotencyKey,
        status: 'pending',
        reason: request.reason?.trim() || null,
        actor: request.actor,
      })
      .returning();
    if (!refund) throw new Error('The refund was not recorded.');
    return { payment, refund, repeated: false };
  });
}

/**
 * Asks the processor for a pending refund under its key and records the answer; the client's mail and
 * the refund's receipt are queued in the transaction that records it given back. A refusal is recorded and thrown as the
 * processor's reason; an error (the processor unreachable) leaves it pending for a retry.
 */
async function askProcessor(
  deps: OperatorDependencies,
  payment: PaymentRow,
  refund: RefundRow,
  notify: boolean,
) {
  const answer = await deps.payments.processor.refund({
    chargeReference: payment.processorReference ?? '',
    amountCents: refund.amountCents,
    idempotencyKey: refund.idempotencyKey,
  });
  await deps.db.transaction(async (tx) => {
    // The first answer recorded mails the client; the webhook may have settled it already (it
    // leaves the processor's reference to the answer), a concurrent retry may record it after.
    const unanswered = and(
      eq(appointmentRefunds.id, refund.id),
      or(
        eq(appointmentRefunds.status, 'pending'),
        and(eq(appointmentRefunds.status, 'succeeded'), isNull(appointmentRefunds.processorReference)),
      ),
    );
    const [settled] = await tx
      .update(appointmentRefunds)
      .set(
        answer.ok
          ? { status: 'succeeded', processorReference: answer.reference, updatedAt: sql`now()` }
          : { status: 'failed', failureReason: answer.reason, updatedAt: sql`now()` },
      )
      .where(
        answer.ok
          ? unanswered
          : and(eq(appointmentRefunds.id, refund.id), eq(appointmentRefunds.status, 'pending')),
      )
      .returning({ id: appointmentRefunds.id });
    if (!answer.ok || !settled) return;
    await markFullyRefunded(tx, payment);
    await queuePaymentReceipt(tx, 'appointment_refund', settled.id);
    if (notify) {
      await notifyClient(
        tx,
        deps.notifications,
        'refunded',
        { appointmentId: payment.appointmentId },
        {
          refundedCents: refund.amountCents,
          refundReason: refund.reason,
        },
      );
    }
  });
  if (!answer.ok) throw new InvalidInputError(refundRefusedMessage(answer.reason));
}

/** A payment whose every cent went back is marked refunded (its row says so at a glance). */
export async function markFullyRefunded(tx: Db, payment: Pick<PaymentRow, 'id' | 'amountCents'>) {
  const given = await refundedCents(tx, payment.id, ['succeeded']);
  if (given < payment.amountCents) return;
  await tx
    .update(appointmentPayments)
    .set({ status: 'refunded', updatedAt: sql`now()` })
    .where(and(eq(appointmentPayments.id, payment.id), eq(appointmentPayments.status, 'succeeded')));
}

/**
 * Cents of a payment's refunds in these states (by default those that count against it), but for the
 * one under `exceptKey` when given. One statement, so one snapshot of a payment's refunds.
 */
export async function refundedCents(
  db: Db,
  paymentId: number,
  statuses: readonly RefundRow['status'][] = countedStatuses,
  exceptKey?: string,
): Promise<number> {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${appointmentRefunds.amountCents}), 0)::int` })
    .from(appointmentRefunds)
    .where(
      and(
        eq(appointmentRefunds.appointmentPaymentId, paymentId),
        inArray(appointmentRefunds.status, [...statuses]),
        exceptKey === undefined ? undefined : ne(appointmentRefunds.idempotencyKey, exceptKey),
      ),
    );
  return row?.cents ?? 0;
}

async function outcome(
  db: Db,
  payment: PaymentRow,
): Promise<Omit<RefundOutcome, 'amountCents' | 'repeated'>> {
  return {
    paymentId: payment.id,
    appointmentId: payment.appointmentId,
    refundedCents: await refundedCents(db, payment.id, ['succeeded']),
    leftCents: payment.amountCents - (await refundedCents(db, payment.id)),
  };
}

/**
 * The payment a cancellation refunds: the appointment's confirmation charge that went through, with
 * what is left of it; null when nothing was collected (paid on site, or not confirmed yet). With
 * `ownRequestKey`, what that request's refund already asked for counts as still left, so a retry of
 * the request states the same amount.
 */
export async function refundableConfirmationCharge(
  db: Db,
  appointmentId: number,
  ownRequestKey?: string,
): Promise<{ paymentId: number; leftCents: number } | null> {
  const [payment] = await db
    .select({ id: appointmentPayments.id, amountCents: appointmentPayments.amountCents })
    .from(appointmentPayments)
    .where(
      and(
        eq(appointmentPayments.appointmentId, appointmentId),
        eq(appointmentPayments.purpose, 'confirmation'),
        inArray(appointmentPayments.status, ['succeeded', 'refunded']),
      ),
    );
  if (!payment) return null;
  const own = ownRequestKey === undefined ? undefined : refundIdempotencyKey(payment.id, ownRequestKey);
  const given = await refundedCents(db, payment.id, countedStatuses, own);
  return { paymentId: payment.id, leftCents: payment.amountCents - given };
}

/**
 * Stripe's refund.failed: the refund under this processor reference did not reach the card, so it no
 * longer counts against the payment (it may be asked again) and a payment marked refunded by it is
 * charged again in our books. False when the refund is not one of ours (made in the dashboard).
 */
export async function failRefund(tx: Db, refundReference: string, reason: string): Promise<boolean> {
  const [failed] = await tx
    .update(appointmentRefunds)
    .set({ status: 'failed', failureReason: reason, updatedAt: sql`now()` })
    .where(
      and(
        eq(appointmentRefunds.processorReference, refundReference),
        inArray(appointmentRefunds.status, [...countedStatuses]),
      ),
    )
    .returning({ paymentId: appointmentRefunds.appointmentPaymentId });
  if (!failed) return false;
  await tx
    .update(appointmentPayments)
    .set({ status: 'succeeded', updatedAt: sql`now()` })
    .where(and(eq(appointmentPayments.id, failed.paymentId), eq(appointmentPayments.status, 'refunded')));
  return true;
}

/** Why a refund row exists that no one here asked for. */
export const refundedInProcessorReason = 'Refunded in the payment processor.';

/**
 * What the processor's charge.refunded says of an appointment's payment (`totalCents` given back in
 * all): refunds still pending that fit in the total went through; anything beyond what is recorded
 * was refunded in the processor's dashboard and is recorded once (its key is the total, so a replay
 * or another event telling the same total adds nothing).
 */
export async function recordProcessorRefunds(
  tx: Db,
  payment: Pick<PaymentRow, 'id' | 'amountCents'>,
  totalCents: number,
): Promise<void> {
  let known = await refundedCents(tx, payment.id, ['succeeded']);
  const pending = await tx
    .select()
    .from(appointmentRefunds)
    .where(
      and(eq(appointmentRefunds.appointmentPaymentId, payment.id), eq(appointmentRefunds.status, 'pending')),
    )
    .orderBy(asc(appointmentRefunds.id));
  for (const refund of pending) {
    if (known + refund.amountCents > totalCents) break;
    const [given] = await tx
      .update(appointmentRefunds)
      .set({ status: 'succeeded', updatedAt: sql`now()` })
      .where(and(eq(appointmentRefunds.id, refund.id), eq(appointmentRefunds.status, 'pending')))
      .returning({ id: appointmentRefunds.id });
    if (given) await queuePaymentReceipt(tx, 'appointment_refund', given.id);
    known += refund.amountCents;
  }
  if (totalCents > known) {
    const [added] = await tx
      .insert(appointmentRefunds)
      .values({
        appointmentPaymentId: payment.id,
        amountCents: totalCents - known,
        idempotencyKey: `atrium-processor-refund-${payment.id}-${totalCents}`,
        status: 'succeeded',
        reason: refundedInProcessorReason,
        actor: null,
      })
      .onConflictDoNothing()
      .returning({ id: appointmentRefunds.id });
    if (added) await queuePaymentReceipt(tx, 'appointment_refund', added.id);
  }
  await markFullyRefunded(tx, payment);
}
