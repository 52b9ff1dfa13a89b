// A charge's outcome learned after the fact (a webhook): the payment row it belongs to is settled
// the way the live path would have settled it. Rows are found by the idempotency key the charge was
// created with (Stripe carries it as metadata.atrium_idempotency_key), else by the processor reference.
import type { Db } from '../../adapters/database/database';
import type { ProcessorEventFacts } from '../../adapters/payments/stripe-events';

export interface PaymentOutcomePorts {
  db: Db;
  clock: () => Date;
}

type PaymentFacts = Extract<
  ProcessorEventFacts,
  { kind: 'payment-succeeded' | 'payment-failed' | 'payment-requires-action' }
>;

export async function applyPaymentOutcome(_ports: PaymentOutcomePorts, _facts: PaymentFacts): Promise<void> {
  // Filled in when the pending payment rows land (issue 16).
}
