// Stripe's webhook events, verified with the SDK's own signature check (Stripe-Signature header,
// HMAC-SHA256 of the raw body with the endpoint's signing secret, 5 minutes' tolerance) and read into
// the few facts the payment services act on. Nothing else in the API knows Stripe's event shapes.
import Stripe from 'stripe';

/** What an event says happened, in the terms of our payment rows. */
export type ProcessorEventFacts =
  /** A charge went through: a payment intent succeeded (after 3-D Secure, or settled late). */
  | { kind: 'payment-succeeded'; paymentReference: string; idempotencyKey: string | null }
  /** A charge was refused; `reason` is the processor's message, fit to show. */
  | { kind: 'payment-failed'; paymentReference: string; idempotencyKey: string | null; reason: string }
  /** A charge waits for the client's authentication (3-D Secure). */
  | { kind: 'payment-requires-action'; paymentReference: string; idempotencyKey: string | null }
  /** A card was set up for later charges. */
  | { kind: 'setup-succeeded'; setupReference: string; paymentMethodReference: string | null }
  /** Money went back to the client; `fully` when the whole charge was refunded. */
  | {
      kind: 'charge-refunded';
      paymentReference: string | null;
      chargeReference: string;
      amountRefundedCents: number;
      fully: boolean;
    }
  /** The client disputed a charge with their bank. */
  | {
      kind: 'dispute-created';
      disputeReference: string;
      paymentReference: string | null;
      chargeReference: string;
      amountCents: number;
      reason: string;
      status: string;
      openedAt: Date;
    }
  /** An event type the product does not act on (still recorded as received). */
  | { kind: 'ignored' };

export interface ProcessorEvent {
  /** The processor's event id (evt_…): the same event sent twice has the same id. */
  id: string;
  type: string;
  /** The id of what the event is about. */
  objectReference: string | null;
  facts: ProcessorEventFacts;
}

/** The body does not carry a valid signature of the configured secret (or is not an event). */
export class InvalidWebhookSignatureError extends Error {
  override readonly name = 'InvalidWebhookSignatureError';
}

/**
 * Verifies a webhook delivery (Stripe's `constructEvent`: signature, secret and timestamp within the
 * tolerance) and reads it. Throws InvalidWebhookSignatureError for anything unverified.
 */
export function verifyStripeEvent(
  rawBody: string,
  signatureHeader: string | null,
  webhookSecret: string,
): ProcessorEvent {
  let event: Stripe.Event;
  try {
    if (!signatureHeader) throw new Error('No Stripe-Signature header.');
    event = Stripe.webhooks.constructEvent(rawBody, signatureHeader, webhookSecret);
  } catch (error) {
    throw new InvalidWebhookSignatureError(error instanceof Error ? error.message : String(error));
  }
  const object = event.data.object as { id?: unknown };
  return {
    id: event.id,
    type: event.type,
    objectReference: typeof object.id === 'string' ? object.id : null,
    facts: factsOf(event),
  };
}

function factsOf(event: Stripe.Event): ProcessorEventFacts {
  switch (event.type) {
    case 'payment_intent.succeeded':
      return { kind: 'payment-succeeded', ...intentOf(event.data.object) };
    case 'payment_intent.payment_failed':
      return {
        kind: 'payment-failed',
        ...intentOf(event.data.object),
        reason: event.data.object.last_payment_error?.message ?? 'The payment was declined.',
      };
    case 'payment_intent.requires_action':
      return { kind: 'payment-requires-action', ...intentOf(event.data.object) };
    case 'setup_intent.succeeded':
      return {
        kind: 'setup-succeeded',
        setupReference: event.data.object.id,
        paymentMethodReference: idOf(event.data.object.payment_method),
      };
    case 'charge.refunded': {
      const charge = event.data.object;
      return {
        kind: 'charge-refunded',
        paymentReference: idOf(charge.payment_intent),
        chargeReference: charge.id,
        amountRefundedCents: charge.amount_refunded,
        fully: charge.refunded,
      };
    }
    case 'charge.dispute.created': {
      const dispute = event.data.object;
      return {
        kind: 'dispute-created',
        disputeReference: dispute.id,
        paymentReference: idOf(dispute.payment_intent),
        chargeReference: idOf(dispute.charge) ?? '',
        amountCents: dispute.amount,
        reason: dispute.reason,
        status: dispute.status,
        openedAt: new Date(dispute.created * 1000),
      };
    }
    default:
      return { kind: 'ignored' };
  }
}

/** Our rows find a payment intent by its id, or by the idempotency key it was created with. */
function intentOf(intent: Stripe.PaymentIntent): { paymentReference: string; idempotencyKey: string | null } {
  return { paymentReference: intent.id, idempotencyKey: intent.metadata?.atrium_idempotency_key ?? null };
}

/** An expandable field's id (Stripe sends the id, or the object when expanded). */
function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}
