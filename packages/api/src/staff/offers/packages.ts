// The owner's packages: listed (retired ones too), created, changed and retired. A purchase keeps the
// price it was charged and the points it was given, so a new price or expiry is for later purchases;
// once clients hold points of a package its items (points per category) stay as they are.
import type { PackageOffer } from '@atrium/domain';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../kernel/database/database';
import { InvalidInputError, NotFoundError } from '../../kernel/errors';
import {
  membershipDefinitions,
  packageItemDefinitions,
  packageItems,
  packagePurchases,
  packages,
} from '../../memberships';
import { requireStaff } from '../access';
import { type CreateOptions, changeAsStaff, fixedId } from '../changes';
import { offerMessages, ownCategoryIds, toIso } from './offer-common';
import type { OffersContext } from './promo-codes';

type PackageRow = typeof packages.$inferSelect;

export interface StaffPackageView {
  id: string;
  name: string;
  description: string | null;
  /** Cents, for the next purchase. */
  price: number;
  items: { points: number; categoryIds: string[] }[];
  /** Days its points last after purchase; null: they never expire. */
  validityDays: number | null;
  retiredAt: string | null;
  status: 'ACTIVE' | 'RETIRED';
  /** Paid purchases of it. */
  purchases: number;
  /** The memberships whose paid periods grant it (it is then not sold on its own). */
  includedIn: string[];
}

async function toViews(db: Db, rows: PackageRow[]): Promise<StaffPackageView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [items, purchases, definitions] = await Promise.all([
    db
      .select()
      .from(packageItemDefinitions)
      .where(inArray(packageItemDefinitions.packageId, ids))
      .orderBy(asc(packageItemDefinitions.id)),
    db
      .select({ id: packagePurchases.packageId, purchases: count() })
      .from(packagePurchases)
      .where(and(inArray(packagePurchases.packageId, ids), eq(packagePurchases.status, 'succeeded')))
      .groupBy(packagePurchases.packageId),
    db
      .select({ packageId: membershipDefinitions.packageId, name: membershipDefinitions.name })
      .from(membershipDefinitions)
      .where(inArray(membershipDefinitions.packageId, ids))
      .orderBy(asc(membershipDefinitions.name)),
  ]);
  return rows.map((row) => ({
    id: String(row.id),
    name: row.name,
    description: row.description,
    price: row.priceCents,
    items: items
      .filter((item) => item.packageId === row.id)
      .map((item) => ({ points: item.points, categoryIds: item.procedureGroupIds.map(String) })),
    validityDays: row.validityDays,
    retiredAt: toIso(row.retiredAt),
    status: row.retiredAt === null ? 'ACTIVE' : 'RETIRED',
    purchases: purchases.find((item) => item.id === row.id)?.purchases ?? 0,
    includedIn: definitions.filter((item) => item.packageId === row.id).map((item) => item.name),
  }));
}

async function toView(db: Db, row: PackageRow): Promise<StaffPackageView> {
  const [view] = await toViews(db, [row]);
  if (!view) throw new Error(`Package ${row.id} has no view.`);
  return view;
}

/** The marketplace's packages: those sold first, cheapest first, then the retired. */
export async function staffPackages(context: OffersContext, marketplaceId: number) {
  await requireStaff(context, marketplaceId, 'editOffers');
  const rows = await context.db
    .select()
    .from(packages)
    .where(eq(packages.marketplaceId, marketplaceId))
    .orderBy(asc(packages.priceCents), asc(packages.id));
  const views = await toViews(context.db, rows);
  return [
    ...views.filter((view) => view.status === 'ACTIVE'),
    ...views.filter((view) => view.status !== 'ACTIVE'),
  ];
}

async function packageRow(db: Db, marketplaceId: number, id: number): Promise<PackageRow> {
  const [row] = await db
    .select()
    .from(packages)
    .where(and(eq(packages.id, id), eq(packages.marketplaceId, marketplaceId)))
    .for('update');
  if (!row) throw new NotFoundError(offerMessages.packageNotFound(id));
  return row;
}

const columns = (offer: PackageOffer) => ({
  name: offer.name,
  description: offer.description,
  priceCents: offer.price,
  validityDays: offer.validityDays,
  // Undefined (not given) leaves the stored benefits alone.
  list: offer.list,
});

async function insertItems(db: Db, marketplaceId: number, packageId: number, offer: PackageOffer) {
  const items = await Promise.all(
    offer.items.map(async (item) => ({
      packageId,
      points: item.points,
      procedureGroupIds: await ownCategoryIds(db, marketplaceId, item.categoryIds),
    })),
  );
  await db.insert(packageItemDefinitions).values(items);
}

export async function staffCreatePackage(
  context: OffersContext,
  input: { marketplaceId: number; offer: PackageOffer },
  options: CreateOptions = {},
): Promise<StaffPackageView> {
  const { marketplaceId, offer } = input;
  return changeAsStaff(context, marketplaceId, 'editOffers', 'package.create', async (tx) => {
    const [row] = await tx
      .insert(packages)
      .values({ ...fixedId(options), marketplaceId, ...columns(offer) })
      .returning();
    if (!row) throw new Error('The package was not created.');
    await insertItems(tx, marketplaceId, row.id, offer);
    const view = await toView(tx, row);
    return { subject: `Package “${row.name}”`, before: null, after: view, result: view };
  });
}

const itemKey = (items: { points: number; categoryIds: string[] }[]) =>
  JSON.stringify(
    items
      .map((item) => `${item.points}:${[...new Set(item.categoryIds.map(Number))].sort((a, b) => a - b)}`)
      .sort(),
  );

/** Whether clients hold (or held) points of the package's items. */
async function pointsHeld(db: Db, packageId: number): Promise<boolean> {
  const [held] = await db
    .select({ id: packageItems.id })
    .from(packageItems)
    .innerJoin(packageItemDefinitions, eq(packageItemDefinitions.id, packageItems.packageItemDefinitionId))
    .where(eq(packageItemDefinitions.packageId, packageId))
    .limit(1);
  return held !== undefined;
}

export async function staffUpdatePackage(
  context: OffersContext,
  input: { marketplaceId: number; id: number; offer: PackageOffer },
): Promise<StaffPackageView> {
  const { marketplaceId, id, offer } = input;
  return changeAsStaff(context, marketplaceId, 'editOffers', 'package.update', async (tx) => {
    const current = await packageRow(tx, marketplaceId, id);
    if (current.retiredAt !== null) throw new InvalidInputError(offerMessages.retired);
    const before = await toView(tx, current);
    const itemsChanged = itemKey(before.items) !== itemKey(offer.items);
    if (itemsChanged && (await pointsHeld(tx, id))) throw new InvalidInputError(offerMessages.itemsInUse);
    const [row] = await tx.update(packages).set(columns(offer)).where(eq(packages.id, id)).returning();
    if (!row) throw new NotFoundError(offerMessages.packageNotFound(id));
    if (itemsChanged) {
      await tx.delete(packageItemDefinitions).where(eq(packageItemDefinitions.packageId, id));
      await insertItems(tx, marketplaceId, id, offer);
    }
    const after = await toView(tx, row);
    return { subject: `Package “${row.name}”`, before, after, result: after };
  });
}

/** No longer sold; the points clients hold stay good. Retiring again changes nothing. */
export async function staffRetirePackage(
  context: OffersContext,
  input: { marketplaceId: number; id: number },
): Promise<StaffPackageView> {
  const { marketplaceId, id } = input;
  return changeAsStaff(context, marketplaceId, 'editOffers', 'package.retire', async (tx) => {
    const current = await packageRow(tx, marketplaceId, id);
    const [row] = await tx
      .update(packages)
      .set({ retiredAt: current.retiredAt ?? context.clock() })
      .where(eq(packages.id, id))
      .returning();
    if (!row) throw new NotFoundError(offerMessages.packageNotFound(id));
    return {
      subject: `Package “${row.name}”`,
      before: { retiredAt: toIso(current.retiredAt) },
      after: { retiredAt: toIso(row.retiredAt) },
      result: await toView(tx, row),
    };
  });
}
