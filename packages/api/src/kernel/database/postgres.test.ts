import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestDatabase, testDatabases } from '../../test/databases';
import { isDatabaseUnavailable } from './unavailable';

const postgres = testDatabases.find((factory) => factory.name === 'PostgreSQL');

/** Ends one server session as a restart or failover does (57P01), and waits until it is gone. */
async function terminateSession(url: string, pid: number): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query('select pg_terminate_backend($1, 10000)', [pid]);
  } finally {
    await admin.end();
  }
}

async function rejectionOf(call: () => Promise<unknown>): Promise<unknown> {
  try {
    await call();
  } catch (error) {
    return error;
  }
  throw new Error('Expected the call to fail');
}

describe.skipIf(!postgres)(
  'the PostgreSQL adapter when the server ends its sessions (needs DATABASE_URL)',
  () => {
    let handle: TestDatabase;
    beforeAll(async () => {
      handle = await (postgres?.create() ?? Promise.reject(new Error('No PostgreSQL')));
    });
    afterAll(() => handle?.dispose());

    it('fails a Drizzle transaction whose session ends as unavailable, keeps the process running, and serves the next query on a new session', async () => {
      const { database, url = '' } = handle;
      const failure = await rejectionOf(() =>
        database.db.transaction(async (tx) => {
          const result = await tx.execute(sql`select pg_backend_pid() as pid`);
          const { rows } = result as unknown as { rows: { pid: number }[] };
          // The client is checked out of the pool, between two statements, when its session ends.
          await terminateSession(url, Number(rows[0]?.pid));
          await tx.execute(sql`select 1`);
        }),
      );
      expect(isDatabaseUnavailable(failure)).toBe(true);
      expect((await database.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
    });

    it('fails a raw transaction whose session ends as unavailable and does not hand its connection on', async () => {
      const { database, url = '' } = handle;
      let endedPid = 0;
      const failure = await rejectionOf(() =>
        database.transaction(async (tx) => {
          const [row] = await tx.query<{ pid: number }>('select pg_backend_pid() as pid');
          endedPid = Number(row?.pid);
          await terminateSession(url, endedPid);
          await tx.query('select 1');
        }),
      );
      expect(isDatabaseUnavailable(failure)).toBe(true);
      const pids = await Promise.all(
        [1, 2, 3].map(() =>
          database.transaction(async (tx) =>
            Number((await tx.query<{ pid: number }>('select pg_backend_pid() as pid'))[0]?.pid),
          ),
        ),
      );
      expect(pids).not.toContain(endedPid);
    });
  },
);
