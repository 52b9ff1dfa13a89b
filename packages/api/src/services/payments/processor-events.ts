// What the payment processor tells us afterwards, by webhook (POST /webhooks/stripe): a charge that
// settled late or after 3-D Secure, a refund made in the processor's dashboard, a dispute. Each event
// is applied once: its id is inserted in the transaction that applies it, so a replay, or the same
// event delivered to two API processes at once, changes nothing the second time.
import { eq } from 'drizzle-orm';
import type { Db } from '../../adapters/database/database';
import type { ProcessorEvent } from '../../adapters/payments/stripe-events';
import { appointmentPayments, type PaymentProcessorName } from '../../db/checkout-schema';
import { paymentDisputes, processorEvents } from '../../db/payments-schema';
import type { Logger } from '../../logger';
import { applyPaymentOutcome, type PaymentOutcomePorts } from './payment-outcomes';

export interface ProcessorEventPorts extends PaymentOutcomePorts {
  log: Logger;
}

export type ProcessorEventResult = 'applied' | 'duplicate';

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
        await recordRefund(tx, ports.log, facts);
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
 * A refund made outside the product (the processor's dashboard): a fully refunded appointment
 * payment is marked refunded. A partial refund changes no status; it is logged for the books.
 */
async function recordRefund(
  tx: Db,
  log: Logger,
  facts: Extract<ProcessorEvent['facts'], { kind: 'charge-refunded' }>,
): Promise<void> {
  if (!facts.paymentReference) return;
  if (!facts.fully) {
    log.info(
      { paymentReference: facts.paymentReference, refundedCents: facts.amountRefundedCents },
      'Payment partly refunded',
    );
    return;
  }
  await tx
    .update(appointmentPayments)
    .set({ status: 'refunded' })
    .where(eq(appointmentPayments.processorReference, facts.paymentReference));
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
