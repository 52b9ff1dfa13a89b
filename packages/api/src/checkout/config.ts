import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { PaymentsConfig } from '../payments';

export interface CheckoutConfig {
  payments: PaymentsConfig;
  /** The secret operators present in the x-operator-key header to confirm, complete or cancel. */
  operatorKey: string;
}

type NodeEnv = 'development' | 'production' | 'test';

// Outside production only, so the operator mutations and CLI work with no configuration at all.
export const developmentOperatorKey = 'atrium-development-operator-key';

const optionalText = z.preprocess((value) => (value === '' ? undefined : value), z.string().optional());

const envSchema = z.object({
  PAYMENTS_PROCESSOR: optionalText.pipe(z.enum(['sandbox', 'stripe']).optional()),
  STRIPE_SECRET_KEY: optionalText.pipe(
    z
      .string()
      .regex(
        /^(sk|rk)_(test|live)_/,
        'STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_… or sk_live_…)',
      )
      .optional(),
  ),
  STRIPE_PUBLISHABLE_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^pk_(test|live)_/, 'STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key (pk_…)')
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: optionalText.pipe(
    z
      .string()
      .regex(/^whsec_/, "STRIPE_WEBHOOK_SECRET must be the webhook endpoint's signing secret (whsec_…)")
      .optional(),
  ),
  OPERATOR_KEY: optionalText.pipe(
    z.string().min(24, 'OPERATOR_KEY must be at least 24 characters').optional(),
  ),
});

/**
 * Reads the checkout part of the environment. Throws 'Invalid environment' naming every problem.
 * The development defaults apply in every environment; `loadConfig` refuses them in production.
 */
export function loadCheckoutConfig(
  env: Record<string, string | undefined>,
  _nodeEnv?: NodeEnv,
): CheckoutConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw invalid(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const values = parsed.data;
  const problems: string[] = [];

  // Production refuses the sandbox and the development operator key (production-guards.ts), so a
  // server never falls back to them unnoticed.
  const processor = values.PAYMENTS_PROCESSOR ?? 'sandbox';
  if (processor === 'stripe' && !values.STRIPE_SECRET_KEY) {
    problems.push('STRIPE_SECRET_KEY: required when PAYMENTS_PROCESSOR=stripe');
  }
  if (processor === 'stripe' && !values.STRIPE_PUBLISHABLE_KEY) {
    problems.push('STRIPE_PUBLISHABLE_KEY: required when PAYMENTS_PROCESSOR=stripe (the browser uses it)');
  }
  if (processor === 'stripe' && !values.STRIPE_WEBHOOK_SECRET) {
    problems.push(
      'STRIPE_WEBHOOK_SECRET: required when PAYMENTS_PROCESSOR=stripe (POST /webhooks/stripe verifies events with it)',
    );
  }
  if (problems.length > 0) throw invalid(problems);

  return {
    payments:
      processor === 'stripe'
        ? {
            processor: 'stripe',
            secretKey: values.STRIPE_SECRET_KEY as string,
            publishableKey: values.STRIPE_PUBLISHABLE_KEY as string,
            webhookSecret: values.STRIPE_WEBHOOK_SECRET as string,
          }
        : { processor: 'sandbox' },
    operatorKey: values.OPERATOR_KEY ?? developmentOperatorKey,
  };
}

/**
 * The configuration of an app built without one (tests, scripts): the sandbox, and the development
 * operator key outside production; in production an unguessable key, so operator actions stay shut.
 */
export function defaultCheckoutConfig(nodeEnv: NodeEnv): CheckoutConfig {
  return {
    payments: { processor: 'sandbox' },
    operatorKey: nodeEnv === 'production' ? randomBytes(32).toString('hex') : developmentOperatorKey,
  };
}

function invalid(problems: string[]): Error {
  return new Error(`Invalid environment:\n  ${problems.join('\n  ')}`);
}
