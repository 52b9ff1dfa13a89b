import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, createApp } from '../app';
import type { Database } from '../kernel/database/database';
import { migratedDatabase, type TestDatabase, testDatabases } from '../test/databases';
import { checkReadiness } from './health-check';

describe.each(testDatabases)('GET /healthz and /readyz on $name', (factory) => {
  let handle: TestDatabase;
  let jobsRunning = true;
  let app: App;
  let appWithoutJobs: App;

  beforeAll(async () => {
    handle = await migratedDatabase(factory);
    app = createApp({ db: handle.database, config: { nodeEnv: 'test' }, jobsRunning: () => jobsRunning });
    appWithoutJobs = createApp({ db: handle.database, config: { nodeEnv: 'test' } });
  });
  afterAll(() => handle.dispose());

  const readyz = async (target: App = app) => {
    const response = await target.fetch('http://localhost/readyz');
    return { status: response.status, headers: response.headers, body: await response.json() };
  };

  it('GET /healthz answers without the database', async () => {
    const response = await app.fetch('http://localhost/healthz');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('ok');
  });

  it('is ready when the database answers, every migration is applied and the jobs run', async () => {
    const started = performance.now();
    const { status, headers, body } = await readyz();
    expect(performance.now() - started).toBeLessThan(500);
    expect(status).toBe(200);
    expect(headers.get('content-type')).toMatch(/^application\/json/);
    expect(headers.get('cache-control')).toBe('no-store');
    expect(body).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', jobs: 'ok' } });
  });

  it('skips the jobs check when the app is not told about a job engine', async () => {
    expect(await readyz(appWithoutJobs)).toMatchObject({
      status: 200,
      body: { status: 'ready', checks: { database: 'ok', migrations: 'ok', jobs: 'skipped' } },
    });
  });

  it('answers 503 naming the job engine when it is stopped', async () => {
    jobsRunning = false;
    try {
      expect(await readyz()).toMatchObject({
        status: 503,
        body: { status: 'not ready', checks: { database: 'ok', migrations: 'ok', jobs: 'stopped' } },
      });
    } finally {
      jobsRunning = true;
    }
  });

  it('answers 503 naming the migrations when one is not applied', async () => {
    const [latest] = (
      await handle.database.query<{ version: string; name: string; checksum: string }>(
        'select version, name, checksum from schema_migrations order by version desc limit 1',
      )
    ).rows;
    if (!latest) throw new Error('no migration applied');
    await handle.database.query('delete from schema_migrations where version = $1', [latest.version]);
    try {
      expect(await readyz()).toMatchObject({
        status: 503,
        body: { status: 'not ready', checks: { database: 'ok', migrations: 'pending', jobs: 'ok' } },
      });
    } finally {
      await handle.database.query(
        'insert into schema_migrations (version, name, checksum) values ($1, $2, $3)',
        [latest.version, latest.name, latest.checksum],
      );
    }
    expect((await readyz()).status).toBe(200);
  });
});

describe('checkReadiness', () => {
  const never = () => new Promise<never>(() => undefined);
  const failing: Pick<Database, 'query'> = {
    query: () => Promise.reject(new Error('connect ECONNREFUSED 10.0.0.5:5432')),
  };
  const hanging: Pick<Database, 'query'> = { query: never };

  it('names the database and the migrations when the database refuses', async () => {
    expect(await checkReadiness({ database: failing, jobsRunning: () => true })).toEqual({
      status: 'not ready',
      checks: { database: 'failed', migrations: 'failed', jobs: 'ok' },
    });
  });

  it('answers within the bound when the database hangs', async () => {
    const started = performance.now();
    const readiness = await checkReadiness({ database: hanging, timeoutMs: 50 });
    expect(performance.now() - started).toBeLessThan(500);
    expect(readiness).toEqual({
      status: 'not ready',
      checks: { database: 'timeout', migrations: 'timeout', jobs: 'skipped' },
    });
  });

  it('counts a job engine check that throws as failed', async () => {
    const database: Pick<Database, 'query'> = {
      query: async <Row extends Record<string, unknown>>() => ({
        rows: [{ version: '0001' }] as unknown as Row[],
      }),
    };
    const readiness = await checkReadiness({
      database,
      expectedMigrations: async () => ['0001'],
      jobsRunning: () => {
        throw new Error('boss gone');
      },
    });
    expect(readiness).toEqual({
      status: 'not ready',
      checks: { database: 'ok', migrations: 'ok', jobs: 'failed' },
    });
  });
});
