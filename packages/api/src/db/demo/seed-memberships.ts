import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../kernel/database/database';
import {
  membershipDefinitions,
  membershipDiscounts,
  packageItemDefinitions,
  packages,
} from '../../memberships';

type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];

// Categories (procedure groups) of the demo marketplaces.
const glow = { marketplaceId: 1, ivTherapy: 11, vitaminInjections: 12 };
const nocturne = { marketplaceId: 2, injectables: 21, skin: 22 };

export interface DemoPackage {
  id: number;
  marketplaceId: number;
  name: string;
  description: string;
  /** Benefits, one per line. */
  list: string;
  priceCents: number;
  items: { id: number; points: number; procedureGroupIds: number[] }[];
}

export interface DemoMembershipDefinition {
  id: number;
  marketplaceId: number;
  name: string;
  priceCents: number;
  period: 'monthly' | 'quarterly' | 'yearly';
  packageId: number | null;
  description: string;
  list: string;
  discounts: { id: number; percentage: number; procedureGroupIds: number[] }[];
}

/**
 * The demo packages: those a membership comes with (101, 102, 201) and those sold on their own
 * (103, 104, 202). Solace Wellness (3) has none.
 */
export const demoPackages: DemoPackage[] = [
  {
    id: 101,
    marketplaceId: glow.marketplaceId,
    name: 'Glow Club Monthly Drip',
    description: 'One IV therapy drip each month of your Glow Club membership.',
    list: 'One IV therapy drip of your choice',
    priceCents: 0,
    items: [{ id: 1011, points: 1, procedureGroupIds: [glow.ivTherapy] }],
  },
  {
    id: 102,
    marketplaceId: glow.marketplaceId,
    name: 'Glow Club Annual Credits',
    description: 'A year of drips and vitamin shots with your Glow Club Annual membership.',
    list: 'Twelve IV therapy drips\nSix vitamin injections',
    priceCents: 0,
    items: [
      { id: 1021, points: 12, procedureGroupIds: [glow.ivTherapy] },
      { id: 1022, points: 6, procedureGroupIds: [glow.vitaminInjections] },
    ],
  },
  {
    id: 103,
    marketplaceId: glow.marketplaceId,
    name: 'B12 Energy 5-Pack',
    description: 'Five vitamin injections to use at home or in any Glow clinic.',
    list: 'Five vitamin injections\nUse at home or in clinic\nNever expires',
    priceCents: 12_500,
    items: [{ id: 1031, points: 5, procedureGroupIds: [glow.vitaminInjections] }],
  },
  {
    id: 104,
    marketplaceId: glow.marketplaceId,
    name: 'Hydration Trio',
    description: 'Three IV therapy drips for the price of two and a half.',
    list: 'Three IV therapy drips\nShare-free, yours to keep\nNever expires',
    priceCents: 45_000,
    items: [{ id: 1041, points: 3, procedureGroupIds: [glow.ivTherapy] }],
  },
  {
    id: 201,
    marketplaceId: nocturne.marketplaceId,
    name: 'Signature Monthly Facial',
    description: 'One skin treatment each month of your Nocturne Signature membership.',
    list: 'One skin treatment of your choice',
    priceCents: 0,
    items: [{ id: 2011, points: 1, procedureGroupIds: [nocturne.skin] }],
  },
  {
    id: 202,
    marketplaceId: nocturne.marketplaceId,
    name: 'Radiance Peel Series',
    description: 'A series of three skin treatments, best spaced four weeks apart.',
    list: 'Three skin treatments\nBook at any Nocturne clinic\nNever expires',
    priceCents: 54_000,
    items: [{ id: 2021, points: 3, procedureGroupIds: [nocturne.skin] }],
  },
];

/** Glow Mobile IV (1) has a monthly and a yearly membership, Nocturne (2) a monthly one. */
export const demoMembershipDefinitions: DemoMembershipDefinition[] = [
  {
    id: 11,
    marketplaceId: glow.marketplaceId,
    name: 'Glow Club',
    priceCents: 9_900,
    period: 'monthly',
    packageId: 101,
    description: 'Monthly hydration for regulars: a drip every month and 15% off IV therapy.',
    list: '15% off every IV therapy drip\nOne IV drip included each month\nPriority booking for at-home visits',
    discounts: [{ id: 111, percentage: 15, procedureGroupIds: [glow.ivTherapy] }],
  },
  {
    id: 12,
    marketplaceId: glow.marketplaceId,
    name: 'Glow Club Annual',
    priceCents: 99_900,
    period: 'yearly',
    packageId: 102,
    description: 'A full year of Glow: twelve drips, six vitamin shots and 20% off both.',
    list: '20% off IV therapy and vitamin injections\nTwelve IV drips and six vitamin injections a year\nPriority booking for at-home visits',
    discounts: [{ id: 121, percentage: 20, procedureGroupIds: [glow.ivTherapy, glow.vitaminInjections] }],
  },
  {
    id: 21,
    marketplaceId: nocturne.marketplaceId,
    name: 'Nocturne Signature',
    priceCents: 14_900,
    period: 'monthly',
    packageId: 201,
    description: 'Your monthly skin ritual with member pricing on injectables.',
    list: '10% off injectables\nOne skin treatment included each month\nMember-only evening hours',
    discounts: [{ id: 211, percentage: 10, procedureGroupIds: [nocturne.injectables] }],
  },
];

/**
 * Upserts the demo packages and membership definitions (with their item definitions and discounts)
 * by their fixed ids, so a second run changes nothing. Memberships and package items that clients
 * hold are never touched.
 */
export async function seedDemoMemberships(tx: Transaction, marketplaceIds: number[]): Promise<void> {
  const ours = <T extends { marketplaceId: number }>(rows: T[]) =>
    rows.filter((row) => marketplaceIds.includes(row.marketplaceId));
  const packs = ours(demoPackages);
  const definitions = ours(demoMembershipDefinitions);
  if (packs.length > 0) {
    await upsertById(
      tx,
      packages,
      packages.id,
      packs.map(({ items: _items, ...pack }) => pack),
    );
    await upsertById(
      tx,
      packageItemDefinitions,
      packageItemDefinitions.id,
      packs.flatMap((pack) => pack.items.map((item) => ({ ...item, packageId: pack.id }))),
    );
  }
  if (definitions.length > 0) {
    await upsertById(
      tx,
      membershipDefinitions,
      membershipDefinitions.id,
      definitions.map(({ discounts: _discounts, ...definition }) => definition),
    );
    await upsertById(
      tx,
      membershipDiscounts,
      membershipDiscounts.id,
      definitions.flatMap((definition) =>
        definition.discounts.map((discount) => ({ ...discount, membershipDefinitionId: definition.id })),
      ),
    );
  }
}

/** The tables whose identity sequences must move past the seeded ids. */
export const membershipSeedTables = [
  'packages',
  'package_item_definitions',
  'membership_definitions',
  'membership_discounts',
] as const;

async function upsertById<TTable extends PgTable>(
  tx: Transaction,
  table: TTable,
  id: PgColumn,
  rows: Record<string, unknown>[],
): Promise<void> {
  if (rows.length === 0) return;
  const set: Record<string, SQL> = {};
  for (const key of Object.keys(rows[0] ?? {})) {
    if (key === 'id') continue;
    const column = (table as unknown as Record<string, PgColumn>)[key];
    if (column) set[key] = sql.raw(`excluded."${column.name}"`);
  }
  await tx
    .insert(table)
    .values(rows as never)
    .onConflictDoUpdate({ target: id, set });
}
