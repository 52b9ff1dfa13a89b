import { createHash, randomBytes } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { migrate } from '../db/migrate';
import { type SeedOptions, seedDemo } from '../db/seed';
import { createDatabase } from '../kernel/database/create-database';
import type { Database } from '../kernel/database/database';
import { createPgliteDatabase } from '../kernel/database/pglite';
import type { PreparedStore } from './prepared-store';

export interface TestDatabase {
  database: Database;
  /** On PostgreSQL, the database's URL (for a second connection); undefined on PGlite. */
  url?: string;
  /** Closes the connections and, on PostgreSQL, drops the database. Safe after `database.close()`. */
  dispose(): Promise<void>;
}

/** Brings a new, empty database to the state a test file starts from. */
type Prepare = (database: Database) => Promise<void>;

export interface TestDatabaseFactory {
  /** For test titles: `PGlite` or `PostgreSQL`. */
  name: string;
  /** A fresh, empty database (not migrated). */
  create(): Promise<TestDatabase>;
  /**
   * A fresh database as `prepare` leaves an empty one. Within a test run, `prepare` runs once per
   * `key` and the result is copied for every later call (each its own database): migrating and
   * seeding took most of a test file's own time.
   */
  prepared(key: string, prepare: Prepare): Promise<TestDatabase>;
}

/** Where this run keeps its prepared databases (prepared-databases-setup.ts); none outside vitest's run. */
function preparedStore(): PreparedStore | undefined {
  try {
    return inject('preparedDatabases');
  } catch {
    return undefined;
  }
}

/** A key as a name part: its hash, with the hour, since a seed places its demo days from now. */
const keyName = (key: string) =>
  createHash('sha256')
    .update(`${new Date().toISOString().slice(0, 13)} ${key}`)
    .digest('hex')
    .slice(0, 16);

const pglite: TestDatabaseFactory = {
  name: 'PGlite',
  async create() {
    const database = await createDatabase({ kind: 'pglite' });
    return { database, dispose: () => database.close().catch(() => undefined) };
  },
  async prepared(key, prepare) {
    const store = preparedStore();
    const file = store && path.join(store.dir, `${keyName(key)}.tar`);
    const dump = file && (await readFile(file).catch(() => undefined));
    if (dump) {
      const database = await createPgliteDatabase(undefined, new Blob([dump]));
      return { database, dispose: () => database.close().catch(() => undefined) };
    }
    const database = await createPgliteDatabase();
    await prepare(database);
    if (file) {
      // Written aside, then renamed: a file read by another worker is always whole.
      const partial = `${file}.${randomBytes(4).toString('hex')}`;
      await writeFile(partial, Buffer.from(await (await database.dumpDataDir()).arrayBuffer()));
      await rename(partial, file);
    }
    return { database, dispose: () => database.close().catch(() => undefined) };
  },
};

async function onServer<T>(serverUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/** Each database is uniquely named on the server at `serverUrl`, dropped on dispose. */
function postgres(serverUrl: string): TestDatabaseFactory {
  const urlOf = (name: string) => {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const open = async (name: string): Promise<TestDatabase> => {
    const url = urlOf(name);
    const database = await createDatabase({ kind: 'postgres', url });
    return {
      database,
      url,
      async dispose() {
        await database.close().catch(() => undefined);
        await onServer(serverUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
      },
    };
  };
  const newName = () => `atrium_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;

  /** The run's template for `key`, made by the first worker to ask while the others wait on its lock. */
  async function template(runId: string, key: string, prepare: Prepare) {
    const name = `atrium_tpl_${runId}_${keyName(key)}`;
    await onServer(serverUrl, async (admin) => {
      await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
      const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (rowCount) return;
      await admin.query(`create database ${name}`);
      const database = await createDatabase({ kind: 'postgres', url: urlOf(name) });
      try {
        await prepare(database);
      } finally {
        await database.close();
      }
    });
    return name;
  }

  /** A copy of `source`; PostgreSQL refuses while a closed connection's backend is still going. */
  async function copy(source: string, name: string) {
    for (let attempt = 1; ; attempt++) {
      try {
        await onServer(serverUrl, (admin) => admin.query(`create database ${name} template ${source}`));
        return;
      } catch (error) {
        if (attempt === 20 || (error as { code?: string }).code !== '55006') throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  }

  return {
    name: 'PostgreSQL',
    async create() {
      const name = newName();
      await onServer(serverUrl, (admin) => admin.query(`create database ${name}`));
      return open(name);
    },
    async prepared(key, prepare) {
      const store = preparedStore();
      if (!store) {
        const fresh = await this.create();
        await prepare(fresh.database);
        return fresh;
      }
      const name = newName();
      await copy(await template(store.runId, key, prepare), name);
      return open(name);
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

/** A fresh, migrated database, with `fixture` (SQL) run on it when given. */
export const migratedDatabase = (factory: TestDatabaseFactory, fixture?: string) =>
  factory.prepared(`migrated ${fixture ?? ''}`, async (database) => {
    await migrate(database);
    if (fixture) await database.transaction((tx) => tx.exec(fixture));
  });

/** A fresh, migrated database with the demo marketplaces seeded with `options`. */
export const seededDatabase = (factory: TestDatabaseFactory, options: SeedOptions) =>
  factory.prepared(`seeded ${JSON.stringify(options)}`, async (database) => {
    await migrate(database);
    await seedDemo(database, options);
  });
