import { and, eq, getTableColumns, notInArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import {
  checkoutNoteDefinitions,
  clinics,
  procedureAddOns,
  procedureClinics,
  procedureGroups,
  procedures,
} from '../catalogue';
import type { Database } from '../kernel/database/database';
import { marketplaceGroups, marketplaces } from '../kernel/tables';
import {
  appendState,
  currentState,
  lockScope,
  remoteNames,
  remoteReleases,
  sameContent,
  type Transaction,
  urlVersion,
} from '../releases';
import type { DemoMarketplace } from './demo/demo-marketplace';
import { demoStaff } from './demo/demo-staff';
import { glowMobileIv } from './demo/glow-mobile-iv';
import {
  addOnLinkRows,
  categoryRows,
  checkoutNoteRows,
  clinicLinkRows,
  clinicRows,
  procedureRows,
} from './demo/marketplace-rows';
import { nocturneAesthetics } from './demo/nocturne-aesthetics';
import { seedDemoClients } from './demo/seed-clients';
import { membershipSeedTables, seedDemoMemberships } from './demo/seed-memberships';
import { seedDemoPromoCodes } from './demo/seed-promo-codes';
import { seedDemoSchedules } from './demo/seed-schedules';
import { seedDemoStaff } from './demo/seed-staff';
import { solaceWellnessStudio } from './demo/solace-wellness-studio';

export interface SeedOptions {
  /** Entry URL registered as marketplace 2's `catalog` remote override. */
  catalogOverrideEntry: string;
  /** The seed day: demo days off and appointments are placed in the two weeks after it. Defaults to now. */
  now?: Date;
}

export interface SeedResult {
  marketplaceIds: number[];
  /** The staff accounts written, as `email (role, marketplace id)` lines for the seed's output. */
  staff: string[];
}

// Arbitrary but fixed: two seeders (say, two servers started with SEED_DEMO=1) run one after the other.
const seedLockKey = 727_105_002;

/** The demo marketplaces (ids 1, 2 and 3) that the local runner and e2e tests rely on. */
export function demoMarketplaces(options: SeedOptions): DemoMarketplace[] {
  return [glowMobileIv, nocturneAesthetics(options), solaceWellnessStudio];
}

/**
 * Writes the demo marketplaces in one transaction. Idempotent: rows keep fixed ids and are upserted,
 * so a second run leaves exactly the same data. A demo marketplace's add-on links, clinic offerings
 * and checkout notes are reset to the demo's, its remote builds recorded and rolled out, and its demo
 * promo codes, packages and membership definitions upserted; clinics, categories, procedures and promo
 * codes added to it by other means are kept, since bookings may refer to them.
 */
export async function seedDemo(database: Database, options: SeedOptions): Promise<SeedResult> {
  const demos = demoMarketplaces(options);
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${seedLockKey})`);
    for (const demo of demos) await seedMarketplace(tx, demo);
    await seedDemoSchedules(tx, demos, options.now ?? new Date());
    await seedDemoClients(tx, demos, options.now ?? new Date());
    await seedDemoStaff(tx, demos, options.now ?? new Date());
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
  const marketplaceIds = demos.map((demo) => demo.marketplace.id);
  return {
    marketplaceIds,
    staff: demoStaff
      .filter((member) => marketplaceIds.includes(member.marketplaceId))
      .map((member) => `${member.email} (${member.role}, marketplace ${member.marketplaceId})`),
  };
}

async function seedMarketplace(tx: Transaction, demo: DemoMarketplace): Promise<void> {
  await upsert(tx, marketplaceGroups, [demo.group], marketplaceGroups.id);
  await upsert(tx, marketplaces, [{ ...demo.marketplace, mgId: demo.group.id }], marketplaces.id);
  await upsert(tx, clinics, clinicRows(demo), clinics.id);
  await upsert(tx, procedureGroups, categoryRows(demo), procedureGroups.id);
  await upsert(tx, procedures, procedureRows(demo), procedures.id);
  await resetProcedureLinks(tx, demo);
  await resetCheckoutNotes(tx, demo);
  await seedRollouts(tx, demo, demo.marketplace.id);
}

/** The marketplace's add-on links and clinic offerings become exactly the demo's. */
async function resetProcedureLinks(tx: Transaction, demo: DemoMarketplace): Promise<void> {
  const marketplaceId = demo.marketplace.id;
  await tx.delete(procedureAddOns).where(eq(procedureAddOns.marketplaceId, marketplaceId));
  const addOnLinks = addOnLinkRows(demo);
  if (addOnLinks.length > 0) await tx.insert(procedureAddOns).values(addOnLinks);

  await tx.delete(procedureClinics).where(eq(procedureClinics.marketplaceId, marketplaceId));
  const clinicLinks = clinicLinkRows(demo);
  if (clinicLinks.length > 0) await tx.insert(procedureClinics).values(clinicLinks);
}

/** The marketplace's checkout notes become exactly the demo's, keeping their ids. */
async function resetCheckoutNotes(tx: Transaction, demo: DemoMarketplace): Promise<void> {
  await tx.delete(checkoutNoteDefinitions).where(
    and(
      eq(checkoutNoteDefinitions.marketplaceId, demo.marketplace.id),
      notInArray(
        checkoutNoteDefinitions.id,
        demo.checkoutNotes.map((note) => note.id),
      ),
    ),
  );
  await upsert(tx, checkoutNoteDefinitions, checkoutNoteRows(demo), checkoutNoteDefinitions.id);
}

/**
 * The demo's remote builds (recorded by their URL, without files) and the marketplace's rollouts of
 * them. A scope the seed or migration 0016 last wrote follows the demo (an entry changed in the
 * environment shows on the next run); a scope an operator has promoted or rolled back is left alone.
 */
async function seedRollouts(tx: Transaction, demo: DemoMarketplace, marketplaceId: number): Promise<void> {
  const now = new Date();
  for (const remote of remoteNames) {
    const build = demo.remoteOverrides.find((override) => override.remote === remote);
    let releaseId: number | null = null;
    if (build) {
      await tx
        .insert(remoteReleases)
        .values({
          remote,
          version: urlVersion(build.entry),
          entry: build.entry,
          contractVersion: 'unchecked',
        })
        .onConflictDoNothing();
      const [release] = await tx
        .select({ id: remoteReleases.id })
        .from(remoteReleases)
        .where(and(eq(remoteReleases.remote, remote), eq(remoteReleases.entry, build.entry)));
      releaseId = release?.id ?? null;
    }
    const scope = { remote, marketplaceId };
    await lockScope(tx, scope);
    const current = await currentState(tx, scope);
    const next = { stableReleaseId: releaseId, canaryReleaseId: null, canaryPercent: null };
    const seedOwned = current === null || current.kind === 'seed' || current.kind === 'migration';
    if (!seedOwned || sameContent(current, next) || (current === null && releaseId === null)) continue;
    await appendState(tx, scope, current, { ...next, kind: 'seed', rollbackStateId: null, at: now });
  }
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
