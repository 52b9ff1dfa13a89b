// The owner's promo codes: listed with where each stands, created, changed, paused and resumed. A
// code is stored as the checkout compares it (trimmed, upper-cased); a change never touches requests
// already made with it, which keep the price they were given.
import { type PromoCodeOffer, promoCodeStatus } from '@atrium/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import { promoCodes } from '../../checkout';
import type { Db } from '../../kernel/database/database';
import { InvalidInputError, NotFoundError } from '../../kernel/errors';
import { requireStaff, type StaffContext } from '../access';
import { changeAsStaff } from '../changes';
import {
  isUniqueViolation,
  offerMessages,
  ownServiceIds,
  PromoCodeTakenError,
  toDate,
  toIso,
} from './offer-common';

type PromoCodeRow = typeof promoCodes.$inferSelect;

export interface StaffPromoCodeView {
  id: string;
  code: string;
  kind: 'PERCENTAGE' | 'FIXED';
  /** Percent, or cents off. */
  value: number;
  /** null: every service. */
  serviceIds: string[] | null;
  minimumOrder: number | null;
  startsAt: string | null;
  endsAt: string | null;
  usageLimit: number | null;
  perClientLimit: number | null;
  timesUsed: number;
  pausedAt: string | null;
  status: 'ACTIVE' | 'PAUSED' | 'SCHEDULED' | 'EXPIRED' | 'USED_UP';
  createdAt: string;
}

export type OffersContext = StaffContext & {
  clock: () => Date;
};

export function toPromoCodeView(row: PromoCodeRow, now: Date): StaffPromoCodeView {
  const view = {
    id: String(row.id),
    code: row.code,
    kind: row.kind === 'percentage' ? ('PERCENTAGE' as const) : ('FIXED' as const),
    value: row.value,
    serviceIds: row.procedureIds === null ? null : row.procedureIds.map(String),
    minimumOrder: row.minimumOrderCents,
    startsAt: toIso(row.validFrom),
    endsAt: toIso(row.validUntil),
    usageLimit: row.usageLimit,
    perClientLimit: row.perClientLimit,
    timesUsed: row.timesUsed,
    pausedAt: toIso(row.pausedAt),
    createdAt: row.createdAt.toISOString(),
  };
  const status = promoCodeStatus(view, now);
  return { ...view, status: status.toUpperCase() as StaffPromoCodeView['status'] };
}

/** The marketplace's promo codes, newest first. */
export async function staffPromoCodes(context: OffersContext, marketplaceId: number) {
  await requireStaff(context, marketplaceId, 'editOffers');
  const rows = await context.db
    .select()
    .from(promoCodes)
    .where(eq(promoCodes.marketplaceId, marketplaceId))
    .orderBy(desc(promoCodes.createdAt), desc(promoCodes.id));
  const now = context.clock();
  return rows.map((row) => toPromoCodeView(row, now));
}

async function promoCodeRow(db: Db, marketplaceId: number, id: number): Promise<PromoCodeRow> {
  const [row] = await db
    .select()
    .from(promoCodes)
    .where(and(eq(promoCodes.id, id), eq(promoCodes.marketplaceId, marketplaceId)))
    .for('update');
  if (!row) throw new NotFoundError(offerMessages.promoCodeNotFound(id));
  return row;
}

/** The columns an offer sets, its services checked to be the marketplace's own. */
async function promoColumns(db: Db, marketplaceId: number, offer: PromoCodeOffer) {
  return {
    code: offer.code,
    kind: offer.kind,
    value: offer.value,
    procedureIds: offer.serviceIds === null ? null : await ownServiceIds(db, marketplaceId, offer.serviceIds),
    minimumOrderCents: offer.minimumOrder,
    validFrom: toDate(offer.startsAt),
    validUntil: toDate(offer.endsAt),
    usageLimit: offer.usageLimit,
    perClientLimit: offer.perClientLimit,
  };
}

/** Runs a write, turning the duplicate code the database refused into PROMO_CODE_TAKEN. */
async function uniqueCode<T>(code: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'promo_codes_marketplace_code_key')) {
      throw new PromoCodeTakenError(offerMessages.codeTaken(code));
    }
    throw error;
  }
}

async function assertCodeFree(db: Db, marketplaceId: number, code: string, except: number | null) {
  const [taken] = await db
    .select({ id: promoCodes.id })
    .from(promoCodes)
    .where(
      and(
        eq(promoCodes.marketplaceId, marketplaceId),
        eq(promoCodes.code, code),
        except === null ? undefined : sql`${promoCodes.id} <> ${except}`,
      ),
    );
  if (taken) throw new PromoCodeTakenError(offerMessages.codeTaken(code));
}

/**
 * Creates a code. `redeemed` is for the demo seed only (no resolver passes it): the redemptions a code
 * starts with, such as the demo's used-up code.
 */
export async function staffCreatePromoCode(
  context: OffersContext,
  input: { marketplaceId: number; offer: PromoCodeOffer },
  redeemed = 0,
): Promise<StaffPromoCodeView> {
  const { marketplaceId, offer } = input;
  return changeAsStaff(context, marketplaceId, 'editOffers', 'promoCode.create', async (tx) => {
    await assertCodeFree(tx, marketplaceId, offer.code, null);
    const values = await promoColumns(tx, marketplaceId, offer);
    const [row] = await uniqueCode(offer.code, () =>
      tx
        .insert(promoCodes)
        .values({ marketplaceId, ...values, timesUsed: redeemed, createdAt: context.clock() })
        .returning(),
    );
    if (!row) throw new Error('The promo code was not created.');
    const view = toPromoCodeView(row, context.clock());
    return { subject: `Promo code ${row.code}`, before: null, after: view, result: view };
  });
}

export async function staffUpdatePromoCode(
  context: OffersContext,
  input: { marketplaceId: number; id: number; offer: PromoCodeOffer },
): Promise<StaffPromoCodeView> {
  const { marketplaceId, id, offer } = input;
  return changeAsStaff(context, marketplaceId, 'editOffers', 'promoCode.update', async (tx) => {
    const current = await promoCodeRow(tx, marketplaceId, id);
    await assertCodeFree(tx, marketplaceId, offer.code, id);
    if (offer.usageLimit !== null && offer.usageLimit < current.timesUsed) {
      throw new InvalidInputError(offerMessages.limitBelowUses(current.timesUsed));
    }
    const values = await promoColumns(tx, marketplaceId, offer);
    const [row] = await uniqueCode(offer.code, () =>
      tx.update(promoCodes).set(values).where(eq(promoCodes.id, id)).returning(),
    );
    if (!row) throw new NotFoundError(offerMessages.promoCodeNotFound(id));
    const now = context.clock();
    const after = toPromoCodeView(row, now);
    return {
      subject: `Promo code ${row.code}`,
      before: toPromoCodeView(current, now),
      after,
      result: after,
    };
  });
}

/** Pauses (checkout refuses it like an unknown code) or resumes a code; doing it twice changes nothing more. */
export async function staffSetPromoCodePaused(
  context: OffersContext,
  input: { marketplaceId: number; id: number; paused: boolean },
): Promise<StaffPromoCodeView> {
  const { marketplaceId, id, paused } = input;
  const action = paused ? 'promoCode.pause' : 'promoCode.resume';
  return changeAsStaff(context, marketplaceId, 'editOffers', action, async (tx) => {
    const current = await promoCodeRow(tx, marketplaceId, id);
    const now = context.clock();
    const pausedAt = paused ? (current.pausedAt ?? now) : null;
    const [row] = await tx.update(promoCodes).set({ pausedAt }).where(eq(promoCodes.id, id)).returning();
    if (!row) throw new NotFoundError(offerMessages.promoCodeNotFound(id));
    return {
      subject: `Promo code ${row.code}`,
      before: { pausedAt: toIso(current.pausedAt) },
      after: { pausedAt: toIso(row.pausedAt) },
      result: toPromoCodeView(row, now),
    };
  });
}
