// What the offers' services share: their messages, the duplicate-code error, and the checks that the
// services and categories an offer names are the marketplace's own.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { procedureGroups, procedures } from '../../catalogue';
import type { Db } from '../../kernel/database/database';
import { InvalidInputError } from '../../kernel/errors';

export const offerMessages = {
  codeTaken: (code: string) => `The code ${code} is already in use here: choose another.`,
  promoCodeNotFound: (id: number) => `Promo code ${id} was not found.`,
  membershipNotFound: (id: number) => `Membership ${id} was not found.`,
  packageNotFound: (id: number) => `Package ${id} was not found.`,
  servicesNotOurs: 'Choose services this marketplace offers.',
  categoriesNotOurs: 'Choose categories of this marketplace.',
  packageNotOurs: 'Choose a package of this marketplace.',
  limitBelowUses: (uses: number) => `The total limit cannot be below the ${uses} uses so far.`,
  periodInUse:
    'Members already pay by this period: retire this membership and create a new one to bill differently.',
  itemsInUse:
    'Clients hold points of this package: retire it and create a new one to change its points or categories.',
  retired: 'It is retired: it can no longer be changed.',
} as const;

/** A promo code with this code exists in the marketplace already (PROMO_CODE_TAKEN). */
export class PromoCodeTakenError extends Error {
  override readonly name = 'PromoCodeTakenError';
}

/** Whether a database error is PostgreSQL's unique violation of the named constraint. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let cause: unknown = error; typeof cause === 'object' && cause !== null; ) {
    const { code, constraint: name } = cause as { code?: unknown; constraint?: unknown };
    if (code === '23505') return name === undefined || name === constraint;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

const toNumbers = (ids: readonly string[]) => [...new Set(ids.map(Number))];

/** The ids as numbers when every one is a service (or add-on) the marketplace offers; else BAD_USER_INPUT. */
export async function ownServiceIds(
  db: Db,
  marketplaceId: number,
  ids: readonly string[],
): Promise<number[]> {
  const wanted = toNumbers(ids);
  if (wanted.some((id) => !Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647)) {
    throw new InvalidInputError(offerMessages.servicesNotOurs);
  }
  const found = await db
    .select({ id: procedures.id })
    .from(procedures)
    .where(
      and(
        eq(procedures.marketplaceId, marketplaceId),
        inArray(procedures.id, wanted),
        isNull(procedures.archivedAt),
      ),
    );
  if (found.length !== wanted.length) throw new InvalidInputError(offerMessages.servicesNotOurs);
  return wanted;
}

/** The ids as numbers when every one is a category of the marketplace; else BAD_USER_INPUT. */
export async function ownCategoryIds(
  db: Db,
  marketplaceId: number,
  ids: readonly string[],
): Promise<number[]> {
  const wanted = toNumbers(ids);
  if (wanted.some((id) => !Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647)) {
    throw new InvalidInputError(offerMessages.categoriesNotOurs);
  }
  const found = await db
    .select({ id: procedureGroups.id })
    .from(procedureGroups)
    .where(and(eq(procedureGroups.marketplaceId, marketplaceId), inArray(procedureGroups.id, wanted)));
  if (found.length !== wanted.length) throw new InvalidInputError(offerMessages.categoriesNotOurs);
  return wanted;
}

/** The services and categories an offer may name, for the console's choices. */
export async function offerChoices(db: Db, marketplaceId: number) {
  const [services, categories] = await Promise.all([
    db
      .select({ id: procedures.id, name: procedures.name, isAddOn: procedures.isAddOn })
      .from(procedures)
      .where(and(eq(procedures.marketplaceId, marketplaceId), isNull(procedures.archivedAt)))
      .orderBy(procedures.name, procedures.id),
    db
      .select({ id: procedureGroups.id, name: procedureGroups.name })
      .from(procedureGroups)
      .where(eq(procedureGroups.marketplaceId, marketplaceId))
      .orderBy(procedureGroups.name, procedureGroups.id),
  ]);
  return {
    services: services.map((row) => ({ ...row, id: String(row.id) })),
    categories: categories.map((row) => ({ ...row, id: String(row.id) })),
  };
}

/** When the instant is given as an ISO string, a Date; null stays null. */
export const toDate = (iso: string | null) => (iso === null ? null : new Date(iso));
export const toIso = (date: Date | null) => (date === null ? null : date.toISOString());
