import { formatCents, minPrice, type PromoRule, promoAppliesTo } from '@atrium/domain';
import { and, count, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { RequestSession } from '../identity';
import type { Db } from '../kernel/database/database';
import { largestId } from '../kernel/id-input';
import { loadMarketplace } from '../kernel/marketplaces';
import {
  type ClientBenefits,
  loadCart,
  loadClientBenefits,
  noBenefits,
  previewMembershipDiscounts,
  priceCart,
} from './cart-pricing';
import type { CheckoutPorts } from './ports';
import { appointmentRequests, promoCodes } from './tables';

export type PromoCodeRow = typeof promoCodes.$inferSelect;

/** A promo code has at most 15 characters. */
export const maxPromoCodeLength = 15;

export const promoMessages = {
  invalid: 'Invalid promo code',
  expired: 'This promo code has expired.',
  notYetValid: 'This promo code is not valid yet.',
  usedUp: 'This promo code has reached its usage limit.',
  notApplicable: 'This promo code does not apply to the selected services.',
  belowMinimum: (minimumCents: number) =>
    `This promo code needs an order of at least ${formatCents(minimumCents)}.`,
  clientLimitReached: 'You have already used this promo code as many times as it allows.',
} as const;

/** Trimmed and upper-cased; null when empty or too long to be a code. */
export function normalizePromoCode(code: string): string | null {
  const normalized = code.trim().toUpperCase();
  return normalized.length === 0 || normalized.length > maxPromoCodeLength ? null : normalized;
}

/** The marketplace's code, unless it is paused (a paused code is refused like an unknown one). */
export async function findPromoCode(
  db: Db,
  marketplaceId: number,
  code: string,
): Promise<PromoCodeRow | null> {
  const [row] = await db
    .select()
    .from(promoCodes)
    .where(
      and(
        eq(promoCodes.marketplaceId, marketplaceId),
        eq(promoCodes.code, code),
        isNull(promoCodes.pausedAt),
      ),
    );
  return row ?? null;
}

/** Why a promo cannot be used now for this cart (each procedure's shown price), or null when it can. */
export function promoProblem(
  promo: PromoCodeRow,
  now: Date,
  cart: { id: number; prices: number[] }[],
): string | null {
  if (promo.validUntil && promo.validUntil.getTime() <= now.getTime()) return promoMessages.expired;
  if (promo.validFrom && promo.validFrom.getTime() > now.getTime()) return promoMessages.notYetValid;
  if (promo.usageLimit !== null && promo.timesUsed >= promo.usageLimit) return promoMessages.usedUp;
  const rule = toPromoRule(promo);
  if (!cart.some(({ id }) => promoAppliesTo(rule, String(id)))) return promoMessages.notApplicable;
  const subtotal = cart.reduce((sum, procedure) => sum + (minPrice(procedure.prices) ?? 0), 0);
  if (promo.minimumOrderCents !== null && subtotal < promo.minimumOrderCents) {
    return promoMessages.belowMinimum(promo.minimumOrderCents);
  }
  return null;
}

/** How many of a client's requests used the code. */
export async function promoUsesByClient(db: Db, promoCodeId: number, clientUserId: number): Promise<number> {
  const [row] = await db
    .select({ uses: count() })
    .from(appointmentRequests)
    .where(
      and(
        eq(appointmentRequests.promoCodeId, promoCodeId),
        eq(appointmentRequests.clientUserId, clientUserId),
      ),
    );
  return row?.uses ?? 0;
}

/** Whether the client has used the code as many times as it allows each client. */
export async function clientLimitReached(
  db: Db,
  promo: PromoCodeRow,
  clientUserId: number,
): Promise<boolean> {
  if (promo.perClientLimit === null) return false;
  return (await promoUsesByClient(db, promo.id, clientUserId)) >= promo.perClientLimit;
}

export function toPromoRule(promo: PromoCodeRow): PromoRule {
  return {
    kind: promo.kind,
    value: promo.value,
    procedureIds: promo.procedureIds === null ? null : promo.procedureIds.map(String),
  };
}

/**
 * Uses one redemption of a promo code, atomically: refused (false) once the usage limit is reached
 * or outside its validity window, however many requests try at once. Run it in the booking's
 * transaction so a booking that fails gives the redemption back.
 */
export async function redeemPromoCode(db: Db, promoCodeId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(promoCodes)
    .set({ timesUsed: sql`${promoCodes.timesUsed} + 1` })
    .where(
      and(
        eq(promoCodes.id, promoCodeId),
        or(isNull(promoCodes.usageLimit), sql`${promoCodes.timesUsed} < ${promoCodes.usageLimit}`),
        or(isNull(promoCodes.validFrom), lte(promoCodes.validFrom, now)),
        or(isNull(promoCodes.validUntil), gt(promoCodes.validUntil, now)),
      ),
    )
    .returning({ id: promoCodes.id });
  return rows.length > 0;
}

export interface PromoValidationView {
  valid: boolean;
  error: string | null;
  discountAmount: number;
  itemDiscounts: { procedureBaseDefId: string; discountAmount: number }[];
}

export interface ValidatePromoCodeRequest {
  code: string;
  marketplaceId: number;
  procedureIds: number[];
  membershipDefinitionId: number | null;
}

/**
 * Checks a promo code for a cart. An unusable code is an answer (valid false and the reason), not an
 * error. The discount is the pricing module's, after the signed-in client's membership and package
 * credits, at the charged (low) end of the prices.
 */
export async function validatePromoCode(
  ports: CheckoutPorts,
  session: RequestSession,
  request: ValidatePromoCodeRequest,
): Promise<PromoValidationView> {
  const { db } = ports;
  const now = ports.clock();
  const marketplace = await loadMarketplace(db, request.marketplaceId);
  const invalid = (error: string): PromoValidationView => ({
    valid: false,
    error,
    discountAmount: 0,
    itemDiscounts: [],
  });
  const code = normalizePromoCode(request.code);
  const promo = code ? await findPromoCode(db, marketplace.id, code) : null;
  if (!promo) return invalid(promoMessages.invalid);
  const cart = await loadCart(db, marketplace.id, request.procedureIds);
  const problem = promoProblem(promo, now, cart);
  if (problem) return invalid(problem);
  const viewer = await session.current();
  if (viewer && viewer.mgId === marketplace.mgId && (await clientLimitReached(db, promo, viewer.userId))) {
    return invalid(promoMessages.clientLimitReached);
  }

  const benefits = await viewerBenefits(db, session, {
    mgId: marketplace.mgId,
    marketplaceId: marketplace.id,
    membershipDefinitionId: request.membershipDefinitionId,
    now,
    previewMembership: true,
  });
  const summary = priceCart({
    cart,
    benefits,
    promo: toPromoRule(promo),
    travelFeeCents: 0,
    gratuityCents: 0,
  });
  const rule = toPromoRule(promo);
  return {
    valid: true,
    error: null,
    discountAmount: summary.promoCode[0],
    itemDiscounts: summary.lines
      .filter((line) => promoAppliesTo(rule, line.procedureId))
      .map((line) => ({ procedureBaseDefId: line.procedureId, discountAmount: line.promo[0] })),
  };
}

/**
 * The benefits of the request's signed-in client in this marketplace's group (none for a guest).
 * With a membershipDefinitionId the client does not hold, `previewMembership` shows that membership's
 * discounts anyway (what joining would give); a booking never previews.
 */
export async function viewerBenefits(
  db: Db,
  session: RequestSession,
  input: {
    mgId: number;
    marketplaceId: number;
    membershipDefinitionId: number | null;
    now: Date;
    previewMembership: boolean;
  },
): Promise<ClientBenefits> {
  const { membershipDefinitionId } = input;
  const current = await session.current();
  const held =
    current && current.mgId === input.mgId
      ? await loadClientBenefits(db, {
          userId: current.userId,
          marketplaceId: input.marketplaceId,
          membershipDefinitionId:
            membershipDefinitionId !== null && membershipDefinitionId > largestId
              ? -1
              : membershipDefinitionId,
          now: input.now,
        })
      : noBenefits;
  if (held.membershipId !== null || membershipDefinitionId === null || !input.previewMembership) return held;
  return {
    ...held,
    membershipDiscounts: await previewMembershipDiscounts(db, input.marketplaceId, membershipDefinitionId),
  };
}
