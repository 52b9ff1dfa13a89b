import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { errorFields, logger } from '../logger';
import type { Database, Db } from './database';
import { isDatabaseUnavailable } from './unavailable';

/**
 * How long a request waits for a connection (a new one, or a free one of the pool) before it fails:
 * while the database is down, requests are answered at once or after this, never left hanging.
 */
export const connectionTimeoutMs = 5000;

/**
 * PostgreSQL through a `pg` connection pool that outlives the server: when it restarts or fails over,
 * the operations using it fail (and are answered as unavailable), and the pool opens new connections
 * once it is back.
 */
export async function createPostgresDatabase(url: string): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    connectionTimeoutMillis: connectionTimeoutMs,
    // TCP keepalive, so a connection whose host vanished without closing it (a failed-over host) is
    // found dead and dropped in time, rather than kept forever.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // A connection that the server ends emits 'error' on its client, checked out (a transaction between
  // statements) or idle alike; unhandled, that would end the process. Its operation fails on its own,
  // and pg-pool drops the client when it comes back.
  pool.on('connect', (client) => {
    client.on('error', (error) => logger.warn(errorFields(error), 'PostgreSQL connection lost'));
  });
  // The pool re-emits an idle client's error, already logged by the client's own listener.
  pool.on('error', () => undefined);
  // Fail at start-up, not on the first request, when the server is unreachable.
  await pool.query('select 1');
  const db: Db = drizzle({ client: pool });
  return {
    kind: 'postgres',
    db,
    async query<Row extends Record<string, unknown>>(text: string, params?: unknown[]) {
      return { rows: (await pool.query<Row>(text, params)).rows };
    },
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await work({
          exec: async (script) => {
            // Without parameters pg uses the simple protocol, which accepts several statements.
            await client.query(script);
          },
          query: async <Row extends Record<string, unknown>>(text: string, params?: unknown[]) =>
            (await client.query<Row>(text, params)).rows,
        });
        await client.query('commit');
        client.release();
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        // A connection the failure may have broken is closed rather than handed to the next caller.
        client.release(isDatabaseUnavailable(error));
        throw error;
      }
    },
    close: () => pool.end(),
  };
}
