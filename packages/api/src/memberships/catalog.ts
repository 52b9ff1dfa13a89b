// What a marketplace offers: membership definitions with their discounts and package, and
// packages with their item definitions. Each list is loaded in a fixed number of queries, whatever
// its length.
import { and, asc, eq, inArray, isNull, notExists, type SQL } from 'drizzle-orm';
import type { Db } from '../kernel/database/database';
import { membershipDefinitions, membershipDiscounts, packageItemDefinitions, packages } from './tables';

export interface PackageItemDefinitionView {
  id: string;
  packageId: string;
  points: number;
  procedureGroups: string[];
}

export interface PackageView {
  id: string;
  name: string;
  description: string | null;
  list: string | null;
  /** Cents. */
  price: number;
  packageItemDefinitions: PackageItemDefinitionView[];
}

export interface MembershipDiscountView {
  id: string;
  membershipDefinitionId: string;
  percentage: number;
  procedureGroups: string[];
}

export interface MembershipDefinitionView {
  id: string;
  marketplaceId: string;
  name: string;
  /** Cents per period. */
  price: number;
  period: 'monthly' | 'quarterly' | 'yearly';
  packageId: string | null;
  package: PackageView | null;
  description: string | null;
  list: string | null;
  discounts: MembershipDiscountView[];
}

/**
 * A marketplace's packages sold on their own, cheapest first. A package that comes with a membership
 * definition is had only through that membership, so it is not listed; nor is a retired one.
 */
export function listPackages(db: Db, marketplaceId: number): Promise<PackageView[]> {
  return loadPackages(
    db,
    and(
      eq(packages.marketplaceId, marketplaceId),
      isNull(packages.retiredAt),
      notExists(
        db
          .select({ id: membershipDefinitions.id })
          .from(membershipDefinitions)
          .where(eq(membershipDefinitions.packageId, packages.id)),
      ),
    ) as SQL,
  );
}

/** A marketplace's membership definitions still sold, cheapest first. */
export function listMembershipDefinitions(
  db: Db,
  marketplaceId: number,
): Promise<MembershipDefinitionView[]> {
  return loadMembershipDefinitions(
    db,
    and(
      eq(membershipDefinitions.marketplaceId, marketplaceId),
      isNull(membershipDefinitions.retiredAt),
    ) as SQL,
  );
}

/** Membership definitions by id (in no particular order). */
export function membershipDefinitionsByIds(db: Db, ids: number[]): Promise<MembershipDefinitionView[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return loadMembershipDefinitions(db, inArray(membershipDefinitions.id, ids));
}

async function loadPackages(db: Db, where: SQL): Promise<PackageView[]> {
  const rows = await db
    .select()
    .from(packages)
    .where(where)
    .orderBy(asc(packages.priceCents), asc(packages.id));
  if (rows.length === 0) return [];
  const items = await db
    .select()
    .from(packageItemDefinitions)
    .where(
      inArray(
        packageItemDefinitions.packageId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(packageItemDefinitions.id));
  return rows.map((row) => ({
    id: String(row.id),
    name: row.name,
    description: row.description,
    list: row.list,
    price: row.priceCents,
    packageItemDefinitions: items
      .filter((item) => item.packageId === row.id)
      .map((item) => ({
        id: String(item.id),
        packageId: String(item.packageId),
        points: item.points,
        procedureGroups: item.procedureGroupIds.map(String),
      })),
  }));
}

async function loadMembershipDefinitions(db: Db, where: SQL): Promise<MembershipDefinitionView[]> {
  const rows = await db
    .select()
    .from(membershipDefinitions)
    .where(where)
    .orderBy(asc(membershipDefinitions.priceCents), asc(membershipDefinitions.id));
  if (rows.length === 0) return [];
  const packageIds = [...new Set(rows.flatMap((row) => (row.packageId === null ? [] : [row.packageId])))];
  const [discounts, packageViews] = await Promise.all([
    db
      .select()
      .from(membershipDiscounts)
      .where(
        inArray(
          membershipDiscounts.membershipDefinitionId,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(asc(membershipDiscounts.id)),
    packageIds.length === 0 ? Promise.resolve([]) : loadPackages(db, inArray(packages.id, packageIds)),
  ]);
  const packageById = new Map(packageViews.map((view) => [view.id, view]));
  return rows.map((row) => ({
    id: String(row.id),
    marketplaceId: String(row.marketplaceId),
    name: row.name,
    price: row.priceCents,
    period: row.period,
    packageId: row.packageId === null ? null : String(row.packageId),
    package: row.packageId === null ? null : (packageById.get(String(row.packageId)) ?? null),
    description: row.description,
    list: row.list,
    discounts: discounts
      .filter((discount) => discount.membershipDefinitionId === row.id)
      .map((discount) => ({
        id: String(discount.id),
        membershipDefinitionId: String(discount.membershipDefinitionId),
        percentage: discount.percentage,
        procedureGroups: discount.procedureGroupIds.map(String),
      })),
  }));
}
