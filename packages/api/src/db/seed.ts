import { and, eq, getTableColumns, notInArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { Database, Db } from '../adapters/database/database';
import type { DemoMarketplace } from './demo/demo-marketplace';
import { glowMobileIv } from './demo/glow-mobile-iv';
import { nocturneAesthetics } from './demo/nocturne-aesthetics';
import { seedDemoClients } from './demo/seed-clients';
import { membershipSeedTables, seedDemoMemberships } from './demo/seed-memberships';
import { seedDemoPromoCodes } from './demo/seed-promo-codes';
import { seedDemoSchedules } from './demo/seed-schedules';
import { solaceWellnessStudio } from './demo/solace-wellness-studio';
import {
  checkoutNoteDefinitions,
  clinics,
  marketplaceGroups,
  marketplaces,
  procedureAddOns,
  procedureClinics,
  procedureGroups,
  procedures,
  remoteOverrides,
} from './schema';

export interface SeedOptions {
  /** Entry URL registered as marketplace 2's `catalog` remote override. */
  catalogOverrideEntry: string;
  /** The seed day: demo days off and appointments are placed in the two weeks after it. Defaults to now. */
  now?: Date;
}

export interface SeedResult {
  marketplaceIds: number[];
}

type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];

// Arbitrary but fixed: two seeders (say, two servers started with SEED_DEMO=1) run one after the other.
const seedLockKey = 727_105_002;

/** The demo marketplaces (ids 1, 2 and 3) that the local runner and e2e tests rely on. */
export function demoMarketplaces(options: SeedOptions): DemoMarketplace[] {
  return [glowMobileIv, nocturneAesthetics(options), solaceWellnessStudio];
}

/**
 * Writes the demo marketplaces in one transaction. Idempotent: rows keep fixed ids and are upserted,
 * so a second run leaves exactly the same data. A demo marketplace's add-on links, clinic offerings,
 * checkout notes and remote overrides are reset to the demo's and its demo promo codes, packages and
 * membership definitions are upserted;
 * clinics, categories, procedures and promo codes added to it by other means are kept, since bookings
 * may refer to them.
 */
export async function seedDemo(database: Database, options: SeedOptions): Promise<SeedResult> {
  const demos = demoMarketplaces(options);
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${seedLockKey})`);
    for (const demo of demos) await seedMarketplace(tx, demo);
    await seedDemoSchedules(tx, demos, options.now ?? new Date());
    await seedDemoClients(tx, demos, options.now ?? new Date());
    await seedDemoPromoCodes(
      tx,
      demos.map((demo) => demo.marketplace.id),
    );
    await seedDemoMemberships(
      tx,
      demos.map((demo) => demo.marketplace.id),
    );
    // Fixed ids bypass the identity sequences; move them past the seeded ids so later inserts fit.
    for (const table of [
      'marketplace_groups',
      'marketplaces',
      'clinics',
      'procedure_groups',
      'procedures',
      'checkout_note_definitions',
      ...membershipSeedTables,
    ]) {
      await tx.execute(
        sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.identifier(table)}))`,
      );
    }
  });
  return { marketplaceIds: demos.map((demo) => demo.marketplace.id) };
}

async function seedMarketplace(tx: Transaction, demo: DemoMarketplace): Promise<void> {
  const marketplaceId = demo.marketplace.id;
  await upsert(tx, marketplaceGroups, [demo.group], marketplaceGroups.id);
  await upsert(tx, marketplaces, [{ ...demo.marketplace, mgId: demo.group.id }], marketplaces.id);
  await upsert(
    tx,
    clinics,
    demo.clinics.map((clinic, position) => ({ ...clinic, marketplaceId, position })),
    clinics.id,
  );
  await upsert(
    tx,
    procedureGroups,
    demo.categories.map((category, position) => ({
      ...category,
      banner: category.banner ?? null,
      marketplaceId,
      position,
    })),
    procedureGroups.id,
  );
  await upsert(
    tx,
    procedures,
    demo.procedures.map((procedure, position) => ({
      id: procedure.id,
      marketplaceId,
      procedureGroupId: procedure.categoryId ?? null,
      name: procedure.name,
      tagline: procedure.tagline,
      description: procedure.description,
      thumbnail: procedure.thumbnail,
      ingredients: procedure.ingredients,
      prices: procedure.prices,
      durations: procedure.durations,
      tags: procedure.tags,
      isAddOn: procedure.isAddOn ?? false,
      offeredAtHome: procedure.offeredAtHome,
      position,
    })),
    procedures.id,
  );

  await tx.delete(procedureAddOns).where(eq(procedureAddOns.marketplaceId, marketplaceId));
  const addOnLinks = demo.procedures.flatMap((procedure) => {
    const featured = procedure.addOns?.featured ?? [];
    const other = procedure.addOns?.other ?? [];
    return [...featured, ...other].map((addOnId, position) => ({
      marketplaceId,
      procedureId: procedure.id,
      addOnId,
      featured: position < featured.length,
      position,
    }));
  });
  if (addOnLinks.length > 0) await tx.insert(procedureAddOns).values(addOnLinks);

  await tx.delete(procedureClinics).where(eq(procedureClinics.marketplaceId, marketplaceId));
  const clinicLinks = demo.procedures.flatMap((procedure) =>
    procedure.clinicIds.map((clinicId) => ({ marketplaceId, procedureId: procedure.id, clinicId })),
  );
  if (clinicLinks.length > 0) await tx.insert(procedureClinics).values(clinicLinks);

  await tx.delete(checkoutNoteDefinitions).where(
    and(
      eq(checkoutNoteDefinitions.marketplaceId, marketplaceId),
      notInArray(
        checkoutNoteDefinitions.id,
        demo.checkoutNotes.map((note) => note.id),
      ),
    ),
  );
  await upsert(
    tx,
    checkoutNoteDefinitions,
    demo.checkoutNotes.map((note, index) => ({ ...note, marketplaceId, index })),
    checkoutNoteDefinitions.id,
  );

  await tx.delete(remoteOverrides).where(
    and(
      eq(remoteOverrides.marketplaceId, marketplaceId),
      notInArray(
        remoteOverrides.remote,
        demo.remoteOverrides.map((override) => override.remote),
      ),
    ),
  );
  await upsert(
    tx,
    remoteOverrides,
    demo.remoteOverrides.map((override) => ({ ...override, marketplaceId })),
    [remoteOverrides.marketplaceId, remoteOverrides.remote],
  );
}

/** Inserts rows, or overwrites every other column of the rows whose key already exists. */
async function upsert<TTable extends PgTable>(
  tx: Transaction,
  table: TTable,
  rows: PgInsertValue<TTable>[],
  key: PgColumn | PgColumn[],
): Promise<void> {
  if (rows.length === 0) return;
  const keyColumns = Array.isArray(key) ? key : [key];
  const set: Record<string, SQL> = {};
  for (const [property, column] of Object.entries(getTableColumns(table))) {
    if (keyColumns.includes(column)) continue;
    set[property] = sql.raw(`excluded."${column.name}"`);
  }
  await tx.insert(table).values(rows).onConflictDoUpdate({ target: keyColumns, set });
}
