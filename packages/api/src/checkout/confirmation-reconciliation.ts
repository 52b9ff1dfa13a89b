// Settles the charge attempts of confirmations (and no-show fees) a crash left pending (the process died between
// recording the attempt, charging and booking). Run with the purchases' reconciliation by the
// `reconcile-payments` job. As there: a row untouched for the grace period is claimed (an update that
// succeeds only while it is still untouched), charged again with its own key (the processor answers
// with the first charge) and settled as the confirmation would have settled it; a row older than the
// processor keeps its keys is marked for review instead.
import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import { InvalidInputError } from '../kernel/errors';
import { reconcileGraceMs, reviewAfterMs } from '../memberships';
import { paymentInstruments } from '../payments';
import { chargeNoShowFee } from './no-show';
import { chargeAttempt, type OperatorDependencies } from './operator-actions';
import { appointmentPayments } from './tables';

export interface ConfirmationReconciliationReport {
  /** Attempts this run charged and settled. */
  settled: number;
  /** Attempts newly marked for review (too old to ask the processor about again). */
  reviewRequired: { id: number; idempotencyKey: string; createdAt: Date }[];
  /** Attempts whose charge failed to reach the processor: still pending, tried next run. */
  errors: { id: number; error: unknown }[];
}

export const noCardForAttempt = 'The card of this charge attempt is no longer on file.';

export async function reconcilePendingConfirmations(
  deps: OperatorDependencies,
  { limit = 100 }: { limit?: number } = {},
): Promise<ConfirmationReconciliationReport> {
  const { db } = deps;
  const now = deps.clock();
  const report: ConfirmationReconciliationReport = { settled: 0, reviewRequired: [], errors: [] };
  const open = and(eq(appointmentPayments.status, 'pending'), isNull(appointmentPayments.reviewRequiredAt));

  report.reviewRequired = await db
    .update(appointmentPayments)
    .set({ reviewRequiredAt: now })
    .where(and(open, lte(appointmentPayments.createdAt, new Date(now.getTime() - reviewAfterMs))))
    .returning({
      id: appointmentPayments.id,
      idempotencyKey: appointmentPayments.idempotencyKey,
      createdAt: appointmentPayments.createdAt,
    });

  const untouched = and(open, lte(appointmentPayments.updatedAt, new Date(now.getTime() - reconcileGraceMs)));
  const stale = await db
    .select({ id: appointmentPayments.id })
    .from(appointmentPayments)
    .where(untouched)
    .orderBy(asc(appointmentPayments.updatedAt))
    .limit(limit);
  for (const candidate of stale) {
    const [claimed] = await db
      .update(appointmentPayments)
      .set({ updatedAt: now })
      .where(and(eq(appointmentPayments.id, candidate.id), untouched))
      .returning();
    if (!claimed) continue;
    try {
      const [instrument] =
        claimed.paymentInstrumentId === null
          ? []
          : await db
              .select()
              .from(paymentInstruments)
              .where(eq(paymentInstruments.id, claimed.paymentInstrumentId));
      if (!instrument) {
        await db
          .update(appointmentPayments)
          .set({ status: 'failed', failureReason: noCardForAttempt, updatedAt: now })
          .where(and(eq(appointmentPayments.id, claimed.id), eq(appointmentPayments.status, 'pending')));
      } else if (claimed.purpose === 'no_show_fee') {
        await chargeNoShowFee(deps, claimed, instrument);
      } else {
        await chargeAttempt(deps, claimed, instrument);
      }
      report.settled += 1;
    } catch (error) {
      // Cancelled meanwhile: the charge was given back (the attempt reads refunded). Settled too.
      if (error instanceof InvalidInputError) report.settled += 1;
      else report.errors.push({ id: claimed.id, error });
    }
  }
  return report;
}
