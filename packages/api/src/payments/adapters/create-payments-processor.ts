import Stripe from 'stripe';
import type { Db } from '../../kernel/database/database';
import type { PaymentsConfig } from '../config';
import {
  type ApplePayTokenizer,
  createSandboxApplePayTokenizer,
  createStripeApplePayTokenizer,
} from './apple-pay-tokenizer';
import type { PaymentsProcessor } from './payments-processor';
import { createSandboxProcessor, type SandboxProcessor } from './sandbox-processor';
import { createStripeProcessor } from './stripe-processor';

export interface Payments {
  processor: PaymentsProcessor;
  /** The sandbox's card tokenizer; null with a real processor. */
  sandbox: SandboxProcessor | null;
  /** What the browser needs to tokenize cards with Stripe.js; null in sandbox mode. */
  stripePublishableKey: string | null;
  /** Turns Apple Pay tokens into this processor's card tokens (apple-pay-tokenizer.ts). */
  applePay: ApplePayTokenizer;
}

/** The one place that picks the payment processor from configuration. */
export function createPayments(config: PaymentsConfig, db: Db): Payments {
  if (config.processor === 'stripe') {
    const stripe = new Stripe(config.secretKey, { maxNetworkRetries: 2 });
    return {
      processor: createStripeProcessor(stripe),
      sandbox: null,
      stripePublishableKey: config.publishableKey,
      applePay: createStripeApplePayTokenizer(stripe),
    };
  }
  const sandbox = createSandboxProcessor(db);
  return {
    processor: sandbox,
    sandbox,
    stripePublishableKey: null,
    applePay: createSandboxApplePayTokenizer(db),
  };
}
