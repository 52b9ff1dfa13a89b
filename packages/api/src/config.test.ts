import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCheckoutConfig } from './checkout-config';
import { loadConfig } from './config';
import { loadIdentityConfig } from './identity-config';
import { findRepoRoot } from './paths';

describe('loadConfig', () => {
  it('defaults to port 4000, development, PGlite under <repo root>/.data/pglite and the local catalog entry', () => {
    const repoRoot = findRepoRoot();
    expect(repoRoot).not.toBeNull();
    expect(loadConfig({})).toEqual({
      port: 4000,
      nodeEnv: 'development',
      database: { kind: 'pglite', dataDir: join(repoRoot ?? '', '.data', 'pglite') },
      catalogOverrideEntry: 'http://localhost:3011/mf-manifest.json',
      seedDemo: false,
      identity: loadIdentityConfig({}, 'development'),
      checkout: loadCheckoutConfig({}, 'development'),
      membershipRenewalIntervalMs: 3_600_000,
    });
  });

  it('reads MEMBERSHIP_RENEWAL_INTERVAL_MS, where 0 turns renewals off', () => {
    expect(loadConfig({ MEMBERSHIP_RENEWAL_INTERVAL_MS: '60000' }).membershipRenewalIntervalMs).toBe(60_000);
    expect(loadConfig({ MEMBERSHIP_RENEWAL_INTERVAL_MS: '0' }).membershipRenewalIntervalMs).toBe(0);
    expect(() => loadConfig({ MEMBERSHIP_RENEWAL_INTERVAL_MS: 'hourly' })).toThrow(
      /MEMBERSHIP_RENEWAL_INTERVAL_MS/,
    );
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const url = 'postgres://postgres@127.0.0.1:5432/atrium';
    expect(loadConfig({ DATABASE_URL: url }).database).toEqual({ kind: 'postgres', url });
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '', NODE_ENV: '' })).toMatchObject({
      port: 4000,
      nodeEnv: 'development',
      database: { kind: 'pglite' },
    });
  });

  it('reads PORT, PGLITE_DIR, NODE_ENV, CATALOG_OVERRIDE_ENTRY and SEED_DEMO', () => {
    expect(
      loadConfig({
        PORT: '4100',
        PGLITE_DIR: '/tmp/atrium-pglite',
        NODE_ENV: 'production',
        CATALOG_OVERRIDE_ENTRY: 'https://cdn.example.com/catalog/mf-manifest.json',
        SEED_DEMO: '1',
        PAYMENTS_PROCESSOR: 'sandbox',
        OPERATOR_KEY: 'a-production-operator-key-of-32-chars',
      }),
    ).toEqual({
      port: 4100,
      nodeEnv: 'production',
      database: { kind: 'pglite', dataDir: '/tmp/atrium-pglite' },
      catalogOverrideEntry: 'https://cdn.example.com/catalog/mf-manifest.json',
      seedDemo: true,
      identity: loadIdentityConfig({}, 'production'),
      checkout: { payments: { processor: 'sandbox' }, operatorKey: 'a-production-operator-key-of-32-chars' },
      membershipRenewalIntervalMs: 3_600_000,
    });
  });

  it('keeps an in-memory PGlite location as given', () => {
    expect(loadConfig({ PGLITE_DIR: 'memory://' }).database).toEqual({
      kind: 'pglite',
      dataDir: 'memory://',
    });
  });

  it('names every invalid variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', NODE_ENV: 'staging' })).toThrow(
      /Invalid environment:[\s\S]*PORT[\s\S]*NODE_ENV[\s\S]*DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL/,
    );
  });
});
