// What a client holds at a marketplace (/memberships, the balance badge): memberships,
// package items and their points.
import { and, asc, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../kernel/database/database';
import { type MembershipDefinitionView, membershipDefinitionsByIds } from './catalog';
import { memberships, packageItemDefinitions, packageItems, packages } from './tables';

export interface MembershipView {
  id: string;
  membershipDefinitionId: string;
  /** yyyy-MM-dd: the next charge when Active, the end of the benefits when Cancelled. */
  renewalDate: string;
  status: 'Active' | 'Cancelled';
  membershipDefinition: MembershipDefinitionView;
}

export interface PackageItemView {
  id: string;
  packageItemDefinitionId: string;
  membershipId: string | null;
  totalPoints: number;
  balance: number;
  packageName: string;
  /** ISO 8601; null when it does not expire. */
  expiresAt: string | null;
}

export interface PointsBalance {
  balance: number;
  totalPoints: number;
}

type MembershipRow = typeof memberships.$inferSelect;

/** Memberships as the API shows them, their definitions loaded together. */
export async function toMembershipViews(db: Db, rows: MembershipRow[]): Promise<MembershipView[]> {
  const definitions = await membershipDefinitionsByIds(db, [
    ...new Set(rows.map((row) => row.membershipDefinitionId)),
  ]);
  const byId = new Map(definitions.map((definition) => [definition.id, definition]));
  return rows.map((row) => {
    const definition = byId.get(String(row.membershipDefinitionId));
    if (!definition) throw new Error(`Membership definition ${row.membershipDefinitionId} vanished.`);
    return {
      id: String(row.id),
      membershipDefinitionId: String(row.membershipDefinitionId),
      renewalDate: row.renewalDate,
      status: row.status,
      membershipDefinition: definition,
    };
  });
}

/** A client's memberships at a marketplace: Active first, then Cancelled, newest first. */
export async function listMemberships(
  db: Db,
  userId: number,
  marketplaceId: number,
): Promise<MembershipView[]> {
  const rows = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.marketplaceId, marketplaceId)))
    .orderBy(sql`${memberships.status} = 'Active' desc`, desc(memberships.createdAt), desc(memberships.id));
  return toMembershipViews(db, rows);
}

const unexpired = (now: Date) => or(isNull(packageItems.expiresAt), gt(packageItems.expiresAt, now));

/** A client's unexpired package items at a marketplace, soonest to expire first. */
export async function listPackageItems(
  db: Db,
  userId: number,
  marketplaceId: number,
  now: Date,
): Promise<PackageItemView[]> {
  const rows = await db
    .select({ item: packageItems, packageName: packages.name })
    .from(packageItems)
    .innerJoin(packageItemDefinitions, eq(packageItemDefinitions.id, packageItems.packageItemDefinitionId))
    .innerJoin(packages, eq(packages.id, packageItemDefinitions.packageId))
    .where(and(eq(packageItems.userId, userId), eq(packages.marketplaceId, marketplaceId), unexpired(now)))
    .orderBy(sql`${packageItems.expiresAt} asc nulls last`, asc(packageItems.id));
  return rows.map(({ item, packageName }) => toPackageItemView(item, packageName));
}

export function toPackageItemView(
  item: typeof packageItems.$inferSelect,
  packageName: string,
): PackageItemView {
  return {
    id: String(item.id),
    packageItemDefinitionId: String(item.packageItemDefinitionId),
    membershipId: item.membershipId === null ? null : String(item.membershipId),
    totalPoints: item.totalPoints,
    balance: item.balance,
    packageName,
    expiresAt: item.expiresAt === null ? null : item.expiresAt.toISOString(),
  };
}

/**
 * Points left over total points of the unexpired package items that came with the client's Active
 * membership at a marketplace; null without an Active membership.
 */
export async function membershipBalance(
  db: Db,
  userId: number,
  marketplaceId: number,
  now: Date,
): Promise<PointsBalance | null> {
  const [active] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .where(
      and(
        eq(memberships.userId, userId),
        eq(memberships.marketplaceId, marketplaceId),
        eq(memberships.status, 'Active'),
      ),
    );
  if (!active) return null;
  return sumPoints(db, and(eq(packageItems.membershipId, active.id), unexpired(now)));
}

/** Points left over total points of all the client's unexpired package items at a marketplace. */
export async function packageBalance(
  db: Db,
  userId: number,
  marketplaceId: number,
  now: Date,
): Promise<PointsBalance> {
  return sumPoints(
    db,
    and(
      eq(packageItems.userId, userId),
      unexpired(now),
      sql`${packageItems.packageItemDefinitionId} in (
        select d.id from ${packageItemDefinitions} d join ${packages} p on p.id = d.package_id
        where p.marketplace_id = ${marketplaceId})`,
    ),
  );
}

async function sumPoints(db: Db, where: ReturnType<typeof and>): Promise<PointsBalance> {
  const [row] = await db
    .select({
      balance: sql<number>`coalesce(sum(${packageItems.balance}), 0)::int`,
      totalPoints: sql<number>`coalesce(sum(${packageItems.totalPoints}), 0)::int`,
    })
    .from(packageItems)
    .where(where);
  return { balance: Number(row?.balance ?? 0), totalPoints: Number(row?.totalPoints ?? 0) };
}
