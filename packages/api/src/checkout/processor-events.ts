// What the payment processor tells us afterwards, by webhook (POST /webhooks/stripe): a charge that
// settled late or after 3-D Secure, a refund made in the processor's dashboard, a dispute. Each event
// is applied once: its id is inserted in the transaction that applies it, so a replay, or the same
// event delivered to two API processes at once, changes nothing the second time.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../kernel/database/database';
import type { Logger } from '../kernel/logger';
import { membershipCharges, packagePurchases } from '../memberships';
import type { ProcessorEvent } from '../payments';
import {
  type PaymentProcessorName,
  paymentDisputes,
  processorEvents,
  queuePaymentReceipt,
} from '../payments';
import { applyPaymentOutcome, type PaymentOutcomePorts } from './payment-outcomes';
import {
  failRefund,
  recordProcessorRefunds,
  refundedInProcessorReason as refundedInProcessor,
} from './refunds';
import { appointmentPayments } from './tables';

export type ProcessorEventPorts = PaymentOutcomePorts;

export type ProcessorEventResult = 'applied' | 'duplicate';

/** Why a paid purchase row is marked refunded when the refund was made in the processor. */
export { refundedInProcessorReason as refundedInProcessor } from './refunds';

/** Events are kept this long (housekeeping), well beyond Stripe's three days of retries. */
export const processorEventLifetimeMs = 30 * 24 * 60 * 60 * 1000;

/**
 * Applies one verified event, once. A failure rolls the whole event back (its id included), so the
 * processor's retry applies it again.
 */
export async function handleProcessorEvent(
  ports: ProcessorEventPorts,
  processor: PaymentProcessorName,
  event: ProcessorEvent,
): Promise<ProcessorEventResult> {
  return ports.db.transaction(async (tx) => {
    const [first] = await tx
      .insert(processorEvents)
      .values({
        id: event.id,
        processor,
        type: event.type,
        objectReference: event.objectReference,
        receivedAt: ports.clock(),
      })
      .onConflictDoNothing()
      .returning({ id: processorEvents.id });
    if (!first) return 'duplicate';

    const { facts } = event;
    switch (facts.kind) {
      case 'payment-succeeded':
      case 'payment-failed':
      case 'payment-requires-action':
        await applyPaymentOutcome({ ...ports, db: tx }, facts);
        break;
      case 'charge-refunded':
        await recordRefund(tx, ports.log, ports.clock(), facts);
        break;
      case 'refund-failed':
        await recordRefundFailure(tx, ports.log, facts);
        break;
      case 'dispute-created':
        await recordDispute(tx, ports.log, facts);
        break;
      case 'setup-succeeded':
        // Cards are saved when the client's own request completes (the setup is checked with the
        // processor then); the event is only recorded.
        break;
      case 'ignored':
        break;
    }
    ports.log.info({ eventId: event.id, type: event.type }, 'Payment processor event applied');
    return 'applied';
  });
}

/**
 * A refund told by the processor: of an appointment's payment, the refunds are recorded to the cent
 * (ours settled, one made in the dashboard added; refunds.ts). Of a package or a membership period, a
 * fully refunded payment is marked refunded and a partial one logged for the books. What it paid for
 * stays: the marketplace decides whether to cancel the appointment or membership too.
 */
async function recordRefund(
  tx: Db,
  log: Logger,
  now: Date,
  facts: Extract<ProcessorEvent['facts'], { kind: 'charge-refunded' }>,
): Promise<void> {
  if (!facts.paymentReference) return;
  const [payment] = await tx
    .select({ id: appointmentPayments.id, amountCents: appointmentPayments.amountCents })
    .from(appointmentPayments)
    .where(eq(appointmentPayments.processorReference, facts.paymentReference))
    .for('update');
  if (payment) {
    await recordProcessorRefunds(tx, payment, facts.amountRefundedCents);
    log.info(
      { paymentReference: facts.paymentReference, refundedCents: facts.amountRefundedCents },
      'Appointment payment refunds recorded',
    );
    return;
  }
  if (!facts.fully) {
    log.info(
      { paymentReference: facts.paymentReference, refundedCents: facts.amountRefundedCents },
      'Payment partly refunded',
    );
    return;
  }
  const reference = facts.paymentReference;
  const charges = [
    [packagePurchases, 'package_refund'],
    [membershipCharges, 'membership_refund'],
  ] as const;
  for (const [table, receipt] of charges) {
    const refunded = await tx
      .update(table)
      .set({ status: 'refunded', failureReason: refundedInProcessor, updatedAt: now })
      .where(and(eq(table.processorReference, reference), eq(table.status, 'succeeded')))
      .returning({ id: table.id });
    // The client's receipt of the money given back, queued with the record of it.
    for (const row of refunded) await queuePaymentReceipt(tx, receipt, row.id);
  }
  log.info({ paymentReference: reference }, 'Payment refunded in the processor');
}

/**
 * A refund that failed after Stripe accepted it: ours is marked failed with the reason (the console
 * shows it on the payment, and the amount may be refunded again), logged at warning level since the
 * client is still owed the money.
 */
async function recordRefundFailure(
  tx: Db,
  log: Logger,
  facts: Extract<ProcessorEvent['facts'], { kind: 'refund-failed' }>,
): Promise<void> {
  const failed = await failRefund(tx, facts.refundReference, facts.reason);
  log.warn(
    { refundReference: facts.refundReference, paymentReference: facts.paymentReference, ours: failed },
    'A refund failed after the processor accepted it: the client is still owed the money',
  );
}

/**
 * A dispute is kept (the marketplace answers it in the processor's dashboard before the bank's
 * deadline) and logged at warning level, where operators' alerts look.
 */
async function recordDispute(
  tx: Db,
  log: Logger,
  facts: Extract<ProcessorEvent['facts'], { kind: 'dispute-created' }>,
): Promise<void> {
  await tx
    .insert(paymentDisputes)
    .values({
      id: facts.disputeReference,
      paymentReference: facts.paymentReference,
      chargeReference: facts.chargeReference,
      amountCents: facts.amountCents,
      reason: facts.reason,
      status: facts.status,
      openedAt: facts.openedAt,
    })
    .onConflictDoNothing();
  log.warn(
    {
      disputeReference: facts.disputeReference,
      paymentReference: facts.paymentReference,
      amountCents: facts.amountCents,
      reason: facts.reason,
    },
    'A client disputed a payment: answer it in the processor dashboard before the deadline',
  );
}
