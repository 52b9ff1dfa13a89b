import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../kernel/database/database';
import { marketplaces } from '../kernel/tables';
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
import { makeMarketplaceLive, marketplaceSetup, markPaymentSettingsReviewed } from '../staff';
import type { DemoMarketplace } from './demo/demo-marketplace';
import { type DemoScheduleRows, demoScheduleRows } from './demo/demo-schedules';
import { demoStaff } from './demo/demo-staff';
import { glowMobileIv } from './demo/glow-mobile-iv';
import { nocturneAesthetics } from './demo/nocturne-aesthetics';
import { seedCatalogue } from './demo/seed-catalogue';
import { seedDemoClients } from './demo/seed-clients';
import { type SeedContext, seedContext } from './demo/seed-context';
import { membershipSeedTables, seedDemoMemberships } from './demo/seed-memberships';
import { seedDemoPromoCodes } from './demo/seed-promo-codes';
import { seedDemoAppointments } from './demo/seed-schedules';
import { ensureMarketplace, seedCheckoutNotes, seedClinics, seedSettings } from './demo/seed-settings';
import { seedDemoStaff } from './demo/seed-staff';
import { seedTeam } from './demo/seed-team';
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
 * Writes the demo marketplaces in one transaction, through the console's services as Atrium's system
 * actor (seed-context.ts): each marketplace is created as the operator would when missing, then its
 * settings, clinics, catalogue, checkout questions, team and staff are created with their fixed ids or
 * changed where they differ from the demo's, and it goes live. Idempotent: a second run changes
 * nothing. A demo marketplace's checkout questions and its demo services' add-ons and clinics become
 * the demo's, its remote builds are recorded and rolled out, and its demo promo codes, packages and
 * membership definitions upserted; clinics, categories, procedures and promo codes added to it by
 * other means are kept, since bookings may refer to them.
 */
export async function seedDemo(database: Database, options: SeedOptions): Promise<SeedResult> {
  const demos = demoMarketplaces(options);
  const now = options.now ?? new Date();
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${seedLockKey})`);
    const context = seedContext(tx, now);
    const schedules = demoScheduleRows(demos, now);
    for (const demo of demos) {
      await seedMarketplace(context, demo, schedules);
      await seedRollouts(tx, demo, demo.marketplace.id);
    }
    await seedDemoAppointments(context, demos, now);
    await seedDemoClients(tx, demos, now);
    const marketplaceIds = demos.map((demo) => demo.marketplace.id);
    await seedDemoPromoCodes(context, marketplaceIds);
    await seedDemoMemberships(context, marketplaceIds);
    // Fixed ids bypass the identity sequences; move them past the seeded ids so later inserts fit.
    for (const table of [...fixedIdTables, ...membershipSeedTables]) {
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

const fixedIdTables = [
  'marketplace_groups',
  'marketplaces',
  'clinics',
  'procedure_groups',
  'procedures',
  'checkout_note_definitions',
];

async function seedMarketplace(context: SeedContext, demo: DemoMarketplace, schedules: DemoScheduleRows) {
  const marketplaceId = demo.marketplace.id;
  await ensureMarketplace(context, demo);
  await seedSettings(context, demo);
  await seedClinics(context, demo);
  await seedCatalogue(context, demo);
  await seedCheckoutNotes(context, demo);
  await seedTeam(context, marketplaceId, schedules);
  const [row] = await context.db
    .select({ mgId: marketplaces.mgId, isLive: marketplaces.isLive })
    .from(marketplaces)
    .where(eq(marketplaces.id, marketplaceId));
  if (!row) throw new Error(`Demo marketplace ${marketplaceId} was not written.`);
  await seedDemoStaff(context, marketplaceId, row.mgId);
  if (demo.marketplace.isLive && !row.isLive) await goLive(context, marketplaceId);
}

/** Opens the marketplace as its owner would: the payment settings reviewed, then live. */
async function goLive(context: SeedContext, marketplaceId: number): Promise<void> {
  const setup = await marketplaceSetup(context.db, marketplaceId);
  const reviewed = setup.steps.find((step) => step.key === 'PAYMENT_SETTINGS')?.done ?? false;
  if (!reviewed) await markPaymentSettingsReviewed(context, marketplaceId);
  await makeMarketplaceLive(context, marketplaceId);
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
