import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCheckoutConfig } from './checkout';
import type { AppConfig } from './config';
import { loadIdentityConfig } from './identity';
import { loadReleasesConfig } from './releases';
import { startServer, surviveDatabaseOutages } from './start-server';
import { freePort } from './test/temporary-postgres';

describe('startServer with PGlite on disk', () => {
  let dataDir: string;
  let config: AppConfig;

  beforeAll(async () => {
    dataDir = join(await mkdtemp(join(tmpdir(), 'atrium-api-')), 'pglite');
    config = {
      port: 0,
      host: '127.0.0.1',
      nodeEnv: 'test',
      database: { kind: 'pglite', dataDir },
      catalogOverrideEntry: 'http://localhost:3011/mf-manifest.json',
      seedDemo: true,
      identity: loadIdentityConfig({}, 'test'),
      checkout: loadCheckoutConfig({}, 'test'),
      applePay: { merchantValidation: 'sandbox' },
      jobs: { inProcess: true, pollingIntervalSeconds: 0.5, deliveryConcurrency: 2, renewalBatchSize: 100 },
      releases: loadReleasesConfig({}, 'test'),
    };
  });
  afterAll(() => rm(dirname(dataDir), { recursive: true, force: true }));

  const marketplaceName = async (url: string) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ marketplace(id: "3") { name } }' }),
    });
    return ((await response.json()) as { data: { marketplace: { name: string } } }).data.marketplace.name;
  };

  it('creates the folder, migrates, seeds and answers over HTTP', async () => {
    const server = await startServer(config);
    try {
      expect(server.url).toBe(`http://localhost:${server.port}/graphql`);
      const health = await fetch(`http://localhost:${server.port}/healthz`);
      expect(await health.text()).toBe('ok');
      // Idle connections are kept a minute (a proxy's reused connection is not closed under it).
      expect(health.headers.get('keep-alive')).toBe('timeout=65');
      expect(await marketplaceName(server.url)).toBe('Solace Wellness Studio');
    } finally {
      await server.close();
    }
    // Every migration and the whole demo seed on disk: slow on a busy machine, so not the default limit.
  }, 120_000);

  it('keeps the data across a restart (closing flushes PGlite to disk)', async () => {
    const server = await startServer({ ...config, seedDemo: false });
    try {
      expect(await marketplaceName(server.url)).toBe('Solace Wellness Studio');
    } finally {
      await server.close();
    }
  }, 60_000);
});

describe('surviveDatabaseOutages', () => {
  it('lets an unhandled rejection by an unreachable database pass (logged) and still ends the process on any other', async () => {
    const before = new Set(process.listeners('unhandledRejection'));
    surviveDatabaseOutages();
    const guard = process.listeners('unhandledRejection').find((listener) => !before.has(listener));
    if (!guard) throw new Error('No unhandledRejection listener was installed');
    try {
      const url = `postgres://postgres@127.0.0.1:${await freePort()}/postgres`;
      const refused = await new pg.Client({ connectionString: url }).connect().then(
        () => null,
        (error: unknown) => error,
      );
      expect(refused).toMatchObject({ code: 'ECONNREFUSED' });
      const rejected = Promise.reject(refused);
      rejected.catch(() => undefined);
      expect(() => guard(refused, rejected)).not.toThrow();
      const bug = new Error('a bug');
      expect(() => guard(bug, rejected)).toThrow(bug);
    } finally {
      process.off('unhandledRejection', guard);
    }
  });
});
