import { describe, expect, it } from 'vitest';
import { developmentOperatorKey } from './checkout';
import { loadConfig } from './config';
import { productionProblems } from './production-guards';
import { productionEnv } from './test/production-env';

/** Everything production needs; each test takes one thing away. */
const production = { NODE_ENV: 'production', ...productionEnv };

/** The refusals of loadConfig for `env`, one per line. */
function refusals(env: Record<string, string | undefined>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    return (error as Error).message.split('\n');
  }
}

describe('production guard rails', () => {
  it('let a fully configured production server start', () => {
    expect(refusals(production)).toEqual([]);
    expect(loadConfig(production)).toMatchObject({
      nodeEnv: 'production',
      database: { kind: 'postgres' },
      checkout: { payments: { processor: 'stripe' } },
    });
  });

  it("refuse the development HOST_SECRET, which would let anyone pass for the host's server", () => {
    expect(refusals({ ...production, HOST_SECRET: undefined })).toEqual([
      expect.stringMatching(
        /^HOST_SECRET: set it to a random secret .*production refuses the development secret/,
      ),
    ]);
  });

  it('allow TRUST_PROXY_HOPS=0 when it is explicit', () => {
    expect(refusals({ ...production, TRUST_PROXY_HOPS: '0' })).toEqual([]);
  });

  it('refuse the embedded PGlite database', () => {
    expect(refusals({ ...production, DATABASE_URL: undefined })).toEqual([
      expect.stringMatching(/^DATABASE_URL: set it to the PostgreSQL server .*PGlite/),
    ]);
    // An in-memory PGlite is no better.
    expect(refusals({ ...production, DATABASE_URL: '', PGLITE_DIR: 'memory://' })).toEqual([
      expect.stringMatching(/^DATABASE_URL: /),
    ]);
  });

  it('refuse the sandbox processor, chosen or by default', () => {
    const sandbox = [expect.stringMatching(/^PAYMENTS_PROCESSOR: set it to stripe .*sandbox/)];
    expect(refusals({ ...production, PAYMENTS_PROCESSOR: 'sandbox' })).toEqual(sandbox);
    expect(
      refusals({
        ...production,
        PAYMENTS_PROCESSOR: undefined,
        STRIPE_SECRET_KEY: undefined,
        STRIPE_PUBLISHABLE_KEY: undefined,
      }),
    ).toEqual(sandbox);
  });

  it('refuse the sandbox Apple Pay merchant validation, and accept Apple Pay turned off', () => {
    expect(refusals({ ...production, APPLE_PAY: undefined })).toEqual([
      expect.stringMatching(/^APPLE_PAY_MERCHANT_ID: set it .*production refuses the sandbox Apple Pay/),
    ]);
    expect(refusals({ ...production, APPLE_PAY: 'off' })).toEqual([]);
  });

  it('refuse the development operator key, missing or given', () => {
    const devKey = [
      expect.stringMatching(/^OPERATOR_KEY: set it to a random secret of at least 24 characters/),
    ];
    expect(refusals({ ...production, OPERATOR_KEY: undefined })).toEqual(devKey);
    expect(refusals({ ...production, OPERATOR_KEY: developmentOperatorKey })).toEqual(devKey);
  });

  it('refuse the development registration token secret, with or without a sign-in provider', () => {
    const devSecret = [
      expect.stringMatching(/^AUTH_TOKEN_SECRET: set it to a random secret of at least 32 characters/),
    ];
    expect(refusals({ ...production, AUTH_TOKEN_SECRET: undefined })).toEqual(devSecret);
    expect(
      refusals({
        ...production,
        AUTH_TOKEN_SECRET: undefined,
        GOOGLE_ISSUER: 'https://accounts.google.com',
        GOOGLE_CLIENT_ID: 'id',
        GOOGLE_CLIENT_SECRET: 'secret',
      }),
    ).toEqual(devSecret);
    expect(
      refusals({ ...production, AUTH_TOKEN_SECRET: 'atrium-development-registration-token-secret' }),
    ).toEqual(devSecret);
  });

  it('refuse an implicit TRUST_PROXY_HOPS', () => {
    const implicit = [
      expect.stringMatching(/^TRUST_PROXY_HOPS: set it to the number of proxies .*\(0 for none\)/),
    ];
    expect(refusals({ ...production, TRUST_PROXY_HOPS: undefined })).toEqual(implicit);
    expect(refusals({ ...production, TRUST_PROXY_HOPS: '' })).toEqual(implicit);
  });

  it('refuse a missing REMOTE_ORIGINS: production has no default allow-list', () => {
    const missing = [
      "REMOTE_ORIGINS: set it to the origins (comma-separated) that serve the remotes' releases, e.g. https://cdn.example.com; production has no default",
    ];
    expect(refusals({ ...production, REMOTE_ORIGINS: undefined })).toEqual(missing);
    expect(refusals({ ...production, REMOTE_ORIGINS: ' , ' })).toEqual(missing);
  });

  it('name every refusal on its own line, each starting with the variable to set', () => {
    const lines = refusals({ NODE_ENV: 'production' });
    expect(lines.map((line) => line.split(':')[0])).toEqual([
      'DATABASE_URL',
      'PAYMENTS_PROCESSOR',
      'APPLE_PAY_MERCHANT_ID',
      'OPERATOR_KEY',
      'AUTH_TOKEN_SECRET',
      'HOST_SECRET',
      'TRUST_PROXY_HOPS',
      'REMOTE_ORIGINS',
    ]);
  });

  it('apply in production only', () => {
    for (const nodeEnv of ['development', 'test'] as const) {
      expect(refusals({ NODE_ENV: nodeEnv })).toEqual([]);
      const config = loadConfig({ NODE_ENV: nodeEnv });
      expect(productionProblems({}, config)).toEqual([]);
      expect(productionProblems({}, { ...config, nodeEnv: 'production' })).toHaveLength(7);
    }
  });
});
