// A charge's outcome learned after the fact (a webhook): the payment row it belongs to is settled by
// the same function the live request and the reconciliation job use, which does nothing to a row
// that is settled already. Rows are found by the idempotency key the charge was created with (every
// PaymentIntent carries it as metadata.atrium_idempotency_key), else by the processor's reference.
import { eq, or } from 'drizzle-orm';
import type { Db } from '../../adapters/database/database';
import type { PaymentsProcessor } from '../../adapters/payments/payments-processor';
import type { ProcessorEventFacts } from '../../adapters/payments/stripe-events';
import { membershipCharges, packagePurchases } from '../../db/checkout-schema';
import type { Logger } from '../../logger';
import { type ChargeOutcome, settleMembershipCharge } from '../memberships/membership-charges';
import { settlePackagePurchase } from '../memberships/package-purchases';

export interface PaymentOutcomePorts {
  db: Db;
  payments: { processor: PaymentsProcessor };
  clock: () => Date;
  log: Logger;
}

export type PaymentFacts = Extract<
  ProcessorEventFacts,
  { kind: 'payment-succeeded' | 'payment-failed' | 'payment-requires-action' }
>;

/** Settles the payment row a payment event is about; an event about no row of ours is logged. */
export async function applyPaymentOutcome(ports: PaymentOutcomePorts, facts: PaymentFacts): Promise<void> {
  const outcome: ChargeOutcome | null =
    facts.kind === 'payment-succeeded'
      ? { ok: true, reference: facts.paymentReference }
      : facts.kind === 'payment-failed'
        ? { ok: false, reason: facts.reason }
        : null;
  const { db } = ports;
  const { processor } = ports.payments;
  const now = ports.clock();

  const [purchase] = await db
    .select({ id: packagePurchases.id, status: packagePurchases.status })
    .from(packagePurchases)
    .where(matching(packagePurchases, facts));
  if (purchase) {
    // A purchase is paid off-session: one that needs authentication was refused when it was made.
    if (outcome && purchase.status === 'pending') {
      await settlePackagePurchase(db, processor, purchase.id, outcome, now);
    }
    return;
  }
  const [charge] = await db
    .select({ id: membershipCharges.id, status: membershipCharges.status })
    .from(membershipCharges)
    .where(matching(membershipCharges, facts));
  if (charge) {
    if (outcome && charge.status === 'pending') {
      await settleMembershipCharge(db, processor, charge.id, outcome, now);
    }
    return;
  }
  ports.log.info(
    { paymentReference: facts.paymentReference, kind: facts.kind },
    'A payment event about no payment of ours',
  );
}

/** The row charged with this key, or (for a charge made without our metadata) with this reference. */
function matching(table: typeof packagePurchases | typeof membershipCharges, facts: PaymentFacts) {
  return facts.idempotencyKey
    ? or(eq(table.idempotencyKey, facts.idempotencyKey), eq(table.processorReference, facts.paymentReference))
    : eq(table.processorReference, facts.paymentReference);
}
