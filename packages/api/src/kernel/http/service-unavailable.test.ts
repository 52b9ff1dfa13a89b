import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, createApp } from '../../app';
import { migrate } from '../../db/migrate';
import { seedDemo } from '../../db/seed';
import { postGraphQL } from '../../test/graphql';
import { operations } from '../../test/identity';
import {
  postgresBinDir,
  startTemporaryPostgres,
  type TemporaryPostgres,
} from '../../test/temporary-postgres';
import { createDatabase } from '../database/create-database';
import type { Database } from '../database/database';
import { retryAfterSeconds, serviceUnavailableMessage } from './service-unavailable';

const binDir = postgresBinDir();

// The server is stopped and started again, so it is one of the test's own (never the shared one).
describe.skipIf(!binDir)('the API while its PostgreSQL restarts (needs initdb and pg_ctl)', () => {
  let server: TemporaryPostgres;
  let database: Database;
  let app: App;

  beforeAll(async () => {
    server = await startTemporaryPostgres(binDir ?? '');
    database = await createDatabase({ kind: 'postgres', url: server.url });
    await migrate(database);
    await seedDemo(database, { catalogOverrideEntry: 'http://localhost:3011/mf-manifest.json' });
    app = createApp({ db: database, config: { nodeEnv: 'test' }, logging: false });
  });
  afterAll(async () => {
    await database?.close();
    await server?.dispose();
  });

  const requestPasscode = (email: string) =>
    postGraphQL<{ requestPasscode: { token: string } }>(app, operations.requestPasscode, {
      marketplaceId: '1',
      email,
    });

  it('answers SERVICE_UNAVAILABLE with HTTP 503 and Retry-After while the database is down, and /readyz and the dev mailbox 503', async () => {
    expect((await requestPasscode('before@example.com')).body.data?.requestPasscode.token).toEqual(
      expect.any(String),
    );
    await server.stop();

    for (const [query, variables] of [
      [operations.requestPasscode, { marketplaceId: '1', email: 'during@example.com' }],
      ['query Name($id: ID!) { marketplace(id: $id) { name } }', { id: '2' }],
    ] as const) {
      const response = await app.fetch('http://localhost/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ query, variables }),
      });
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe(String(retryAfterSeconds));
      const body = (await response.json()) as { errors: { message: string; extensions: object }[] };
      expect(body.errors).toEqual([
        expect.objectContaining({
          message: serviceUnavailableMessage,
          extensions: { code: 'SERVICE_UNAVAILABLE' },
        }),
      ]);
    }

    const readyz = await app.fetch('http://localhost/readyz');
    expect(readyz.status).toBe(503);
    expect(await readyz.json()).toMatchObject({ status: 'not ready', checks: { database: 'failed' } });

    const mailbox = await app.fetch('http://localhost/dev/mailbox.json?to=before%40example.com');
    expect(mailbox.status).toBe(503);
    expect(mailbox.headers.get('retry-after')).toBe(String(retryAfterSeconds));
    expect(await mailbox.text()).toBe('Service unavailable');
  });

  it('serves again, without a restart of its own, once the database is back', async () => {
    await server.start();
    const response = await requestPasscode('after@example.com');
    expect(response.status).toBe(200);
    expect(response.body.data?.requestPasscode.token).toEqual(expect.any(String));
    const readyz = await app.fetch('http://localhost/readyz');
    expect(readyz.status).toBe(200);
  });
});
