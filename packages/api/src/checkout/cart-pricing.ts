// What pricing needs from the database: the cart's prices, the client's membership and package
// points, the promo code; the arithmetic itself is @atrium/domain's computeCheckoutSummary.
import {
  type CheckoutSummary,
  computeCheckoutSummary,
  type MembershipDiscount,
  type PackageCredit,
  type PromoRule,
} from '@atrium/domain';
import { and, asc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { procedures } from '../catalogue';
import type { Db } from '../kernel/database/database';
import { InvalidInputError } from '../kernel/errors';
import { largestId } from '../kernel/id-input';
import {
  membershipDefinitions,
  membershipDiscounts,
  memberships,
  packageItemDefinitions,
  packageItems,
  packages,
} from '../memberships';
import type { StoredPriceSummary } from './tables';

export interface CartProcedure {
  id: number;
  name: string;
  prices: number[];
  groupId: number | null;
  isAddOn: boolean;
  /** Minutes, as the procedure lists them. */
  durations: number[];
}

/** What a client's membership and packages give at checkout. */
export interface ClientBenefits {
  /** The membership whose discounts apply (null: none, or only previewed). */
  membershipId: number | null;
  membershipDiscounts: MembershipDiscount[];
  /** Package items with points left, soonest to expire first. */
  packageCredits: PackageCredit[];
}

export const noBenefits: ClientBenefits = { membershipId: null, membershipDiscounts: [], packageCredits: [] };

/** The cart's procedures and add-ons in the order given. BAD_USER_INPUT for one not in the marketplace. */
export async function loadCart(
  db: Db,
  marketplaceId: number,
  procedureIds: number[],
): Promise<CartProcedure[]> {
  if (procedureIds.length === 0) return [];
  const known = procedureIds.filter((id) => id <= largestId);
  const rows =
    known.length === 0
      ? []
      : await db
          .select({
            id: procedures.id,
            name: procedures.name,
            prices: procedures.prices,
            groupId: procedures.procedureGroupId,
            isAddOn: procedures.isAddOn,
            durations: procedures.durations,
          })
          .from(procedures)
          // An archived service is off the menu: a cart kept from before cannot book it.
          .where(
            and(
              eq(procedures.marketplaceId, marketplaceId),
              inArray(procedures.id, known),
              isNull(procedures.archivedAt),
            ),
          );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return procedureIds.map((id) => {
    const row = byId.get(id);
    if (!row) throw new InvalidInputError(`Procedure ${id} was not found in marketplace ${marketplaceId}.`);
    return row;
  });
}

/**
 * The discounts and points of a client in a marketplace: their Active membership, else a Cancelled one
 * still within its paid period (the one of `membershipDefinitionId` when given), and their package
 * items with points left, not expired.
 */
export async function loadClientBenefits(
  db: Db,
  input: { userId: number; marketplaceId: number; membershipDefinitionId: number | null; now: Date },
): Promise<ClientBenefits> {
  const [membership] = await db
    .select({ id: memberships.id, definitionId: memberships.membershipDefinitionId })
    .from(memberships)
    .innerJoin(membershipDefinitions, eq(membershipDefinitions.id, memberships.membershipDefinitionId))
    .where(
      and(
        eq(memberships.userId, input.userId),
        // A Cancelled membership keeps its benefits until its renewal date ('Good until {date}').
        or(
          eq(memberships.status, 'Active'),
          and(
            eq(memberships.status, 'Cancelled'),
            gt(memberships.renewalDate, input.now.toISOString().slice(0, 10)),
          ),
        ),
        eq(membershipDefinitions.marketplaceId, input.marketplaceId),
        input.membershipDefinitionId === null
          ? undefined
          : eq(memberships.membershipDefinitionId, input.membershipDefinitionId),
      ),
    )
    .orderBy(sql`${memberships.status} = 'Active' desc`, asc(memberships.id))
    .limit(1);
  const items = await db
    .select({
      id: packageItems.id,
      balance: packageItems.balance,
      procedureGroupIds: packageItemDefinitions.procedureGroupIds,
    })
    .from(packageItems)
    .innerJoin(packageItemDefinitions, eq(packageItemDefinitions.id, packageItems.packageItemDefinitionId))
    .innerJoin(packages, eq(packages.id, packageItemDefinitions.packageId))
    .where(
      and(
        eq(packageItems.userId, input.userId),
        eq(packages.marketplaceId, input.marketplaceId),
        gt(packageItems.balance, 0),
        or(isNull(packageItems.expiresAt), gt(packageItems.expiresAt, input.now)),
      ),
    )
    .orderBy(sql`${packageItems.expiresAt} asc nulls last`, asc(packageItems.id));
  return {
    membershipId: membership?.id ?? null,
    membershipDiscounts: membership ? await loadDiscounts(db, membership.definitionId) : [],
    packageCredits: items.map((item) => ({
      id: String(item.id),
      balance: item.balance,
      procedureGroupIds: item.procedureGroupIds.map(String),
    })),
  };
}

/** A membership definition's discounts, to preview what joining would give. BAD_USER_INPUT if not ours. */
export async function previewMembershipDiscounts(
  db: Db,
  marketplaceId: number,
  membershipDefinitionId: number,
): Promise<MembershipDiscount[]> {
  const notOurs = new InvalidInputError(
    `Membership ${membershipDefinitionId} was not found in marketplace ${marketplaceId}.`,
  );
  if (membershipDefinitionId > largestId) throw notOurs;
  const [definition] = await db
    .select({ id: membershipDefinitions.id })
    .from(membershipDefinitions)
    .where(
      and(
        eq(membershipDefinitions.id, membershipDefinitionId),
        eq(membershipDefinitions.marketplaceId, marketplaceId),
      ),
    );
  if (!definition) throw notOurs;
  return loadDiscounts(db, definition.id);
}

async function loadDiscounts(db: Db, membershipDefinitionId: number): Promise<MembershipDiscount[]> {
  const rows = await db
    .select()
    .from(membershipDiscounts)
    .where(eq(membershipDiscounts.membershipDefinitionId, membershipDefinitionId))
    .orderBy(asc(membershipDiscounts.id));
  return rows.map((row) => ({
    percentage: row.percentage,
    procedureGroupIds: row.procedureGroupIds.map(String),
  }));
}

/** The domain's summary of a cart with the database's prices and the client's benefits. */
export function priceCart(input: {
  cart: CartProcedure[];
  benefits: ClientBenefits;
  promo: PromoRule | null;
  travelFeeCents: number;
  gratuityCents: number;
}): CheckoutSummary {
  return computeCheckoutSummary({
    procedures: input.cart.map((procedure) => ({
      id: String(procedure.id),
      prices: procedure.prices,
      groupId: procedure.groupId === null ? null : String(procedure.groupId),
    })),
    membershipDiscounts: input.benefits.membershipDiscounts,
    packageCredits: input.benefits.packageCredits,
    promo: input.promo,
    travelFeeCents: input.travelFeeCents,
    gratuityCents: input.gratuityCents,
  });
}

/** The summary without its lines, as the API answers it and stores it with a request. */
export function toStoredSummary(summary: CheckoutSummary): StoredPriceSummary {
  const { lines: _lines, ...amounts } = summary;
  return amounts;
}
