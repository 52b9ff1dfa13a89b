// Stripe's webhook events, verified with the SDK's own signature check (Stripe-Signature header,
// HMAC-SHA256 of the raw body with the endpoint's signing secret, signed within 5 minutes of our
// clock either way), checked against the shape Stripe sends (zod) and read into the few facts the
// payment services act on. Nothing else in the API knows Stripe's event shapes.
import Stripe from 'stripe';
import { z } from 'zod';
import { idempotencyKeyMetadata } from './stripe-processor';

/** What an event says happened, in the terms of our payment rows. */
export type ProcessorEventFacts =
  /** A charge went through: a payment intent succeeded (after 3-D Secure, or settled late). */
  | { kind: 'payment-succeeded'; paymentReference: string; idempotencyKey: string | null }
  /**
   * A charge was refused; `reason` is the processor's message, fit to show. With
   * `authenticationRequired` the bank refused an off-session attempt until the client authenticates
   * it: not final for a charge the client is asked to authenticate.
   */
  | {
      kind: 'payment-failed';
      paymentReference: string;
      idempotencyKey: string | null;
      reason: string;
      authenticationRequired: boolean;
    }
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
  /**
   * A refund Stripe had accepted did not reach the card after all (refund.failed): the money is back
   * in the marketplace's balance and must be given back another way. `reason` is fit to show.
   */
  | { kind: 'refund-failed'; refundReference: string; paymentReference: string | null; reason: string }
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

/** The body does not carry a valid signature of the configured secret, or was signed too long ago or ahead. */
export class InvalidWebhookSignatureError extends Error {
  override readonly name = 'InvalidWebhookSignatureError';
}

/** A verified delivery that is not an event of the shape Stripe sends (no `data.object`, a wrong type). */
export class MalformedWebhookEventError extends Error {
  override readonly name = 'MalformedWebhookEventError';
}

/** How far a delivery's signed timestamp may be from our clock, either way (Stripe's default, 5 minutes). */
export const webhookToleranceSeconds = 300;

/**
 * Verifies a webhook delivery with Stripe's `constructEvent` (signature, secret, and a timestamp no
 * older than the tolerance), then refuses a timestamp further ahead of `now` than the tolerance too,
 * which the SDK lets through, and reads the event. Throws InvalidWebhookSignatureError for anything
 * unverified and MalformedWebhookEventError for a verified body that is not a well-formed event.
 */
export function verifyStripeEvent(
  rawBody: string,
  signatureHeader: string | null,
  webhookSecret: string,
  now: Date = new Date(),
): ProcessorEvent {
  let verified: unknown;
  try {
    if (!signatureHeader) throw new Error('No Stripe-Signature header.');
    verified = Stripe.webhooks.constructEvent(
      rawBody,
      signatureHeader,
      webhookSecret,
      webhookToleranceSeconds,
      undefined,
      now.getTime(),
    );
  } catch (error) {
    throw new InvalidWebhookSignatureError(error instanceof Error ? error.message : String(error));
  }
  if (signedAt(signatureHeader) - now.getTime() / 1000 > webhookToleranceSeconds) {
    throw new InvalidWebhookSignatureError('Timestamp outside the tolerance zone');
  }
  const envelope = eventEnvelope.safeParse(verified);
  if (!envelope.success) throw new MalformedWebhookEventError(z.prettifyError(envelope.error));
  const event = envelope.data;
  const facts = factsOf(event.type, event.data.object);
  if (facts === null)
    throw new MalformedWebhookEventError(`A ${event.type} event without its object's fields.`);
  const objectId = event.data.object.id;
  return {
    id: event.id,
    type: event.type,
    objectReference: typeof objectId === 'string' && objectId.length > 0 ? objectId : null,
    facts,
  };
}

/** The signed timestamp (`t=`) of a verified Stripe-Signature header, read as the SDK reads it. */
function signedAt(header: string): number {
  let timestamp = Number.NaN;
  for (const item of header.split(',')) {
    const [name, value] = item.split('=');
    if (name === 't') timestamp = Number.parseInt(value ?? '', 10);
  }
  return timestamp;
}

/** No NUL (PostgreSQL refuses it in text); Stripe's ids and keys are short. */
const text = (max: number) =>
  z
    .string()
    .max(max)
    .refine((value) => !value.includes('\u0000'), 'contains NUL');
const id = text(255).min(1);
/** Cents, as our integer columns hold them. */
const cents = z.number().int().nonnegative().max(2_147_483_647);
/** An expandable field: the id, or the object when expanded. */
const expandable = z.union([id, z.object({ id })]).nullish();

const eventEnvelope = z.object({
  id,
  type: text(255).min(1),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

const paymentIntent = z.object({
  id,
  metadata: z.record(z.string(), z.unknown()).nullish(),
  last_payment_error: z.object({ message: text(5000).nullish(), code: text(255).nullish() }).nullish(),
});
const setupIntent = z.object({ id, payment_method: expandable });
const charge = z.object({
  id,
  payment_intent: expandable,
  amount_refunded: cents,
  refunded: z.boolean(),
});
const refund = z.object({
  id,
  payment_intent: expandable,
  status: text(255).nullish(),
  failure_reason: text(255).nullish(),
});
const dispute = z.object({
  id,
  payment_intent: expandable,
  charge: expandable,
  amount: cents,
  reason: text(255),
  status: text(255),
  // Seconds since 1970, before the year 10000.
  created: z.number().int().nonnegative().max(253_402_300_799),
});

/** The facts of an event of a type we act on, or null when its object lacks what we read. */
function factsOf(type: string, object: Record<string, unknown>): ProcessorEventFacts | null {
  switch (type) {
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed':
    case 'payment_intent.requires_action': {
      const intent = paymentIntent.safeParse(object);
      return intent.success ? paymentFacts(type, intent.data) : null;
    }
    case 'setup_intent.succeeded': {
      const setup = setupIntent.safeParse(object);
      if (!setup.success) return null;
      return {
        kind: 'setup-succeeded',
        setupReference: setup.data.id,
        paymentMethodReference: idOf(setup.data.payment_method),
      };
    }
    case 'charge.refunded': {
      const refunded = charge.safeParse(object);
      if (!refunded.success) return null;
      return {
        kind: 'charge-refunded',
        paymentReference: idOf(refunded.data.payment_intent),
        chargeReference: refunded.data.id,
        amountRefundedCents: refunded.data.amount_refunded,
        fully: refunded.data.refunded,
      };
    }
    case 'refund.failed':
    case 'refund.updated':
    case 'charge.refund.updated': {
      const told = refund.safeParse(object);
      if (!told.success) return null;
      if (told.data.status !== 'failed') return { kind: 'ignored' };
      return {
        kind: 'refund-failed',
        refundReference: told.data.id,
        paymentReference: idOf(told.data.payment_intent),
        reason: refundFailureText(told.data.failure_reason),
      };
    }
    case 'charge.dispute.created': {
      const disputed = dispute.safeParse(object);
      if (!disputed.success) return null;
      return {
        kind: 'dispute-created',
        disputeReference: disputed.data.id,
        paymentReference: idOf(disputed.data.payment_intent),
        chargeReference: idOf(disputed.data.charge) ?? '',
        amountCents: disputed.data.amount,
        reason: disputed.data.reason,
        status: disputed.data.status,
        openedAt: new Date(disputed.data.created * 1000),
      };
    }
    default:
      return { kind: 'ignored' };
  }
}

/** Stripe's refund failure_reason codes, said for the front desk. */
const refundFailures: Record<string, string> = {
  lost_or_stolen_card: 'The card was reported lost or stolen.',
  expired_or_canceled_card: 'The card has expired or was cancelled.',
  declined: 'The bank declined the refund.',
  insufficient_funds: 'The balance could not cover the refund.',
  merchant_request: 'The refund was cancelled from the processor.',
};

function refundFailureText(code: string | null | undefined): string {
  return refundFailures[code ?? ''] ?? 'The bank did not accept the refund.';
}

/** A payment intent's facts. */
function paymentFacts(type: string, intent: z.infer<typeof paymentIntent>): ProcessorEventFacts {
  // Metadata is free-form: a key that could not be ours (not text, or with NUL) finds nothing.
  const key = id.safeParse(intent.metadata?.[idempotencyKeyMetadata]);
  const reference = { paymentReference: intent.id, idempotencyKey: key.success ? key.data : null };
  if (type === 'payment_intent.succeeded') return { kind: 'payment-succeeded', ...reference };
  if (type === 'payment_intent.requires_action') return { kind: 'payment-requires-action', ...reference };
  const failure = intent.last_payment_error;
  return {
    kind: 'payment-failed',
    ...reference,
    reason: failure?.message || 'The payment was declined.',
    authenticationRequired: failure?.code === 'authentication_required',
  };
}

/** An expandable field's id. */
function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}
