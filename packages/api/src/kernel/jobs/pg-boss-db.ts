import { type SQL, sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { Database, Db } from '../database/database';

/** pg-boss's statements on the database port, outside any transaction (PostgreSQL or PGlite alike). */
export function bossDb(database: Database): PgBoss.Db {
  return { executeSql: (text, values) => database.query(text, values) };
}

/**
 * pg-boss's statements inside a Drizzle transaction, so a job is created with the change that causes
 * it and rolled back with it.
 */
export function transactionBossDb(tx: Db): PgBoss.Db {
  return {
    async executeSql(text, values = []) {
      const result = await tx.execute(positionalSql(text, values));
      return { rows: (result as unknown as { rows: unknown[] }).rows };
    },
  };
}

/** `select $1::int + $2` with [1, 2] as a Drizzle SQL object: the driver numbers the parameters again. */
export function positionalSql(text: string, values: unknown[]): SQL {
  const chunks: SQL[] = [];
  let last = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    const index = Number(match[1]) - 1;
    if (index < 0 || index >= values.length) throw new Error(`No value for parameter $${index + 1}`);
    chunks.push(sql.raw(text.slice(last, match.index)), sql`${values[index] ?? null}`);
    last = match.index + match[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks);
}
