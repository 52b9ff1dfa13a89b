// Charging for memberships exactly once. Every charge is an intent row of membership_charges,
// committed as `pending` before the processor is asked, whose idempotency key is derived from the row;
// the processor's answer then settles it (settleMembershipCharge): succeeded together with what it
// pays for, in one transaction, or failed with the processor's reason. A process that dies in between
// leaves the row pending, and the reconcile-payments job asks the processor again with the same key
// (the processor answers with the first attempt's charge) and settles it with the same function.
// For renewals and reactivations the (membership, period start) row is also the claim: whoever inserts
// it (or takes over a failed attempt) charges, so neither a repeated nor a concurrent run can charge a
// period twice.
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../kernel/database/database';
import { InvalidInputError } from '../kernel/errors';
import type { PaymentsProcessor } from '../payments';
import { paymentInstruments, queuePaymentReceipt } from '../payments';
import { addPeriod, startOfUtcDate } from './periods';
import {
  type MembershipChargeKind,
  membershipCharges,
  membershipDefinitions,
  memberships,
  packageItemDefinitions,
  packageItems,
} from './tables';

export type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];
export type PaymentInstrumentRow = typeof paymentInstruments.$inferSelect;
export type MembershipChargeRow = typeof membershipCharges.$inferSelect;

/** The states a settlement may move a purchase intent from: pending, and failed for a success learned later. */
export type SettleableState = 'pending' | 'failed';

/** What the processor said about a charge: paid (no reference for a free one), or refused and why. */
export type ChargeOutcome = { ok: true; reference: string | null } | { ok: false; reason: string };

/** One Active membership per client and marketplace. */
export const alreadyActiveMessage = 'You already have an active membership at this marketplace.';
export const noCardOnFile = 'No card is on file for this membership.';

/**
 * What the charge paid for can no longer be given (another membership became Active meanwhile): the
 * charge is refunded and the intent recorded as `refunded` with this reason.
 */
export class SettlementRefusedError extends InvalidInputError {}

/**
 * Asks the processor for a charge (nothing for a free one). A card of another processor, or none, is
 * a refusal with a reason; an error of the processor (a timeout, a lost connection) is thrown, so the
 * intent stays pending for a retry with the same key.
 */
export async function askProcessor(
  processor: PaymentsProcessor,
  charge: {
    instrument: PaymentInstrumentRow | null;
    amountCents: number;
    idempotencyKey: string;
    description: string;
  },
): Promise<ChargeOutcome> {
  const { instrument } = charge;
  if (charge.amountCents === 0) return { ok: true, reference: null };
  if (!instrument) return { ok: false, reason: noCardOnFile };
  if (instrument.processor !== processor.name) {
    return {
      ok: false,
      reason: `The card on file is held by the ${instrument.processor} processor, not ${processor.name}.`,
    };
  }
  return processor.charge({
    customerReference: instrument.customerReference,
    processorReference: instrument.processorReference,
    amountCents: charge.amountCents,
    idempotencyKey: charge.idempotencyKey,
    description: charge.description,
  });
}

/**
 * Settles an intent from the processor's answer. `succeed` marks it succeeded and creates what it
 * pays for in one transaction (doing nothing when the intent is no longer pending, so a live request
 * and the reconciliation job never both settle it); a refusal marks it failed. When `succeed` refuses
 * (SettlementRefusedError) the charge is refunded and the intent marked refunded; any other error
 * leaves it pending for the reconciliation job.
 */
export async function settleIntent(
  db: Db,
  processor: PaymentsProcessor,
  outcome: ChargeOutcome,
  steps: {
    succeed: (tx: Transaction, reference: string | null) => Promise<void>;
    finish: (status: 'failed' | 'refunded', reason: string, reference: string | null) => Promise<void>;
  },
): Promise<void> {
  if (!outcome.ok) {
    await steps.finish('failed', outcome.reason, null);
    return;
  }
  try {
    await db.transaction((tx) => steps.succeed(tx, outcome.reference));
  } catch (error) {
    if (!(error instanceof SettlementRefusedError)) throw error;
    if (outcome.reference === null) await steps.finish('failed', error.message, null);
    else {
      await processor.refund({
        chargeReference: outcome.reference,
        idempotencyKey: `atrium-refund-${outcome.reference}`,
      });
      await steps.finish('refunded', error.message, outcome.reference);
    }
  }
}

/**
 * Settles a membership charge (see settleIntent) and returns the row as it stands afterwards. A paid
 * first purchase creates the Active membership, a paid reactivation makes the membership Active, a
 * paid renewal moves the renewal date one period on; each grants the definition's package for the
 * period (its items expire on the renewal date).
 */
export async function settleMembershipCharge(
  db: Db,
  processor: PaymentsProcessor,
  chargeId: number,
  outcome: ChargeOutcome,
  now: Date,
  from: SettleableState[] = ['pending'],
): Promise<MembershipChargeRow> {
  const pendingCharge = and(eq(membershipCharges.id, chargeId), inArray(membershipCharges.status, from));
  await settleIntent(db, processor, outcome, {
    succeed: async (tx, reference) => {
      const [charge] = await tx.select().from(membershipCharges).where(pendingCharge).for('update');
      if (!charge) return;
      // Paid after all, though the client's key was bought again meanwhile: the key stays with the
      // later purchase (one live purchase per key); this one is settled on its own.
      const keyTaken = charge.status === 'failed' && (await livePurchaseWithKey(tx, charge));
      const membershipId = await payFor(tx, charge, now);
      await tx
        .update(membershipCharges)
        .set({
          status: 'succeeded',
          membershipId,
          processorReference: reference,
          failureReason: null,
          ...(keyTaken ? { clientKey: null } : {}),
          updatedAt: now,
        })
        .where(eq(membershipCharges.id, charge.id));
      await queuePaymentReceipt(tx, 'membership_charge', charge.id);
    },
    finish: async (status, reason, reference) => {
      await db.transaction(async (tx) => {
        const [settled] = await tx
          .update(membershipCharges)
          .set({
            status,
            failureReason: reason,
            processorReference: reference,
            // A failed purchase refunded after a late success leaves its key to a later purchase.
            clientKey: sql`case when ${membershipCharges.status} = 'failed' then null else ${membershipCharges.clientKey} end`,
            updatedAt: now,
          })
          .where(pendingCharge)
          .returning({ id: membershipCharges.id });
        // Charged, then given back (another membership became Active first): a receipt of each.
        if (settled && status === 'refunded') {
          await queuePaymentReceipt(tx, 'membership_charge', settled.id);
          await queuePaymentReceipt(tx, 'membership_refund', settled.id);
        }
      });
    },
  });
  const [row] = await db.select().from(membershipCharges).where(eq(membershipCharges.id, chargeId));
  if (!row) throw new Error(`Membership charge ${chargeId} vanished.`);
  return row;
}

/**
 * Whether another purchase with the same client key is live (pending or paid): a failed first purchase
 * whose payment succeeded later cannot become a second paid one for that key.
 */
async function livePurchaseWithKey(tx: Transaction, charge: MembershipChargeRow): Promise<boolean> {
  if (charge.clientKey === null) return false;
  const [other] = await tx
    .select({ id: membershipCharges.id })
    .from(membershipCharges)
    .where(
      and(
        eq(membershipCharges.userId, charge.userId),
        eq(membershipCharges.membershipDefinitionId, charge.membershipDefinitionId),
        eq(membershipCharges.clientKey, charge.clientKey),
        ne(membershipCharges.status, 'failed'),
        ne(membershipCharges.id, charge.id),
      ),
    );
  return other !== undefined;
}

/** What a paid period gives, by the charge's kind; the membership it was for. */
async function payFor(tx: Transaction, charge: MembershipChargeRow, now: Date): Promise<number | null> {
  const [definition] = await tx
    .select()
    .from(membershipDefinitions)
    .where(eq(membershipDefinitions.id, charge.membershipDefinitionId));
  if (!definition) throw new Error(`Membership definition ${charge.membershipDefinitionId} vanished.`);
  const renewalDate = addPeriod(charge.periodStart, definition.period);
  const grant = async (membershipId: number) => {
    if (definition.packageId === null) return;
    await grantPackage(tx, {
      userId: charge.userId,
      packageId: definition.packageId,
      membershipId,
      packagePurchaseId: null,
      expiresAt: startOfUtcDate(renewalDate),
      now,
    });
  };

  if (charge.kind === 'purchase') {
    await lockClientMemberships(tx, charge.userId);
    // memberships_one_active_idx: a concurrent purchase that became Active first wins.
    const [created] = await tx
      .insert(memberships)
      .values({
        userId: charge.userId,
        membershipDefinitionId: definition.id,
        marketplaceId: definition.marketplaceId,
        status: 'Active',
        renewalDate,
        // What the first period cost is what every later period costs (renewals charge it).
        priceCents: charge.amountCents,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: memberships.id });
    if (!created) throw new SettlementRefusedError(alreadyActiveMessage);
    await grant(created.id);
    return created.id;
  }
  const membershipId = charge.membershipId;
  if (membershipId === null) throw new Error(`Membership charge ${charge.id} names no membership.`);
  if (charge.kind === 'reactivation') {
    await lockClientMemberships(tx, charge.userId);
    const [other] = await tx
      .select({ id: memberships.id })
      .from(memberships)
      .where(
        and(
          eq(memberships.userId, charge.userId),
          eq(memberships.marketplaceId, definition.marketplaceId),
          eq(memberships.status, 'Active'),
          ne(memberships.id, membershipId),
        ),
      );
    if (other) throw new SettlementRefusedError(alreadyActiveMessage);
    await tx
      .update(memberships)
      .set({ status: 'Active', renewalDate, updatedAt: now })
      .where(eq(memberships.id, membershipId));
    await grant(membershipId);
    return membershipId;
  }
  // A renewal moves the date only from the period charged: a cancellation meanwhile keeps the paid
  // period as good-until.
  const [advanced] = await tx
    .update(memberships)
    .set({ renewalDate, updatedAt: now })
    .where(and(eq(memberships.id, membershipId), eq(memberships.renewalDate, charge.periodStart)))
    .returning({ id: memberships.id });
  if (advanced) await grant(membershipId);
  return membershipId;
}

/** Asks the processor for a pending membership charge (again, with its own key and card) and settles it. */
export async function driveMembershipCharge(
  db: Db,
  processor: PaymentsProcessor,
  charge: MembershipChargeRow,
  now: Date,
): Promise<MembershipChargeRow> {
  const [instrument] =
    charge.paymentInstrumentId === null
      ? []
      : await db
          .select()
          .from(paymentInstruments)
          .where(eq(paymentInstruments.id, charge.paymentInstrumentId));
  const outcome = await askProcessor(processor, {
    instrument: instrument ?? null,
    amountCents: charge.amountCents,
    idempotencyKey: charge.idempotencyKey,
    description: chargeDescription(charge),
  });
  return settleMembershipCharge(db, processor, charge.id, outcome, now);
}

const chargeDescription = (charge: MembershipChargeRow) =>
  charge.kind === 'purchase'
    ? `Membership ${charge.membershipDefinitionId} from ${charge.periodStart}`
    : `Membership ${charge.membershipId} from ${charge.periodStart}`;

/**
 * Records a first purchase's intent (committed before the processor is asked), its key derived from
 * the row: `atrium-membership-charge-<id>`.
 */
export async function recordMembershipPurchase(
  db: Db,
  intent: {
    userId: number;
    membershipDefinitionId: number;
    periodStart: string;
    amountCents: number;
    instrument: PaymentInstrumentRow;
    clientKey: string;
    now: Date;
  },
): Promise<MembershipChargeRow> {
  const id = await nextId(db, 'membership_charges');
  const [row] = await db
    .insert(membershipCharges)
    .values({
      id,
      kind: 'purchase',
      userId: intent.userId,
      membershipDefinitionId: intent.membershipDefinitionId,
      membershipId: null,
      periodStart: intent.periodStart,
      amountCents: intent.amountCents,
      status: 'pending',
      idempotencyKey: `atrium-membership-charge-${id}`,
      clientKey: intent.clientKey,
      paymentInstrumentId: intent.instrument.id,
      createdAt: intent.now,
      updatedAt: intent.now,
    })
    .returning();
  if (!row) throw new Error('The membership purchase was not recorded.');
  return row;
}

/** The next id of a table's identity column, so a row's derived key can be written with it. */
export async function nextId(db: Db, table: 'membership_charges' | 'package_purchases'): Promise<number> {
  const { rows } = (await db.execute(
    sql`select nextval(pg_get_serial_sequence(${table}, 'id')) as id`,
  )) as unknown as { rows: { id: number | string }[] };
  const id = Number(rows[0]?.id);
  if (!Number.isSafeInteger(id)) throw new Error(`No id was drawn for ${table}.`);
  return id;
}

export interface PeriodChargeRequest {
  kind: Exclude<MembershipChargeKind, 'purchase'>;
  membershipId: number;
  userId: number;
  membershipDefinitionId: number;
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
  /**
   * A pending charge of the period is driven to its end (the processor asked again with its own key,
   * which never charges twice) instead of skipped: the request that recorded it died.
   */
  resumePending?: boolean;
}

export type PeriodChargeResult =
  | { outcome: 'charged'; amountCents: number }
  | { outcome: 'declined'; reason: string }
  /** What the period pays for could not be given (another Active membership): refunded. */
  | { outcome: 'refunded'; reason: string }
  /** Paid before, or being charged by another run right now: nothing was done. */
  | { outcome: 'skipped' };

const keyOf = (membershipId: number, periodStart: string, attempt: number) =>
  `atrium-membership-${membershipId}-${periodStart}-attempt-${attempt}`;

/** Charges one period of a membership (a renewal or a reactivation) once, and settles it. */
export async function chargeMembershipPeriod(
  db: Db,
  processor: PaymentsProcessor,
  request: PeriodChargeRequest,
): Promise<PeriodChargeResult> {
  const claim = await claimPeriod(db, request);
  if (!claim) {
    if (!request.resumePending) return { outcome: 'skipped' };
    const [pending] = await db
      .select()
      .from(membershipCharges)
      .where(
        and(
          eq(membershipCharges.membershipId, request.membershipId),
          eq(membershipCharges.periodStart, request.periodStart),
          eq(membershipCharges.status, 'pending'),
          // One too old to ask the processor about again is an operator's (reconciliation.ts).
          isNull(membershipCharges.reviewRequiredAt),
        ),
      );
    if (!pending) return { outcome: 'skipped' };
    return periodResult(await driveMembershipCharge(db, processor, pending, request.now));
  }
  const outcome = await askProcessor(processor, {
    instrument: request.instrument,
    amountCents: request.amountCents,
    idempotencyKey: claim.idempotencyKey,
    description: `Membership ${request.membershipId} from ${request.periodStart}`,
  });
  return periodResult(await settleMembershipCharge(db, processor, claim.id, outcome, request.now));
}

/** What a settled period charge amounts to; still pending: another request is charging it. */
function periodResult(settled: MembershipChargeRow): PeriodChargeResult {
  if (settled.status === 'succeeded') return { outcome: 'charged', amountCents: settled.amountCents };
  if (settled.status === 'failed') return { outcome: 'declined', reason: settled.failureReason ?? '' };
  if (settled.status === 'refunded') return { outcome: 'refunded', reason: settled.failureReason ?? '' };
  return { outcome: 'skipped' };
}

/**
 * Takes the period's charge: a new row, or a failed or refunded attempt from before this run. A
 * pending one belongs to a run in progress, or to one that died, which the reconciliation job
 * finishes with the same key.
 */
async function claimPeriod(
  db: Db,
  request: PeriodChargeRequest,
): Promise<{ id: number; idempotencyKey: string } | null> {
  const { membershipId, periodStart, now } = request;
  const first = keyOf(membershipId, periodStart, 1);
  const [inserted] = await db
    .insert(membershipCharges)
    .values({
      kind: request.kind,
      membershipId,
      userId: request.userId,
      membershipDefinitionId: request.membershipDefinitionId,
      periodStart,
      amountCents: request.amountCents,
      status: 'pending',
      attempts: 1,
      idempotencyKey: first,
      paymentInstrumentId: request.instrument?.id ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: [membershipCharges.membershipId, membershipCharges.periodStart] })
    .returning({ id: membershipCharges.id });
  if (inserted) return { id: inserted.id, idempotencyKey: first };

  const ofPeriod = and(
    eq(membershipCharges.membershipId, membershipId),
    eq(membershipCharges.periodStart, periodStart),
  );
  const [row] = await db.select().from(membershipCharges).where(ofPeriod);
  if (!row || (row.status !== 'failed' && row.status !== 'refunded')) return null;
  if (row.updatedAt >= request.retryFailedBefore) return null;
  const attempt = row.attempts + 1;
  const idempotencyKey = keyOf(membershipId, periodStart, attempt);
  const [taken] = await db
    .update(membershipCharges)
    .set({
      kind: request.kind,
      status: 'pending',
      attempts: attempt,
      idempotencyKey,
      amountCents: request.amountCents,
      paymentInstrumentId: request.instrument?.id ?? null,
      processorReference: null,
      failureReason: null,
      updatedAt: now,
    })
    .where(
      and(ofPeriod, eq(membershipCharges.status, row.status), eq(membershipCharges.attempts, row.attempts)),
    )
    .returning({ id: membershipCharges.id });
  return taken ? { id: taken.id, idempotencyKey } : null;
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

/** Serialises one client's membership changes (a transaction-level advisory lock). */
export async function lockClientMemberships(tx: Transaction, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${membershipLockSpace}, ${userId})`);
}

// Arbitrary but fixed: the first key of the per-client membership lock (the second is the user id).
const membershipLockSpace = 727_105_031;
