import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database } from '../kernel/database/database';
import { installJobEngine } from '../kernel/jobs/install';
import { migrationsDir } from '../kernel/paths';

export interface Migration {
  /** Four digits, e.g. `0001`; migrations run in this order. */
  version: string;
  name: string;
  sql: string;
}

export interface MigrateResult {
  /** Versions applied by this run, in order. */
  applied: string[];
}

const fileNamePattern = /^(\d{4})_([a-z0-9_]+)\.sql$/;

// Arbitrary but fixed: serialises migrators of several API processes starting against one PostgreSQL.
const migrationLockKey = 727_105_001;

/** Reads `NNNN_name.sql` files from the migrations folder, in version order. */
export async function readMigrations(dir: string = migrationsDir): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((file) => file.endsWith('.sql')).sort();
  const migrations: Migration[] = [];
  for (const file of files) {
    const match = fileNamePattern.exec(file);
    if (!match?.[1] || !match[2]) throw new Error(`Migration file ${file} is not named NNNN_name.sql`);
    migrations.push({ version: match[1], name: match[2], sql: await readFile(join(dir, file), 'utf8') });
  }
  const versions = migrations.map((migration) => migration.version);
  const duplicate = versions.find((version, i) => versions.indexOf(version) !== i);
  if (duplicate) throw new Error(`Two migrations share version ${duplicate}`);
  return migrations;
}

/**
 * Applies every pending migration in order, all in one transaction: either the database reaches the
 * latest version or it stays where it was. Then installs (or upgrades) the job engine's schema and
 * queues. Safe to run on every start.
 */
export async function migrate(
  database: Database,
  options: { migrations?: Migration[] } = {},
): Promise<MigrateResult> {
  const result = await applyMigrations(database, options.migrations ?? (await readMigrations()));
  await installJobEngine(database);
  return result;
}

function applyMigrations(database: Database, migrations: Migration[]): Promise<MigrateResult> {
  return database.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [migrationLockKey]);
    await tx.exec(`
      create table if not exists schema_migrations (
        version text primary key,
        name text not null,
        checksum text not null,
        applied_at timestamptz not null default now()
      )
    `);
    const rows = await tx.query<{ version: string; name: string; checksum: string }>(
      'select version, name, checksum from schema_migrations',
    );
    const done = new Map(rows.map((row) => [row.version, row]));
    const applied: string[] = [];
    for (const migration of migrations) {
      const checksum = checksumOf(migration.sql);
      const previous = done.get(migration.version);
      if (previous) {
        // Editing an applied migration would leave databases that ran the old text out of step.
        if (previous.checksum !== checksum) {
          throw new Error(
            `Migration ${migration.version}_${migration.name} changed after it was applied; add a new migration instead.`,
          );
        }
        continue;
      }
      await tx.exec(migration.sql);
      await tx.query('insert into schema_migrations (version, name, checksum) values ($1, $2, $3)', [
        migration.version,
        migration.name,
        checksum,
      ]);
      applied.push(migration.version);
    }
    return { applied };
  });
}

function checksumOf(sql: string): string {
  // Line endings differ between checkouts; the statements do not.
  return createHash('sha256').update(sql.replace(/\r\n/g, '\n')).digest('hex');
}
