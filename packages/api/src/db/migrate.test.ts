import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestDatabase, testDatabases } from '../test/databases';
import { type Migration, migrate, readMigrations } from './migrate';

describe('readMigrations', () => {
  it('reads NNNN_name.sql files in strictly increasing version order, starting with the catalogue', async () => {
    const migrations = await readMigrations();
    expect(migrations[0]).toMatchObject({ version: '0001', name: 'catalogue' });
    const versions = migrations.map((migration) => migration.version);
    expect(versions).toEqual([...new Set(versions)].sort());
  });
});

describe.each(testDatabases)('migrate on $name', (factory) => {
  let handle: TestDatabase;
  let migrations: Migration[];

  beforeAll(async () => {
    handle = await factory.create();
    migrations = await readMigrations();
  });
  afterAll(() => handle.dispose());

  const tablesIn = async () =>
    (
      await handle.database.transaction((tx) =>
        tx.query<{ name: string }>(
          "select table_name as name from information_schema.tables where table_schema = 'public' order by 1",
        ),
      )
    ).map((row) => row.name);

  it('applies every migration to a fresh database and records each in schema_migrations', async () => {
    const result = await migrate(handle.database);
    expect(result.applied).toEqual(migrations.map((migration) => migration.version));
    expect(await tablesIn()).toEqual(
      expect.arrayContaining([
        'schema_migrations',
        'marketplace_groups',
        'marketplaces',
        'clinics',
        'procedure_groups',
        'procedures',
        'procedure_add_ons',
        'procedure_clinics',
        'checkout_note_definitions',
        'remote_releases',
        'remote_rollout_states',
        'remote_canary_removals',
        'remote_failure_reports',
      ]),
    );
    const recorded = await handle.database.transaction((tx) =>
      tx.query<{ version: string }>('select version from schema_migrations order by version'),
    );
    expect(recorded.map((row) => row.version)).toEqual(result.applied);
  });

  it('installs btree_gist, which later overlap constraints need', async () => {
    const extensions = await handle.database.transaction((tx) =>
      tx.query<{ extname: string }>("select extname from pg_extension where extname = 'btree_gist'"),
    );
    expect(extensions).toHaveLength(1);
  });

  it('is idempotent: a second run applies nothing and changes no table', async () => {
    const before = await tablesIn();
    expect(await migrate(handle.database)).toEqual({ applied: [] });
    expect(await tablesIn()).toEqual(before);
  });

  it('refuses to run when an applied migration was edited', async () => {
    const [first, ...rest] = migrations;
    if (!first) throw new Error('no migrations');
    const edited = [{ ...first, sql: `${first.sql}\n-- edited afterwards` }, ...rest];
    await expect(migrate(handle.database, { migrations: edited })).rejects.toThrow(
      `Migration 0001_catalogue changed after it was applied; add a new migration instead.`,
    );
  });

  it('rolls back every pending migration when one of them fails', async () => {
    const pending: Migration[] = [
      { version: '9001', name: 'good', sql: 'create table migrate_test_good (id integer primary key);' },
      {
        version: '9002',
        name: 'broken',
        sql: 'create table migrate_test_broken (id integer); select 1 / 0;',
      },
    ];
    await expect(migrate(handle.database, { migrations: [...migrations, ...pending] })).rejects.toThrow(
      /division by zero/,
    );
    const tables = await tablesIn();
    expect(tables).not.toContain('migrate_test_good');
    expect(tables).not.toContain('migrate_test_broken');
    const recorded = await handle.database.transaction((tx) =>
      tx.query<{ version: string }>("select version from schema_migrations where version like '9%'"),
    );
    expect(recorded).toEqual([]);
  });
});
