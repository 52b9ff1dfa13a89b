// The owner's membership definitions: listed (retired ones too), created, changed and retired. A new
// price is for new members: an Active membership renews at the price it was bought at (memberships'
// price_cents). A definition once bought is retired, never deleted, and its billing period stays.
import type { MembershipOffer } from '@atrium/domain';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../kernel/database/database';
import { InvalidInputError, NotFoundError } from '../../kernel/errors';
import {
  membershipCharges,
  membershipDefinitions,
  membershipDiscounts,
  memberships,
  packages,
} from '../../memberships';
import { requireStaff } from '../access';
import { type CreateOptions, changeAsStaff, fixedId } from '../changes';
import { offerMessages, ownCategoryIds, toIso } from './offer-common';
import type { OffersContext } from './promo-codes';

type DefinitionRow = typeof membershipDefinitions.$inferSelect;

export interface StaffMembershipView {
  id: string;
  name: string;
  description: string | null;
  /** Cents per period, for new members. */
  price: number;
  period: 'monthly' | 'quarterly' | 'yearly';
  discounts: { percentage: number; categoryIds: string[] }[];
  packageId: string | null;
  retiredAt: string | null;
  status: 'ACTIVE' | 'RETIRED';
  /** Clients whose membership of it is Active now. */
  activeMembers: number;
}

/** The views of some definitions, with their discounts and Active members, in the rows' order. */
async function toViews(db: Db, rows: DefinitionRow[]): Promise<StaffMembershipView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [discounts, members] = await Promise.all([
    db
      .select()
      .from(membershipDiscounts)
      .where(inArray(membershipDiscounts.membershipDefinitionId, ids))
      .orderBy(asc(membershipDiscounts.id)),
    db
      .select({ id: memberships.membershipDefinitionId, members: count() })
      .from(memberships)
      .where(and(inArray(memberships.membershipDefinitionId, ids), eq(memberships.status, 'Active')))
      .groupBy(memberships.membershipDefinitionId),
  ]);
  return rows.map((row) => ({
    id: String(row.id),
    name: row.name,
    description: row.description,
    price: row.priceCents,
    period: row.period,
    discounts: discounts
      .filter((item) => item.membershipDefinitionId === row.id)
      .map((item) => ({ percentage: item.percentage, categoryIds: item.procedureGroupIds.map(String) })),
    packageId: row.packageId === null ? null : String(row.packageId),
    retiredAt: toIso(row.retiredAt),
    status: row.retiredAt === null ? 'ACTIVE' : 'RETIRED',
    activeMembers: members.find((item) => item.id === row.id)?.members ?? 0,
  }));
}

async function toView(db: Db, row: DefinitionRow): Promise<StaffMembershipView> {
  const [view] = await toViews(db, [row]);
  if (!view) throw new Error(`Membership ${row.id} has no view.`);
  return view;
}

/** The marketplace's membership definitions: those sold first, cheapest first, then the retired. */
export async function staffMembershipDefinitions(context: OffersContext, marketplaceId: number) {
  await requireStaff(context, marketplaceId, 'editOffers');
  const rows = await context.db
    .select()
    .from(membershipDefinitions)
    .where(eq(membershipDefinitions.marketplaceId, marketplaceId))
    .orderBy(asc(membershipDefinitions.priceCents), asc(membershipDefinitions.id));
  const views = await toViews(context.db, rows);
  return [
    ...views.filter((view) => view.status === 'ACTIVE'),
    ...views.filter((view) => view.status !== 'ACTIVE'),
  ];
}

async function definitionRow(db: Db, marketplaceId: number, id: number): Promise<DefinitionRow> {
  const [row] = await db
    .select()
    .from(membershipDefinitions)
    .where(and(eq(membershipDefinitions.id, id), eq(membershipDefinitions.marketplaceId, marketplaceId)))
    .for('update');
  if (!row) throw new NotFoundError(offerMessages.membershipNotFound(id));
  return row;
}

async function ownPackageId(db: Db, marketplaceId: number, packageId: string | null): Promise<number | null> {
  if (packageId === null) return null;
  const id = Number(packageId);
  const [row] = Number.isSafeInteger(id)
    ? await db
        .select({ id: packages.id })
        .from(packages)
        .where(and(eq(packages.id, id), eq(packages.marketplaceId, marketplaceId)))
    : [];
  if (!row) throw new InvalidInputError(offerMessages.packageNotOurs);
  return row.id;
}

/** Writes the definition's discounts anew (nothing else refers to them). */
async function writeDiscounts(db: Db, marketplaceId: number, definitionId: number, offer: MembershipOffer) {
  const discounts = await Promise.all(
    offer.discounts.map(async (item) => ({
      membershipDefinitionId: definitionId,
      percentage: item.percentage,
      procedureGroupIds: await ownCategoryIds(db, marketplaceId, item.categoryIds),
    })),
  );
  await db.delete(membershipDiscounts).where(eq(membershipDiscounts.membershipDefinitionId, definitionId));
  if (discounts.length > 0) await db.insert(membershipDiscounts).values(discounts);
}

const columns = (offer: MembershipOffer, packageId: number | null) => ({
  name: offer.name,
  description: offer.description,
  priceCents: offer.price,
  period: offer.period,
  packageId,
  // Undefined (not given) leaves the stored benefits alone.
  list: offer.list,
});

export async function staffCreateMembershipDefinition(
  context: OffersContext,
  input: { marketplaceId: number; offer: MembershipOffer },
  options: CreateOptions = {},
): Promise<StaffMembershipView> {
  const { marketplaceId, offer } = input;
  return changeAsStaff(context, marketplaceId, 'editOffers', 'membership.create', async (tx) => {
    const packageId = await ownPackageId(tx, marketplaceId, offer.packageId);
    const [row] = await tx
      .insert(membershipDefinitions)
      .values({ ...fixedId(options), marketplaceId, ...columns(offer, packageId) })
      .returning();
    if (!row) throw new Error('The membership was not created.');
    await writeDiscounts(tx, marketplaceId, row.id, offer);
    const view = await toView(tx, row);
    return { subject: `Membership “${row.name}”`, before: null, after: view, result: view };
  });
}

/** Whether anyone ever bought the definition (a membership or a charge of any state names it). */
async function everBought(db: Db, definitionId: number): Promise<boolean> {
  const [charge] = await db
    .select({ id: membershipCharges.id })
    .from(membershipCharges)
    .where(eq(membershipCharges.membershipDefinitionId, definitionId))
    .limit(1);
  const [member] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .where(eq(memberships.membershipDefinitionId, definitionId))
    .limit(1);
  return charge !== undefined || member !== undefined;
}

export async function staffUpdateMembershipDefinition(
  context: OffersContext,
  input: { marketplaceId: number; id: number; offer: MembershipOffer },
): Promise<StaffMembershipView> {
  const { marketplaceId, id, offer } = input;
  return changeAsStaff(context, marketplaceId, 'editOffers', 'membership.update', async (tx) => {
    const current = await definitionRow(tx, marketplaceId, id);
    if (current.retiredAt !== null) throw new InvalidInputError(offerMessages.retired);
    if (offer.period !== current.period && (await everBought(tx, id))) {
      throw new InvalidInputError(offerMessages.periodInUse);
    }
    const before = await toView(tx, current);
    const packageId = await ownPackageId(tx, marketplaceId, offer.packageId);
    const [row] = await tx
      .update(membershipDefinitions)
      .set(columns(offer, packageId))
      .where(eq(membershipDefinitions.id, id))
      .returning();
    if (!row) throw new NotFoundError(offerMessages.membershipNotFound(id));
    await writeDiscounts(tx, marketplaceId, id, offer);
    const after = await toView(tx, row);
    return { subject: `Membership “${row.name}”`, before, after, result: after };
  });
}

/** No longer sold; Active memberships of it renew as before. Retiring again changes nothing. */
export async function staffRetireMembershipDefinition(
  context: OffersContext,
  input: { marketplaceId: number; id: number },
): Promise<StaffMembershipView> {
  const { marketplaceId, id } = input;
  return changeAsStaff(context, marketplaceId, 'editOffers', 'membership.retire', async (tx) => {
    const current = await definitionRow(tx, marketplaceId, id);
    const [row] = await tx
      .update(membershipDefinitions)
      .set({ retiredAt: current.retiredAt ?? context.clock() })
      .where(eq(membershipDefinitions.id, id))
      .returning();
    if (!row) throw new NotFoundError(offerMessages.membershipNotFound(id));
    return {
      subject: `Membership “${row.name}”`,
      before: { retiredAt: toIso(current.retiredAt) },
      after: { retiredAt: toIso(row.retiredAt) },
      result: await toView(tx, row),
    };
  });
}
