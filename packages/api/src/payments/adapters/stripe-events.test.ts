import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import {
  InvalidWebhookSignatureError,
  MalformedWebhookEventError,
  verifyStripeEvent,
  webhookToleranceSeconds,
} from './stripe-events';

const secret = 'whsec_test_events';
const now = new Date('2026-06-01T12:00:00Z');
const nowSeconds = Math.floor(now.getTime() / 1000);

function delivery(event: Record<string, unknown>, timestamp = nowSeconds) {
  const body = JSON.stringify({ object: 'event', created: timestamp, ...event });
  return { body, header: Stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp }) };
}
const verify = ({ body, header }: { body: string; header: string }) =>
  verifyStripeEvent(body, header, secret, now);

describe('verifyStripeEvent', () => {
  const failure = (code: string) =>
    delivery({
      id: `evt_${code}`,
      type: 'payment_intent.payment_failed',
      data: {
        object: {
          id: 'pi_1',
          object: 'payment_intent',
          status: 'requires_payment_method',
          metadata: { atrium_idempotency_key: 'atrium-appointment-7-confirm-1' },
          last_payment_error: { code, message: 'Your card was declined.' },
        },
      },
    });

  it('reads a failure the bank lifts once the client authenticates as such, and a decline as final', () => {
    expect(verify(failure('authentication_required')).facts).toEqual({
      kind: 'payment-failed',
      paymentReference: 'pi_1',
      idempotencyKey: 'atrium-appointment-7-confirm-1',
      reason: 'Your card was declined.',
      authenticationRequired: true,
    });
    expect(verify(failure('card_declined')).facts).toMatchObject({ authenticationRequired: false });
  });

  it("reads a failed refund with its reason said for the desk, and a refund's other updates as nothing", () => {
    const refund = (status: string, failure_reason?: string) => ({
      id: 'evt_refund',
      type: 'refund.updated',
      data: { object: { id: 're_1', object: 'refund', payment_intent: 'pi_1', status, failure_reason } },
    });
    expect(verify(delivery(refund('failed', 'lost_or_stolen_card'))).facts).toEqual({
      kind: 'refund-failed',
      refundReference: 're_1',
      paymentReference: 'pi_1',
      reason: 'The card was reported lost or stolen.',
    });
    expect(verify(delivery(refund('failed', 'unknown'))).facts).toMatchObject({
      reason: 'The bank did not accept the refund.',
    });
    expect(verify(delivery(refund('succeeded'))).facts).toEqual({ kind: 'ignored' });
  });

  it('accepts a signature within the tolerance either way and refuses one beyond it either way', () => {
    const event = { id: 'evt_skew', type: 'customer.created', data: { object: { id: 'cus_1' } } };
    for (const skew of [-webhookToleranceSeconds, webhookToleranceSeconds]) {
      expect(verify(delivery(event, nowSeconds + skew)).facts).toEqual({ kind: 'ignored' });
    }
    for (const skew of [-webhookToleranceSeconds - 1, webhookToleranceSeconds + 1, 600]) {
      expect(() => verify(delivery(event, nowSeconds + skew))).toThrow(InvalidWebhookSignatureError);
    }
  });

  it('refuses a signed body that is not an event of the shape Stripe sends', () => {
    for (const event of [
      { id: 'evt_no_data', type: 'payment_intent.succeeded' },
      { id: 'evt_no_object', type: 'payment_intent.succeeded', data: {} },
      { id: 'evt_no_intent_id', type: 'payment_intent.succeeded', data: { object: { status: 'succeeded' } } },
      { type: 'customer.created', data: { object: {} } },
      {
        id: 'evt_huge_dispute',
        type: 'charge.dispute.created',
        data: {
          object: {
            id: 'dp_1',
            charge: 'ch_1',
            amount: 1e308,
            reason: 'fraudulent',
            status: 'lost',
            created: 1,
          },
        },
      },
    ]) {
      expect(() => verify(delivery(event)), JSON.stringify(event)).toThrow(MalformedWebhookEventError);
    }
  });
});
