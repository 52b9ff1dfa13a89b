// A package bought on its own, exactly once: the package_purchases row is the intent, committed as
// `pending` before the processor is asked, with the idempotency key `atrium-package-purchase-<id>`;
// the processor's answer settles it (settlePackagePurchase), by the live request or, after a crash,
// by the reconcile-payments job.
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../kernel/database/database';
import type { PaymentsProcessor } from '../payments';
import { paymentInstruments, queuePaymentReceipt } from '../payments';
import {
  askProcessor,
  type ChargeOutcome,
  grantPackage,
  nextId,
  type PaymentInstrumentRow,
  type SettleableState,
  settleIntent,
  type Transaction,
} from './membership-charges';
import { packagePurchases, packages } from './tables';

export type PackagePurchaseRow = typeof packagePurchases.$inferSelect;

const dayMs = 24 * 60 * 60 * 1000;

/** When a purchase's points expire: the package's validity days after it was bought, or never. */
async function pointsExpiry(tx: Transaction, purchase: PackagePurchaseRow): Promise<Date | null> {
  const [pack] = await tx
    .select({ validityDays: packages.validityDays })
    .from(packages)
    .where(eq(packages.id, purchase.packageId));
  const days = pack?.validityDays ?? null;
  return days === null ? null : new Date(purchase.createdAt.getTime() + days * dayMs);
}

/** Records the intent to buy a package with a card (committed before the processor is asked). */
export async function recordPackagePurchase(
  db: Db,
  intent: {
    userId: number;
    packageId: number;
    amountCents: number;
    instrument: PaymentInstrumentRow;
    clientKey: string;
    now: Date;
  },
): Promise<PackagePurchaseRow> {
  const id = await nextId(db, 'package_purchases');
  const [row] = await db
    .insert(packagePurchases)
    .values({
      id,
      userId: intent.userId,
      packageId: intent.packageId,
      paymentInstrumentId: intent.instrument.id,
      amountCents: intent.amountCents,
      status: 'pending',
      idempotencyKey: `atrium-package-purchase-${id}`,
      clientKey: intent.clientKey,
      createdAt: intent.now,
      updatedAt: intent.now,
    })
    .returning();
  if (!row) throw new Error('The package purchase was not recorded.');
  return row;
}

/** Asks the processor for a pending purchase's charge (again, with its own key) and settles it. */
export async function drivePackagePurchase(
  db: Db,
  processor: PaymentsProcessor,
  purchase: PackagePurchaseRow,
  now: Date,
): Promise<PackagePurchaseRow> {
  const [instrument] =
    purchase.paymentInstrumentId === null
      ? []
      : await db
          .select()
          .from(paymentInstruments)
          .where(eq(paymentInstruments.id, purchase.paymentInstrumentId));
  const outcome = await askProcessor(processor, {
    instrument: instrument ?? null,
    amountCents: purchase.amountCents,
    idempotencyKey: purchase.idempotencyKey,
    description: `Package ${purchase.packageId}`,
  });
  return settlePackagePurchase(db, processor, purchase.id, outcome, now);
}

/**
 * Settles a purchase (see settleIntent): paid, it becomes succeeded and its package items are created
 * in the same transaction (points as balance and total; they expire the package's validity days after
 * the purchase, or never); refused, it becomes failed
 * with the processor's reason and creates nothing. Returns the row as it stands afterwards.
 */
export async function settlePackagePurchase(
  db: Db,
  processor: PaymentsProcessor,
  purchaseId: number,
  outcome: ChargeOutcome,
  now: Date,
  from: SettleableState[] = ['pending'],
): Promise<PackagePurchaseRow> {
  const pending = and(eq(packagePurchases.id, purchaseId), inArray(packagePurchases.status, from));
  await settleIntent(db, processor, outcome, {
    succeed: async (tx, reference) => {
      const [purchase] = await tx.select().from(packagePurchases).where(pending).for('update');
      if (!purchase) return;
      // Paid after all, though the client's key was bought again meanwhile: both were charged, so
      // both are kept, and the key stays with the later purchase (one live purchase per key).
      const keyTaken = purchase.status === 'failed' && (await livePurchaseWithKey(tx, purchase));
      await grantPackage(tx, {
        userId: purchase.userId,
        packageId: purchase.packageId,
        membershipId: null,
        packagePurchaseId: purchase.id,
        expiresAt: await pointsExpiry(tx, purchase),
        now,
      });
      await tx
        .update(packagePurchases)
        .set({
          status: 'succeeded',
          processorReference: reference,
          failureReason: null,
          ...(keyTaken ? { clientKey: null } : {}),
          updatedAt: now,
        })
        .where(eq(packagePurchases.id, purchase.id));
      await queuePaymentReceipt(tx, 'package_purchase', purchase.id);
    },
    finish: async (status, reason, reference) => {
      await db.transaction(async (tx) => {
        const [settled] = await tx
          .update(packagePurchases)
          .set({ status, failureReason: reason, processorReference: reference, updatedAt: now })
          .where(pending)
          .returning({ id: packagePurchases.id });
        // Charged, then given back (what it paid for could not be had): a receipt of each.
        if (settled && status === 'refunded') {
          await queuePaymentReceipt(tx, 'package_purchase', settled.id);
          await queuePaymentReceipt(tx, 'package_refund', settled.id);
        }
      });
    },
  });
  const [row] = await db.select().from(packagePurchases).where(eq(packagePurchases.id, purchaseId));
  if (!row) throw new Error(`Package purchase ${purchaseId} vanished.`);
  return row;
}

/**
 * Whether another purchase of the package with the same client key is live (pending or paid): a failed
 * purchase whose payment succeeded later cannot become a second paid one for that key.
 */
async function livePurchaseWithKey(tx: Transaction, purchase: PackagePurchaseRow): Promise<boolean> {
  if (purchase.clientKey === null) return false;
  const [other] = await tx
    .select({ id: packagePurchases.id })
    .from(packagePurchases)
    .where(
      and(
        eq(packagePurchases.userId, purchase.userId),
        eq(packagePurchases.packageId, purchase.packageId),
        eq(packagePurchases.clientKey, purchase.clientKey),
        ne(packagePurchases.status, 'failed'),
        ne(packagePurchases.id, purchase.id),
      ),
    );
  return other !== undefined;
}
