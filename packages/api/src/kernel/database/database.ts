import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/** Drizzle over either driver; services only ever see this. */
export type Db = PgDatabase<PgQueryResultHKT>;

export type DatabaseConfig =
  | { kind: 'postgres'; url: string }
  /** No dataDir (or `memory://`) keeps the database in memory, as tests do. */
  | { kind: 'pglite'; dataDir?: string };

/**
 * Raw SQL on the one connection of a transaction. Migrations are multi-statement scripts, which
 * Drizzle's prepared statements cannot run on PGlite, so the migrator uses this instead.
 */
export interface SqlTransaction {
  exec(script: string): Promise<void>;
  query<Row extends Record<string, unknown>>(text: string, params?: unknown[]): Promise<Row[]>;
}

/** The database port: PostgreSQL in production, PGlite embedded. */
export interface Database {
  readonly kind: DatabaseConfig['kind'];
  readonly db: Db;
  /**
   * Raw SQL outside any transaction, for the job engine (pg-boss's own statements). Without
   * parameters the text may hold several statements.
   */
  query<Row extends Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: Row[] }>;
  /** Runs `work` in one transaction; commits when it resolves, rolls back when it throws. */
  transaction<T>(work: (tx: SqlTransaction) => Promise<T>): Promise<T>;
  /** Closes connections; PGlite flushes its files to disk. */
  close(): Promise<void>;
}
