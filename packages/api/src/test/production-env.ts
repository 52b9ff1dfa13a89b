/** Everything production needs (no embedded default left), for tests that take one thing away. */
export const productionEnv = {
  DATABASE_URL: 'postgres://atrium@db.internal:5432/atrium',
  PAYMENTS_PROCESSOR: 'stripe',
  STRIPE_SECRET_KEY: 'sk_live_123',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_456',
  STRIPE_WEBHOOK_SECRET: 'whsec_live_789',
  OPERATOR_KEY: 'a-production-operator-key-of-32-chars',
  AUTH_TOKEN_SECRET: 'a-production-registration-secret-of-40-chars',
  TRUST_PROXY_HOPS: '1',
  HOST_SECRET: 'a-production-host-secret-of-40-characters',
  REMOTE_ORIGINS: 'https://cdn.example.com',
  // The Apple Pay certificate is a file of its own (apple-pay-config.test.ts); here it is off.
  APPLE_PAY: 'off',
};
