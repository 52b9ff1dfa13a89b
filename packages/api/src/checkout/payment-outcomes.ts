// A charge's outcome learned after the fact (a webhook): the payment row it belongs to is settled by
// the same function the live request and the reconciliation job use, which does nothing to a row
// that is settled already (but a success also settles a row an earlier failure of it marked failed).
// Rows are found by the idempotency key the charge was created with (every PaymentIntent carries it
// as metadata.atrium_idempotency_key), else by the processor's reference.
import { eq, or } from 'drizzle-orm';
import type { Db } from '../kernel/database/database';
import type { Logger } from '../kernel/logger';
import {
  type ChargeOutcome,
  membershipCharges,
  packagePurchases,
  type SettleableState,
  settleMembershipCharge,
  settlePackagePurchase,
} from '../memberships';
import type { PaymentsProcessor, ProcessorEventFacts } from '../payments';
import { awaitAuthentication, type OperatorDependencies } from './operator-actions';
import { settleAppointmentPayment } from './payment-authentication';
import { appointmentPayments } from './tables';

export interface PaymentOutcomePorts extends OperatorDependencies {
  db: Db;
  payments: { processor: PaymentsProcessor };
  clock: () => Date;
  log: Logger;
}

export type PaymentFacts = Extract<
  ProcessorEventFacts,
  { kind: 'payment-succeeded' | 'payment-failed' | 'payment-requires-action' }
>;

/**
 * The rows an outcome may settle, decided by the payment's own state rather than by the order events
 * arrive in: a success settles a row still open and also one an earlier failure of the same payment
 * marked failed (a charge the bank wanted authenticated can fail, then succeed once the client
 * authenticated, and Stripe may deliver the two events in either order, or at once); a failure settles
 * only a row still open, so a payment that succeeded never goes back to failed.
 */
function settleableStates(outcome: ChargeOutcome): SettleableState[] {
  return outcome.ok ? ['pending', 'failed'] : ['pending'];
}

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
  const open = outcome ? settleableStates(outcome) : [];
  // An appointment's charge waiting for the client's authentication is open too.
  const openPayment = [...open, 'requires_action' as const];
  const settleable = (status: string, states: string[] = open) => states.includes(status);

  const [payment] = await db.select().from(appointmentPayments).where(matching(appointmentPayments, facts));
  if (payment) {
    // A marketplace's confirmation charged it: a late success books the appointment, a late
    // failure leaves it PENDING with the reason, a hold for the client's bank mails them the link.
    // An off-session attempt the bank wants authenticated fails first, yet waits for the client.
    const awaitsClient =
      facts.kind === 'payment-requires-action' ||
      (facts.kind === 'payment-failed' && facts.authenticationRequired);
    if (awaitsClient) {
      if (payment.status === 'pending') {
        await awaitAuthentication(ports, payment.id, payment.appointmentId, facts.paymentReference);
      }
    } else if (settleable(payment.status, openPayment)) {
      await settleAppointmentPayment(
        ports,
        payment,
        openPayment,
        facts.kind === 'payment-succeeded'
          ? { status: 'succeeded', reference: facts.paymentReference }
          : { status: 'failed', reason: facts.reason },
      );
    }
    return;
  }

  const [purchase] = await db
    .select({ id: packagePurchases.id, status: packagePurchases.status })
    .from(packagePurchases)
    .where(matching(packagePurchases, facts));
  if (purchase) {
    // A purchase is paid off-session: one that needs authentication was refused when it was made.
    if (outcome && settleable(purchase.status)) {
      await settlePackagePurchase(db, processor, purchase.id, outcome, now, open);
    }
    return;
  }
  const [charge] = await db
    .select({ id: membershipCharges.id, status: membershipCharges.status })
    .from(membershipCharges)
    .where(matching(membershipCharges, facts));
  if (charge) {
    if (outcome && settleable(charge.status)) {
      await settleMembershipCharge(db, processor, charge.id, outcome, now, open);
    }
    return;
  }
  ports.log.info(
    { paymentReference: facts.paymentReference, kind: facts.kind },
    'A payment event about no payment of ours',
  );
}

/** The row charged with this key, or (for a charge made without our metadata) with this reference. */
function matching(
  table: typeof appointmentPayments | typeof packagePurchases | typeof membershipCharges,
  facts: PaymentFacts,
) {
  return facts.idempotencyKey
    ? or(eq(table.idempotencyKey, facts.idempotencyKey), eq(table.processorReference, facts.paymentReference))
    : eq(table.processorReference, facts.paymentReference);
}
