import { membershipOffer, packageOffer } from '@atrium/domain';
import { asc, eq } from 'drizzle-orm';
import {
  membershipDefinitions,
  membershipDiscounts,
  packageItemDefinitions,
  packages,
} from '../../memberships';
import {
  staffCreateMembershipDefinition,
  staffCreatePackage,
  staffUpdateMembershipDefinition,
  staffUpdatePackage,
} from '../../staff';
import { type SeedContext, sameValues } from './seed-context';

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
  items: { points: number; procedureGroupIds: number[] }[];
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
  discounts: { percentage: number; procedureGroupIds: number[] }[];
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
    items: [{ points: 1, procedureGroupIds: [glow.ivTherapy] }],
  },
  {
    id: 102,
    marketplaceId: glow.marketplaceId,
    name: 'Glow Club Annual Credits',
    description: 'A year of drips and vitamin shots with your Glow Club Annual membership.',
    list: 'Twelve IV therapy drips\nSix vitamin injections',
    priceCents: 0,
    items: [
      { points: 12, procedureGroupIds: [glow.ivTherapy] },
      { points: 6, procedureGroupIds: [glow.vitaminInjections] },
    ],
  },
  {
    id: 103,
    marketplaceId: glow.marketplaceId,
    name: 'B12 Energy 5-Pack',
    description: 'Five vitamin injections to use at home or in any Glow clinic.',
    list: 'Five vitamin injections\nUse at home or in clinic\nNever expires',
    priceCents: 12_500,
    items: [{ points: 5, procedureGroupIds: [glow.vitaminInjections] }],
  },
  {
    id: 104,
    marketplaceId: glow.marketplaceId,
    name: 'Hydration Trio',
    description: 'Three IV therapy drips for the price of two and a half.',
    list: 'Three IV therapy drips\nShare-free, yours to keep\nNever expires',
    priceCents: 45_000,
    items: [{ points: 3, procedureGroupIds: [glow.ivTherapy] }],
  },
  {
    id: 201,
    marketplaceId: nocturne.marketplaceId,
    name: 'Signature Monthly Facial',
    description: 'One skin treatment each month of your Nocturne Signature membership.',
    list: 'One skin treatment of your choice',
    priceCents: 0,
    items: [{ points: 1, procedureGroupIds: [nocturne.skin] }],
  },
  {
    id: 202,
    marketplaceId: nocturne.marketplaceId,
    name: 'Radiance Peel Series',
    description: 'A series of three skin treatments, best spaced four weeks apart.',
    list: 'Three skin treatments\nBook at any Nocturne clinic\nNever expires',
    priceCents: 54_000,
    items: [{ points: 3, procedureGroupIds: [nocturne.skin] }],
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
    discounts: [{ percentage: 15, procedureGroupIds: [glow.ivTherapy] }],
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
    discounts: [{ percentage: 20, procedureGroupIds: [glow.ivTherapy, glow.vitaminInjections] }],
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
    discounts: [{ percentage: 10, procedureGroupIds: [nocturne.injectables] }],
  },
];

/**
 * Writes the demo packages, then the membership definitions that grant them, through the Offers
 * section's services: created with their fixed ids when missing, else changed where they differ from
 * the demo's. Memberships and package items that clients hold are never touched.
 */
export async function seedDemoMemberships(context: SeedContext, marketplaceIds: number[]): Promise<void> {
  const ours = <T extends { marketplaceId: number }>(rows: T[]) =>
    rows.filter((row) => marketplaceIds.includes(row.marketplaceId));
  for (const pack of ours(demoPackages)) await seedPackage(context, pack);
  for (const definition of ours(demoMembershipDefinitions)) await seedMembership(context, definition);
}

const categoryIds = (ids: number[]) => ids.map(String);

async function seedPackage(context: SeedContext, pack: DemoPackage): Promise<void> {
  const { id, marketplaceId } = pack;
  const offer = packageOffer.parse({
    name: pack.name,
    description: pack.description,
    price: pack.priceCents,
    items: pack.items.map((item) => ({
      points: item.points,
      categoryIds: categoryIds(item.procedureGroupIds),
    })),
    validityDays: null,
    list: pack.list,
  });
  const [row] = await context.db.select().from(packages).where(eq(packages.id, id));
  if (!row) {
    await staffCreatePackage(context, { marketplaceId, offer }, { id });
    return;
  }
  const items = await context.db
    .select()
    .from(packageItemDefinitions)
    .where(eq(packageItemDefinitions.packageId, id))
    .orderBy(asc(packageItemDefinitions.id));
  const stored = {
    name: row.name,
    description: row.description,
    price: row.priceCents,
    items: items.map((item) => ({ points: item.points, categoryIds: categoryIds(item.procedureGroupIds) })),
    validityDays: row.validityDays,
    list: row.list,
  };
  if (!sameValues(stored, offer)) await staffUpdatePackage(context, { marketplaceId, id, offer });
}

async function seedMembership(context: SeedContext, definition: DemoMembershipDefinition): Promise<void> {
  const { id, marketplaceId } = definition;
  const offer = membershipOffer.parse({
    name: definition.name,
    description: definition.description,
    price: definition.priceCents,
    period: definition.period,
    discounts: definition.discounts.map((item) => ({
      percentage: item.percentage,
      categoryIds: categoryIds(item.procedureGroupIds),
    })),
    packageId: definition.packageId === null ? null : String(definition.packageId),
    list: definition.list,
  });
  const [row] = await context.db.select().from(membershipDefinitions).where(eq(membershipDefinitions.id, id));
  if (!row) {
    await staffCreateMembershipDefinition(context, { marketplaceId, offer }, { id });
    return;
  }
  const discounts = await context.db
    .select()
    .from(membershipDiscounts)
    .where(eq(membershipDiscounts.membershipDefinitionId, id))
    .orderBy(asc(membershipDiscounts.id));
  const stored = {
    name: row.name,
    description: row.description,
    price: row.priceCents,
    period: row.period,
    discounts: discounts.map((item) => ({
      percentage: item.percentage,
      categoryIds: categoryIds(item.procedureGroupIds),
    })),
    packageId: row.packageId === null ? null : String(row.packageId),
    list: row.list,
  };
  if (!sameValues(stored, offer))
    await staffUpdateMembershipDefinition(context, { marketplaceId, id, offer });
}

/** The tables whose identity sequences must move past the seeded (fixed) ids. */
export const membershipSeedTables = ['packages', 'membership_definitions'] as const;
