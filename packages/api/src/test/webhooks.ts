// Stripe webhook deliveries for tests: an API process whose POST /webhooks/stripe verifies with a
// known secret (its charges still go to the given processor, the sandbox by default), and events
// signed with the Stripe SDK's own test helper, as Stripe signs them.
import Stripe from 'stripe';
import { type App, createApp } from '../app';
import { developmentOperatorKey } from '../checkout';
import { loadIdentityConfig } from '../identity';
import type { Database } from '../kernel/database/database';
import type { PaymentsProcessor } from '../payments';
import { createPayments, createSandboxProcessor } from '../payments';

export const testWebhookSecret = 'whsec_test_payment_events';

export function appWithStripeWebhooks(
  database: Database,
  processor: PaymentsProcessor = createSandboxProcessor(database.db),
): App {
  return createApp({
    db: database,
    config: {
      nodeEnv: 'test',
      identity: loadIdentityConfig({ REGISTER_LIMIT_PER_IP: '0' }, 'test'),
      checkout: {
        payments: {
          processor: 'stripe',
          secretKey: 'sk_test_x',
          publishableKey: 'pk_test_x',
          webhookSecret: testWebhookSecret,
        },
        operatorKey: developmentOperatorKey,
      },
    },
    logging: false,
    checkout: {
      payments: { ...createPayments({ processor: 'sandbox' }, database.db), processor },
    },
  });
}

let events = 0;

/** Delivers a signed Stripe event about `object`; the same `id` is a replay. */
export async function deliverStripeEvent(
  app: App,
  type: string,
  object: Record<string, unknown>,
  id = `evt_test_${process.pid}_${++events}`,
) {
  const body = JSON.stringify({ id, object: 'event', type, created: 1_790_000_000, data: { object } });
  const response = await app.fetch('http://api.test/webhooks/stripe', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({
        payload: body,
        secret: testWebhookSecret,
      }),
    },
    body,
  });
  return { status: response.status, text: await response.text(), id };
}
