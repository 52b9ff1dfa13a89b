import type { Plugin } from 'graphql-yoga';
import { readAtMost } from '../kernel/http/read-body';
import type { Logger } from '../kernel/logger';
import {
  InvalidWebhookSignatureError,
  MalformedWebhookEventError,
  type ProcessorEvent,
  verifyStripeEvent,
} from './adapters/stripe-events';
import type { PaymentsConfig } from './config';

export const stripeWebhookPath = '/webhooks/stripe';

export interface StripeWebhookPorts {
  clock: () => Date;
  log: Logger;
  /** Applies a verified event once (what it changes belongs to the contexts that took the money). */
  handleEvent: (event: ProcessorEvent) => Promise<'applied' | 'duplicate'>;
}
/** Stripe's events are a few kilobytes; anything much larger is not Stripe's. */
export const stripeWebhookMaxBytes = 512 * 1024;

/**
 * POST /webhooks/stripe, the endpoint registered in Stripe's dashboard (reached directly or through
 * the host, which forwards /webhooks/*). Each delivery is verified with the endpoint's signing secret
 * (Stripe's constructEvent, signed within 5 minutes of our clock either way), its shape checked, and
 * applied once (`handleEvent`): 200 when applied or already applied, 400 for a
 * bad signature or a malformed event, 500 when applying failed (Stripe retries).
 * With the sandbox processor there is nothing to receive: 404.
 */
export function useStripeWebhooks(payments: PaymentsConfig, ports: StripeWebhookPorts): Plugin {
  return {
    async onRequest({ request, url, endResponse, fetchAPI }) {
      if (url.pathname !== stripeWebhookPath) return;
      const answer = (status: number, body: string, headers: Record<string, string> = {}) =>
        endResponse(
          new fetchAPI.Response(body, {
            status,
            headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers },
          }),
        );
      if (payments.processor !== 'stripe') return answer(404, 'Not found');
      if (request.method !== 'POST') return answer(405, 'Method not allowed', { allow: 'POST' });
      const body = await readAtMost(request, stripeWebhookMaxBytes);
      if (body === null) return answer(413, 'The event is too large.');
      let event: ReturnType<typeof verifyStripeEvent>;
      try {
        event = verifyStripeEvent(
          body,
          request.headers.get('stripe-signature'),
          payments.webhookSecret,
          ports.clock(),
        );
      } catch (error) {
        if (error instanceof InvalidWebhookSignatureError) {
          ports.log.warn({ reason: error.message }, 'Refused a webhook delivery with a bad signature');
          return answer(400, 'Invalid signature.');
        }
        if (error instanceof MalformedWebhookEventError) {
          ports.log.warn({ reason: error.message }, 'Refused a signed webhook delivery that is not an event');
          return answer(400, 'Malformed event.');
        }
        throw error;
      }
      const result = await ports.handleEvent(event);
      return answer(200, result === 'duplicate' ? 'Already received.' : 'Received.');
    },
  };
}
