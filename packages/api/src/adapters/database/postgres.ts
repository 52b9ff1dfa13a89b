import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '../../db/schema';
import { errorFields, logger } from '../../logger';
import type { Database, Db } from './database';

/** PostgreSQL through a `pg` connection pool. */
export async function createPostgresDatabase(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url });
  // An idle client losing its connection emits on the pool; unhandled, that would kill the process.
  pool.on('error', (error) => logger.error(errorFields(error), 'PostgreSQL pool error'));
  // Fail at start-up, not on the first request, when the server is unreachable.
  await pool.query('select 1');
  const db: Db = drizzle({ client: pool, schema });
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
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
