import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { getTableName, isTable } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceDir } from '../kernel/paths';
import { migratedDatabase, type TestDatabase, testDatabases } from '../test/databases';

// Every table the contexts declare: each context's tables.ts (and the kernel's), found on disk so a
// new context's tables are compared too.
const tableModules = readdirSync(sourceDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(sourceDir, entry.name, 'tables.ts')))
  .map((entry) => join(sourceDir, entry.name, 'tables.ts'));
const drizzleTables: PgTable[] = (await Promise.all(tableModules.map((file) => import(file))))
  .flatMap((module: Record<string, unknown>) => Object.values(module))
  .filter((value: unknown) => isTable(value)) as PgTable[];

interface ColumnFacts {
  type: string;
  notNull: boolean;
  hasDefault: boolean;
}

/** What the Drizzle schema claims, in the same shape as what PostgreSQL reports. */
function drizzleFacts() {
  return Object.fromEntries(
    drizzleTables.map((table) => {
      const config = getTableConfig(table);
      const columns: Record<string, ColumnFacts> = {};
      for (const column of config.columns) {
        columns[column.name] = {
          type: column.getSQLType(),
          notNull: column.notNull,
          // PostgreSQL keeps a generated column's expression as its default.
          hasDefault:
            column.hasDefault || column.generatedIdentity !== undefined || column.generated !== undefined,
        };
      }
      const primaryKey =
        config.primaryKeys[0]?.columns.map((column) => column.name) ??
        config.columns.filter((column) => column.primary).map((column) => column.name);
      return [
        config.name,
        {
          columns,
          primaryKey,
          checks: config.checks.map((item) => item.name).sort(),
          uniques: config.uniqueConstraints.map((item) => item.name).sort(),
          indexes: config.indexes.map((item) => item.config.name).sort(),
          foreignKeys: config.foreignKeys
            .map((foreignKey) => {
              const reference = foreignKey.reference();
              const columns = reference.columns.map((column) => column.name).join(',');
              const target = reference.foreignColumns.map((column) => column.name).join(',');
              return `(${columns}) -> ${getTableName(reference.foreignTable)}(${target}) on delete ${foreignKey.onDelete ?? 'no action'}`;
            })
            .sort(),
        },
      ];
    }),
  );
}

describe.each(testDatabases)('Drizzle schema against the migrated $name database', (factory) => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await migratedDatabase(factory);
  });
  afterAll(() => handle.dispose());

  const query = <Row extends Record<string, unknown>>(text: string) =>
    handle.database.transaction((tx) => tx.query<Row>(text));

  async function databaseFacts() {
    const columns = await query<{
      table: string;
      column: string;
      type: string;
      not_null: boolean;
      has_default: boolean;
    }>(`
      select c.relname as table, a.attname as column, format_type(a.atttypid, a.atttypmod) as type,
             a.attnotnull as not_null, (a.atthasdef or a.attidentity <> '') as has_default
      from pg_attribute a join pg_class c on c.oid = a.attrelid
      where c.relnamespace = 'public'::regnamespace and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
        and c.relname <> 'schema_migrations'
      order by c.relname, a.attnum`);
    const constraints = await query<{ table: string; name: string; kind: string; definition: string }>(`
      select c.relname as table, k.conname as name, k.contype as kind, pg_get_constraintdef(k.oid) as definition
      from pg_constraint k join pg_class c on c.oid = k.conrelid
      where c.relnamespace = 'public'::regnamespace and c.relname <> 'schema_migrations'`);
    const foreignKeys = await query<{ table: string; description: string }>(`
      select c.relname as table,
        '(' || (select string_agg(a.attname, ',' order by u.ord) from unnest(k.conkey) with ordinality u(attnum, ord)
                join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.attnum) || ') -> '
        || f.relname || '('
        || (select string_agg(a.attname, ',' order by u.ord) from unnest(k.confkey) with ordinality u(attnum, ord)
                join pg_attribute a on a.attrelid = k.confrelid and a.attnum = u.attnum) || ') on delete '
        || case k.confdeltype when 'c' then 'cascade' when 'r' then 'restrict' when 'n' then 'set null' else 'no action' end
        as description
      from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_class f on f.oid = k.confrelid
      where k.contype = 'f' and c.relnamespace = 'public'::regnamespace`);
    const indexes = await query<{ table: string; name: string }>(`
      select tablename as table, indexname as name from pg_indexes
      where schemaname = 'public' and tablename <> 'schema_migrations'
        and indexname not in (select conname from pg_constraint)`);
    const primaryKeys = await query<{ table: string; columns: string[] }>(`
      select c.relname as table,
        array(select a.attname from unnest(k.conkey) with ordinality u(attnum, ord)
              join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.attnum order by u.ord)::text[] as columns
      from pg_constraint k join pg_class c on c.oid = k.conrelid
      where k.contype = 'p' and c.relnamespace = 'public'::regnamespace and c.relname <> 'schema_migrations'`);

    const tables = [...new Set(columns.map((row) => row.table))];
    return Object.fromEntries(
      tables.map((table) => [
        table,
        {
          columns: Object.fromEntries(
            columns
              .filter((row) => row.table === table)
              .map((row) => [
                row.column,
                { type: row.type, notNull: row.not_null, hasDefault: row.has_default },
              ]),
          ),
          primaryKey: primaryKeys.find((row) => row.table === table)?.columns ?? [],
          checks: constraints
            .filter((row) => row.table === table && row.kind === 'c')
            .map((row) => row.name)
            .sort(),
          uniques: constraints
            .filter((row) => row.table === table && row.kind === 'u')
            .map((row) => row.name)
            .sort(),
          indexes: indexes
            .filter((row) => row.table === table)
            .map((row) => row.name)
            .sort(),
          foreignKeys: foreignKeys
            .filter((row) => row.table === table)
            .map((row) => row.description)
            .sort(),
        },
      ]),
    );
  }

  it('declares exactly the tables, columns, keys, checks and indexes that the SQL migrations create', async () => {
    expect(drizzleFacts()).toEqual(await databaseFacts());
  });
});
