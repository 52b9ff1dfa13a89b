// Membership renewals: every Active membership whose renewal date has come is charged for the next
// period, once. Run by the `renew-memberships` CLI command and by the job engine's scheduled
// `renew-memberships` job, one run at a time for the whole cluster (jobs/queues.ts).
import { and, asc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../kernel/database/database';
import type { PaymentsProcessor } from '../payments';
import { paymentInstruments } from '../payments';
import { chargeMembershipPeriod } from './membership-charges';
import { utcDate } from './periods';
import { membershipCharges, membershipDefinitions, memberships } from './tables';

export interface RenewalPorts {
  db: Db;
  payments: { processor: PaymentsProcessor };
  clock: () => Date;
}

export interface RenewalReport {
  /** Memberships charged and renewed by this run. */
  renewed: number;
  /** Memberships whose charge failed: they stay Active with the same renewal date, tried next run. */
  failed: { membershipId: number; reason: string }[];
  /** Due memberships another run was charging (or had just tried), left to it. */
  skipped: number;
}

/** Memberships one run takes at most unless told otherwise; the rest wait for the next run. */
export const defaultRenewalBatchSize = 100;

/**
 * After a declined attempt the period is tried again 1 hour later, then 2, 4, 8 and 16 hours later,
 * then once a day: a card that keeps failing is not charged hourly for ever.
 */
export const renewalRetrySql = sql`least(interval '1 hour' * power(2, ${membershipCharges.attempts} - 1), interval '24 hours')`;

/**
 * Charges each Active membership due today (UTC) or earlier, with the client's primary card, for the
 * period starting on its renewal date, at the price it was bought at; at most `limit` of them, oldest renewal date first. A paid
 * period moves the renewal date one period on and grants the definition's package for it. A declined
 * charge (or no card) is recorded with its reason and the membership stays Active with its renewal
 * date; it is tried again after the backoff of renewalRetrySql, and a run never retries what an
 * overlapping run declined. A membership more than one period behind catches up one period per run.
 */
export async function renewDueMemberships(
  ports: RenewalPorts,
  { limit = defaultRenewalBatchSize }: { limit?: number } = {},
): Promise<RenewalReport> {
  const { db } = ports;
  const runStartedAt = ports.clock();
  const today = utcDate(runStartedAt);
  const due = await db
    .select({
      membership: memberships,
      definition: membershipDefinitions,
      card: paymentInstruments,
    })
    .from(memberships)
    .innerJoin(membershipDefinitions, eq(membershipDefinitions.id, memberships.membershipDefinitionId))
    .leftJoin(
      paymentInstruments,
      and(
        eq(paymentInstruments.userId, memberships.userId),
        eq(paymentInstruments.isPrimary, true),
        isNull(paymentInstruments.deletedAt),
      ),
    )
    .leftJoin(
      membershipCharges,
      and(
        eq(membershipCharges.membershipId, memberships.id),
        eq(membershipCharges.periodStart, memberships.renewalDate),
      ),
    )
    .where(
      and(
        eq(memberships.status, 'Active'),
        lte(memberships.renewalDate, today),
        or(
          isNull(membershipCharges.id),
          sql`${membershipCharges.status} not in ('failed', 'refunded')`,
          sql`${membershipCharges.updatedAt} <= ${runStartedAt.toISOString()}::timestamptz - ${renewalRetrySql}`,
        ),
      ),
    )
    .orderBy(asc(memberships.renewalDate), asc(memberships.id))
    .limit(limit);

  const report: RenewalReport = { renewed: 0, failed: [], skipped: 0 };
  for (const { membership, definition, card } of due) {
    const periodStart = membership.renewalDate;
    // Paid, the period moves the renewal date on and grants the package (settleMembershipCharge).
    const result = await chargeMembershipPeriod(db, ports.payments.processor, {
      kind: 'renewal',
      membershipId: membership.id,
      userId: membership.userId,
      membershipDefinitionId: definition.id,
      periodStart,
      // The price it was bought at: a later price of its definition is for new members.
      amountCents: membership.priceCents,
      instrument: card,
      now: ports.clock(),
      retryFailedBefore: runStartedAt,
    });
    if (result.outcome === 'charged') report.renewed += 1;
    else if (result.outcome === 'declined' || result.outcome === 'refunded')
      report.failed.push({ membershipId: membership.id, reason: result.reason });
    else report.skipped += 1;
  }
  return report;
}
