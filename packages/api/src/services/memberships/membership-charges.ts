// Charging one membership period exactly once. The (membership, period start) row of
// membership_charges is the claim: whoever inserts it (or takes over a failed or abandoned attempt)
// charges, with an idempotency key derived from the membership, the period and the attempt, so
// neither a repeated nor a concurrent run can charge a period twice.
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../adapters/database/database';
import type { PaymentsProcessor } from '../../adapters/payments/payments-processor';
import {
  membershipCharges,
  packageItemDefinitions,
  packageItems,
  paymentInstruments,
} from '../../db/checkout-schema';

type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];
export type PaymentInstrumentRow = typeof paymentInstruments.$inferSelect;

/** A pending attempt older than this belongs to a run that died; another run may finish it. */
export const abandonedChargeMs = 10 * 60_000;

export interface PeriodChargeRequest {
  membershipId: number;
  /** yyyy-MM-dd: the first day of the period paid for. */
  periodStart: string;
  amountCents: number;
  /** The card to charge; null records the period as failed without asking the processor. */
  instrument: PaymentInstrumentRow | null;
  now: Date;
  /**
   * A failed attempt is tried again only when it was recorded before this instant (the start of the
   * run), so two overlapping runs do not both retry one declined period.
   */
  retryFailedBefore: Date;
  /** What paying the period does (advance the renewal date, grant points), in the same transaction. */
  onPaid: (tx: Transaction) => Promise<void>;
}

export type PeriodChargeResult =
  | { outcome: 'charged'; amountCents: number }
  | { outcome: 'declined'; reason: string }
  /** Paid before, or being charged by another run right now: nothing was done. */
  | { outcome: 'skipped' };

export const noCardOnFile = 'No card is on file for this membership.';

const keyOf = (membershipId: number, periodStart: string, attempt: number) =>
  `atrium-membership-${membershipId}-${periodStart}-attempt-${attempt}`;

export async function chargeMembershipPeriod(
  db: Db,
  processor: PaymentsProcessor,
  request: PeriodChargeRequest,
): Promise<PeriodChargeResult> {
  const claim = await claimPeriod(db, request);
  if (!claim) return { outcome: 'skipped' };
  const { id, idempotencyKey, instrument } = claim;

  let result: { ok: true; reference: string | null } | { ok: false; reason: string };
  if (request.amountCents === 0) result = { ok: true, reference: null };
  else if (!instrument) result = { ok: false, reason: noCardOnFile };
  else if (instrument.processor !== processor.name) {
    result = {
      ok: false,
      reason: `The card on file is held by the ${instrument.processor} processor, not ${processor.name}.`,
    };
  } else {
    result = await processor.charge({
      customerReference: instrument.customerReference,
      processorReference: instrument.processorReference,
      amountCents: request.amountCents,
      idempotencyKey,
      description: `Membership ${request.membershipId} from ${request.periodStart}`,
    });
  }

  if (!result.ok) {
    await db
      .update(membershipCharges)
      .set({ status: 'failed', failureReason: result.reason, updatedAt: request.now })
      .where(eq(membershipCharges.id, id));
    return { outcome: 'declined', reason: result.reason };
  }
  const reference = result.reference;
  try {
    await db.transaction(async (tx) => {
      await tx
        .update(membershipCharges)
        .set({ status: 'succeeded', processorReference: reference, updatedAt: request.now })
        .where(eq(membershipCharges.id, id));
      await request.onPaid(tx);
    });
  } catch (error) {
    // What the period pays for could not be given (say, another membership became Active
    // meanwhile): the charge is given back and the attempt recorded as failed.
    if (reference !== null) {
      await processor.refund({ chargeReference: reference, idempotencyKey: `atrium-refund-${reference}` });
    }
    const why = error instanceof Error ? error.message : String(error);
    await db
      .update(membershipCharges)
      .set({ status: 'failed', failureReason: `Refunded: ${why}`, updatedAt: request.now })
      .where(eq(membershipCharges.id, id));
    throw error;
  }
  return { outcome: 'charged', amountCents: request.amountCents };
}

/** Takes the period's charge: a new row, a failed attempt from before this run, or an abandoned one. */
async function claimPeriod(
  db: Db,
  request: PeriodChargeRequest,
): Promise<{ id: number; idempotencyKey: string; instrument: PaymentInstrumentRow | null } | null> {
  const { membershipId, periodStart, now } = request;
  const first = keyOf(membershipId, periodStart, 1);
  const [inserted] = await db
    .insert(membershipCharges)
    .values({
      membershipId,
      periodStart,
      amountCents: request.amountCents,
      status: 'pending',
      attempts: 1,
      idempotencyKey: first,
      paymentInstrumentId: request.instrument?.id ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: membershipCharges.id });
  if (inserted) return { id: inserted.id, idempotencyKey: first, instrument: request.instrument };

  const ofPeriod = and(
    eq(membershipCharges.membershipId, membershipId),
    eq(membershipCharges.periodStart, periodStart),
  );
  const [row] = await db.select().from(membershipCharges).where(ofPeriod);
  if (!row || row.status === 'succeeded') return null;
  if (row.status === 'failed') {
    if (row.updatedAt >= request.retryFailedBefore) return null;
    const attempt = row.attempts + 1;
    const idempotencyKey = keyOf(membershipId, periodStart, attempt);
    const [taken] = await db
      .update(membershipCharges)
      .set({
        status: 'pending',
        attempts: attempt,
        idempotencyKey,
        amountCents: request.amountCents,
        paymentInstrumentId: request.instrument?.id ?? null,
        failureReason: null,
        updatedAt: now,
      })
      .where(
        and(ofPeriod, eq(membershipCharges.status, 'failed'), eq(membershipCharges.attempts, row.attempts)),
      )
      .returning({ id: membershipCharges.id });
    return taken ? { id: taken.id, idempotencyKey, instrument: request.instrument } : null;
  }
  // Pending: another run is charging it, unless that run died. Its attempt is finished with the same
  // key and card, so the processor answers with that attempt's charge instead of charging again.
  if (now.getTime() - row.updatedAt.getTime() <= abandonedChargeMs) return null;
  const [taken] = await db
    .update(membershipCharges)
    .set({ updatedAt: now })
    .where(
      and(ofPeriod, eq(membershipCharges.status, 'pending'), eq(membershipCharges.updatedAt, row.updatedAt)),
    )
    .returning({ id: membershipCharges.id });
  if (!taken) return null;
  const [instrument] =
    row.paymentInstrumentId === null
      ? []
      : await db.select().from(paymentInstruments).where(eq(paymentInstruments.id, row.paymentInstrumentId));
  return { id: taken.id, idempotencyKey: row.idempotencyKey, instrument: instrument ?? null };
}

/** The package items a package gives, one per item definition, with its points as balance and total. */
export async function grantPackage(
  tx: Transaction,
  grant: {
    userId: number;
    packageId: number;
    membershipId: number | null;
    packagePurchaseId: number | null;
    expiresAt: Date | null;
    now: Date;
  },
): Promise<(typeof packageItems.$inferSelect)[]> {
  const definitions = await tx
    .select()
    .from(packageItemDefinitions)
    .where(eq(packageItemDefinitions.packageId, grant.packageId))
    .orderBy(packageItemDefinitions.id);
  if (definitions.length === 0) return [];
  return tx
    .insert(packageItems)
    .values(
      definitions.map((definition) => ({
        userId: grant.userId,
        packageItemDefinitionId: definition.id,
        membershipId: grant.membershipId,
        packagePurchaseId: grant.packagePurchaseId,
        totalPoints: definition.points,
        balance: definition.points,
        expiresAt: grant.expiresAt,
        createdAt: grant.now,
      })),
    )
    .returning();
}

/** A one-off charge's idempotency key: each purchase is its own charge. */
export const purchaseKey = (kind: 'package' | 'membership', userId: number) =>
  `atrium-${kind}-purchase-${userId}-${randomUUID()}`;

/** Serialises one client's membership changes (a transaction-level advisory lock). */
export async function lockClientMemberships(tx: Transaction, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${membershipLockSpace}, ${userId})`);
}

// Arbitrary but fixed: the first key of the per-client membership lock (the second is the user id).
const membershipLockSpace = 727_105_031;
