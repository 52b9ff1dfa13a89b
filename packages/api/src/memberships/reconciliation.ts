// Settles purchase intents a crash left pending. Run by the job engine's scheduled
// `reconcile-payments` job every few minutes. A pending row the live request has not settled within
// the grace period is claimed (an update that moves its updated_at to now only while it is still
// untouched, so two processes never both take it), the processor is asked again with the row's own idempotency key, which answers with the first
// attempt's charge and never charges twice, and the row is settled by the same function as the live
// path. Processors keep idempotency keys for 24 hours (Stripe); a row older than that could be charged
// a second time, so it is marked for review instead and reported to an operator.
import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import type { Db } from '../kernel/database/database';
import type { PaymentsProcessor } from '../payments';
import { driveMembershipCharge } from './membership-charges';
import { drivePackagePurchase } from './package-purchases';
import { membershipCharges, packagePurchases } from './tables';

/** A pending row younger than this may still be settled by the request that recorded it. */
export const reconcileGraceMs = 2 * 60_000;
/**
 * Past this age a pending row is no longer re-driven: Stripe keeps an idempotency key for 24 hours,
 * after which the same key could charge again. An hour of margin for slow runs and clock skew.
 */
export const reviewAfterMs = 23 * 60 * 60_000;

export interface ReconciliationPorts {
  db: Db;
  payments: { processor: PaymentsProcessor };
  clock: () => Date;
}

/** A pending intent too old to ask the processor about again: an operator settles it. */
export interface IntentForReview {
  table: 'package_purchases' | 'membership_charges';
  id: number;
  idempotencyKey: string;
  createdAt: Date;
}

export interface ReconciliationReport {
  /** Pending rows this run settled (succeeded, failed or refunded). */
  settled: number;
  /** Rows newly marked for review by this run. */
  reviewRequired: IntentForReview[];
  /** Rows whose re-drive failed (the processor unreachable): still pending, tried next run. */
  errors: { table: IntentForReview['table']; id: number; error: unknown }[];
}

/** Pending rows one run takes at most of each table; the rest wait for the next run. */
export const defaultReconcileBatchSize = 100;

export async function reconcilePendingPurchases(
  ports: ReconciliationPorts,
  { limit = defaultReconcileBatchSize }: { limit?: number } = {},
): Promise<ReconciliationReport> {
  const { db } = ports;
  const { processor } = ports.payments;
  const now = ports.clock();
  const graceEnd = new Date(now.getTime() - reconcileGraceMs);
  const reviewBefore = new Date(now.getTime() - reviewAfterMs);
  const report: ReconciliationReport = { settled: 0, reviewRequired: [], errors: [] };

  for (const table of [packagePurchases, membershipCharges] as const) {
    const name: IntentForReview['table'] =
      table === packagePurchases ? 'package_purchases' : 'membership_charges';
    const open = and(eq(table.status, 'pending'), isNull(table.reviewRequiredAt));
    const overdue = await db
      .update(table)
      .set({ reviewRequiredAt: now })
      .where(and(open, lte(table.createdAt, reviewBefore)))
      .returning({ id: table.id, idempotencyKey: table.idempotencyKey, createdAt: table.createdAt });
    report.reviewRequired.push(...overdue.map((row) => ({ table: name, ...row })));

    const untouched = and(open, lte(table.updatedAt, graceEnd));
    const stale = await db
      .select({ id: table.id })
      .from(table)
      .where(untouched)
      .orderBy(asc(table.updatedAt))
      .limit(limit);
    for (const candidate of stale) {
      // The claim: the update re-checks the row under its lock, so once one process has moved
      // updated_at to now, another's claim finds it touched and takes nothing.
      const [claimed] = await db
        .update(table)
        .set({ updatedAt: now })
        .where(and(eq(table.id, candidate.id), untouched))
        .returning();
      if (!claimed) continue;
      try {
        const settled =
          table === packagePurchases
            ? await drivePackagePurchase(db, processor, claimed as typeof packagePurchases.$inferSelect, now)
            : await driveMembershipCharge(
                db,
                processor,
                claimed as typeof membershipCharges.$inferSelect,
                now,
              );
        if (settled.status !== 'pending') report.settled += 1;
      } catch (error) {
        report.errors.push({ table: name, id: candidate.id, error });
      }
    }
  }
  return report;
}
