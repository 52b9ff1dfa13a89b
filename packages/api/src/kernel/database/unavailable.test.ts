import { createServer, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { GraphQLError } from 'graphql';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../test/temporary-postgres';
import { createPgliteDatabase } from './pglite';
import { isDatabaseUnavailable } from './unavailable';

/** What a call rejected with (the test fails if it resolved). */
async function rejectionOf(call: () => Promise<unknown>): Promise<unknown> {
  try {
    await call();
  } catch (error) {
    return error;
  }
  throw new Error('Expected the call to fail');
}

describe('isDatabaseUnavailable', () => {
  it('is true for a connection refused, as the driver reports it and as Drizzle and GraphQL wrap it', async () => {
    const url = `postgres://postgres@127.0.0.1:${await freePort()}/postgres`;
    const refused = await rejectionOf(() => new pg.Client({ connectionString: url }).connect());
    expect(refused).toMatchObject({ code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(refused)).toBe(true);

    const pool = new pg.Pool({ connectionString: url });
    try {
      const wrapped = await rejectionOf(() => drizzle({ client: pool }).execute(sql`select 1`));
      expect(wrapped).not.toBe(refused);
      expect(isDatabaseUnavailable(wrapped)).toBe(true);
      const inResolver = new GraphQLError('Failed query', { originalError: wrapped as Error });
      expect(isDatabaseUnavailable(inResolver)).toBe(true);
    } finally {
      await pool.end();
    }
  });

  it('is true for a server that accepts the connection but never answers (the pool times out)', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const pool = new pg.Pool({
      connectionString: `postgres://postgres@127.0.0.1:${port}/postgres`,
      connectionTimeoutMillis: 50,
    });
    try {
      const timedOut = await rejectionOf(() => pool.query('select 1'));
      expect(isDatabaseUnavailable(timedOut)).toBe(true);
    } finally {
      await pool.end();
      for (const socket of sockets) socket.destroy();
      await new Promise((closed) => silent.close(closed));
    }
  });

  it('is false for a statement the database refuses and for errors of our own', async () => {
    const database = await createPgliteDatabase();
    try {
      const syntax = await rejectionOf(() => database.query('selec 1', []));
      expect(syntax).toMatchObject({ code: '42601' });
      expect(isDatabaseUnavailable(syntax)).toBe(false);
      await database.query('create table t (id int primary key)');
      await database.query('insert into t values (1)');
      const duplicate = await rejectionOf(() => database.db.execute(sql`insert into t values (1)`));
      expect(isDatabaseUnavailable(duplicate)).toBe(false);
    } finally {
      await database.close();
    }
    expect(isDatabaseUnavailable(new Error('Connection refused by the mail server'))).toBe(false);
    expect(isDatabaseUnavailable(new GraphQLError('Not found', { extensions: { code: 'NOT_FOUND' } }))).toBe(
      false,
    );
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
