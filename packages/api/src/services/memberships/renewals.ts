// Membership renewals: every Active membership whose renewal date has come is charged for the next
// period, once. Run by the `renew-memberships` CLI command and by the server's timer
// (MEMBERSHIP_RENEWAL_INTERVAL_MS).
import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../adapters/database/database';
import type { PaymentsProcessor } from '../../adapters/payments/payments-processor';
import { membershipDefinitions, memberships, paymentInstruments } from '../../db/checkout-schema';
import { chargeMembershipPeriod, grantPackage } from './membership-charges';
import { addPeriod, startOfUtcDate, utcDate } from './periods';

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

/**
 * Charges each Active membership due today (UTC) or earlier, with the client's primary card, for the
 * period starting on its renewal date. A paid period moves the renewal date one period on and grants
 * the definition's package for it. A declined charge (or no card) is recorded with its reason and the
 * membership stays Active with its renewal date, so the next run tries again; a run never retries
 * what an overlapping run declined. A membership more than one period behind catches up one period
 * per run.
 */
export async function renewDueMemberships(ports: RenewalPorts): Promise<RenewalReport> {
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
    .where(and(eq(memberships.status, 'Active'), lte(memberships.renewalDate, today)))
    .orderBy(asc(memberships.renewalDate), asc(memberships.id));

  const report: RenewalReport = { renewed: 0, failed: [], skipped: 0 };
  for (const { membership, definition, card } of due) {
    const periodStart = membership.renewalDate;
    const nextRenewal = addPeriod(periodStart, definition.period);
    const now = ports.clock();
    const result = await chargeMembershipPeriod(db, ports.payments.processor, {
      membershipId: membership.id,
      periodStart,
      amountCents: definition.priceCents,
      instrument: card,
      now,
      retryFailedBefore: runStartedAt,
      onPaid: async (tx) => {
        // Only from the period charged: a cancellation meanwhile keeps the paid period as good-until.
        const [advanced] = await tx
          .update(memberships)
          .set({ renewalDate: nextRenewal, updatedAt: now })
          .where(and(eq(memberships.id, membership.id), eq(memberships.renewalDate, periodStart)))
          .returning({ id: memberships.id });
        if (advanced && definition.packageId !== null) {
          await grantPackage(tx, {
            userId: membership.userId,
            packageId: definition.packageId,
            membershipId: membership.id,
            packagePurchaseId: null,
            expiresAt: startOfUtcDate(nextRenewal),
            now,
          });
        }
      },
    });
    if (result.outcome === 'charged') report.renewed += 1;
    else if (result.outcome === 'declined')
      report.failed.push({ membershipId: membership.id, reason: result.reason });
    else report.skipped += 1;
  }
  return report;
}

/**
 * Runs renewDueMemberships every `intervalMs` (0: never), one run at a time. The timer does not keep
 * the process alive; `stop` waits for a run in progress.
 */
export function startRenewalTimer(
  ports: RenewalPorts,
  intervalMs: number,
  onError: (error: unknown) => void,
): { stop(): Promise<void> } {
  if (intervalMs <= 0) return { stop: async () => undefined };
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = renewDueMemberships(ports)
      .then(
        () => undefined,
        (error: unknown) => onError(error),
      )
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
