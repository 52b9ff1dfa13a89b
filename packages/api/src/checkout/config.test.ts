import { describe, expect, it } from 'vitest';
import { defaultCheckoutConfig, developmentOperatorKey, loadCheckoutConfig } from './config';

describe('loadCheckoutConfig', () => {
  it('defaults to the sandbox processor and the development operator key outside production', () => {
    expect(loadCheckoutConfig({}, 'development')).toEqual({
      payments: { processor: 'sandbox' },
      operatorKey: developmentOperatorKey,
    });
  });

  it('reads Stripe keys when PAYMENTS_PROCESSOR=stripe', () => {
    expect(
      loadCheckoutConfig(
        {
          PAYMENTS_PROCESSOR: 'stripe',
          STRIPE_SECRET_KEY: 'sk_test_123',
          STRIPE_PUBLISHABLE_KEY: 'pk_test_456',
          STRIPE_WEBHOOK_SECRET: 'whsec_789',
        },
        'test',
      ).payments,
    ).toEqual({
      processor: 'stripe',
      secretKey: 'sk_test_123',
      publishableKey: 'pk_test_456',
      webhookSecret: 'whsec_789',
    });
  });

  it('requires both Stripe keys with Stripe', () => {
    expect(() => loadCheckoutConfig({ PAYMENTS_PROCESSOR: 'stripe' }, 'test')).toThrow(
      /STRIPE_SECRET_KEY: required[\s\S]*STRIPE_PUBLISHABLE_KEY: required[\s\S]*STRIPE_WEBHOOK_SECRET: required/,
    );
  });

  it('keeps the development defaults in production too: loadConfig refuses them (production-guards.ts)', () => {
    expect(loadCheckoutConfig({}, 'production')).toEqual({
      payments: { processor: 'sandbox' },
      operatorKey: developmentOperatorKey,
    });
  });

  it('refuses short operator keys and malformed Stripe keys', () => {
    expect(() => loadCheckoutConfig({ OPERATOR_KEY: 'short' }, 'test')).toThrow(
      /OPERATOR_KEY must be at least 24/,
    );
    expect(() => loadCheckoutConfig({ STRIPE_SECRET_KEY: 'pk_test_1' }, 'test')).toThrow(
      /STRIPE_SECRET_KEY must be/,
    );
  });

  it('an app without configuration in production gets an unguessable operator key', () => {
    const key = defaultCheckoutConfig('production').operatorKey;
    expect(key).not.toBe(developmentOperatorKey);
    expect(key).toHaveLength(64);
  });
});
