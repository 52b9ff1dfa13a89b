import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCheckoutConfig } from './checkout';
import { loadConfig } from './config';
import { loadIdentityConfig } from './identity';
import { findRepoRoot } from './kernel/paths';
import { productionEnv } from './test/production-env';

describe('loadConfig', () => {
  it('defaults to port 4000, development, PGlite under <repo root>/.data/pglite and the local catalog entry', () => {
    const repoRoot = findRepoRoot();
    expect(repoRoot).not.toBeNull();
    expect(loadConfig({})).toEqual({
      port: 4000,
      host: '127.0.0.1',
      nodeEnv: 'development',
      database: { kind: 'pglite', dataDir: join(repoRoot ?? '', '.data', 'pglite') },
      catalogOverrideEntry: 'http://localhost:3011/mf-manifest.json',
      seedDemo: false,
      identity: loadIdentityConfig({}, 'development'),
      checkout: loadCheckoutConfig({}, 'development'),
      applePay: { merchantValidation: 'sandbox' },
      jobs: { inProcess: true, pollingIntervalSeconds: 1, deliveryConcurrency: 4, renewalBatchSize: 100 },
      releases: {
        remoteOrigins: [
          'http://localhost:3001',
          'http://localhost:3002',
          'http://localhost:3003',
          'http://localhost:3004',
          'http://localhost:3005',
          'http://localhost:3011',
          'http://localhost:3020',
        ],
        canaryFailureLimit: 3,
        canaryFailureSharePercent: 10,
      },
    });
  });

  it('reads the job engine settings: workers in process unless JOBS_IN_PROCESS=false', () => {
    const config = loadConfig({
      JOBS_IN_PROCESS: 'false',
      JOB_POLLING_INTERVAL_SECONDS: '0.5',
      OUTBOX_DELIVERY_CONCURRENCY: '8',
      MEMBERSHIP_RENEWAL_BATCH_SIZE: '25',
    });
    expect(config.jobs).toEqual({
      inProcess: false,
      pollingIntervalSeconds: 0.5,
      deliveryConcurrency: 8,
      renewalBatchSize: 25,
    });
    expect(() => loadConfig({ JOB_POLLING_INTERVAL_SECONDS: '0.1' })).toThrow(/JOB_POLLING_INTERVAL_SECONDS/);
    expect(() => loadConfig({ MEMBERSHIP_RENEWAL_BATCH_SIZE: 'all' })).toThrow(
      /MEMBERSHIP_RENEWAL_BATCH_SIZE/,
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

  it('reads PORT, HOST, NODE_ENV, CATALOG_OVERRIDE_ENTRY and SEED_DEMO', () => {
    // Production refuses the embedded defaults (production-guards.test.ts), so all of them are set.
    const production = productionEnv;
    expect(
      loadConfig({
        ...production,
        PORT: '4100',
        HOST: '0.0.0.0',
        NODE_ENV: 'production',
        CATALOG_OVERRIDE_ENTRY: 'https://cdn.example.com/catalog/mf-manifest.json',
        SEED_DEMO: '1',
      }),
    ).toEqual({
      port: 4100,
      host: '0.0.0.0',
      nodeEnv: 'production',
      database: { kind: 'postgres', url: production.DATABASE_URL },
      catalogOverrideEntry: 'https://cdn.example.com/catalog/mf-manifest.json',
      seedDemo: true,
      identity: loadIdentityConfig(production, 'production'),
      checkout: {
        payments: {
          processor: 'stripe',
          secretKey: 'sk_live_123',
          publishableKey: 'pk_live_456',
          webhookSecret: 'whsec_live_789',
        },
        operatorKey: 'a-production-operator-key-of-32-chars',
      },
      applePay: { merchantValidation: 'off' },
      jobs: { inProcess: true, pollingIntervalSeconds: 1, deliveryConcurrency: 4, renewalBatchSize: 100 },
      releases: {
        remoteOrigins: ['https://cdn.example.com'],
        canaryFailureLimit: 3,
        canaryFailureSharePercent: 10,
      },
    });
  });

  it('reads PGLITE_DIR', () => {
    expect(loadConfig({ PGLITE_DIR: '/tmp/atrium-pglite' }).database).toEqual({
      kind: 'pglite',
      dataDir: '/tmp/atrium-pglite',
    });
  });

  it('checks LOG_LEVEL against pino levels', () => {
    expect(() => loadConfig({ LOG_LEVEL: 'debug' })).not.toThrow();
    expect(() => loadConfig({ LOG_LEVEL: 'verbose' })).toThrow(/LOG_LEVEL must be one of fatal, error/);
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
