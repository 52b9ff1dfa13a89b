import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase } from '../kernel/database/create-database';
import type { Database } from '../kernel/database/database';

export interface TestDatabase {
  database: Database;
  /** On PostgreSQL, the database's URL (for a second connection); undefined on PGlite. */
  url?: string;
  /** Closes the connections and, on PostgreSQL, drops the database. Safe after `database.close()`. */
  dispose(): Promise<void>;
}

export interface TestDatabaseFactory {
  /** For test titles: `PGlite` or `PostgreSQL`. */
  name: string;
  /** A fresh, empty database (not migrated). */
  create(): Promise<TestDatabase>;
}

const pglite: TestDatabaseFactory = {
  name: 'PGlite',
  async create() {
    const database = await createDatabase({ kind: 'pglite' });
    return { database, dispose: () => database.close().catch(() => undefined) };
  },
};

/** Each `create` makes a uniquely named database on the server at `serverUrl`, dropped on dispose. */
function postgres(serverUrl: string): TestDatabaseFactory {
  const onServer = async (statement: string) => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  return {
    name: 'PostgreSQL',
    async create() {
      const name = `atrium_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
      await onServer(`create database ${name}`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      const database = await createDatabase({ kind: 'postgres', url: url.toString() });
      return {
        database,
        url: url.toString(),
        async dispose() {
          await database.close().catch(() => undefined);
          await onServer(`drop database if exists ${name} with (force)`);
        },
      };
    },
  };
}

/**
 * The databases every database test runs against: in-memory PGlite always, and PostgreSQL too when
 * DATABASE_URL names a server. Use with `describe.each(testDatabases)`.
 */
export const testDatabases: TestDatabaseFactory[] = process.env.DATABASE_URL
  ? [pglite, postgres(process.env.DATABASE_URL)]
  : [pglite];
