import { EMPTY_CHECKOUT_SUMMARY } from '@atrium/domain';
import { and, eq } from 'drizzle-orm';
import { clinics } from '../catalogue';
import type { RequestSession } from '../identity';
import type { Db } from '../kernel/database/database';
import { InvalidInputError } from '../kernel/errors';
import { largestId } from '../kernel/id-input';
import { loadMarketplace } from '../kernel/marketplaces';
import { atHomeTravelFee } from './booking/price';
import { loadCart, priceCart, toStoredSummary } from './cart-pricing';
import type { CheckoutPorts } from './ports';
import { findPromoCode, normalizePromoCode, promoProblem, toPromoRule, viewerBenefits } from './promo-codes';
import type { StoredPriceSummary } from './tables';

export interface CheckoutSummaryRequest {
  marketplaceId: number;
  /** Each once. */
  procedureIds: number[];
  organizationId: number | null;
  /** An at-home visit's address: adds the marketplace's travel fee. */
  atHome: boolean;
  membershipDefinitionId: number | null;
  promoCode: string | null;
  gratuityCents: number;
}

/**
 * The checkout summary of a cart: the signed-in client's Active membership and package
 * points apply (a membershipDefinitionId previews a membership they do not hold); a promo code that
 * cannot be used is left out (validatePromoCode says why); the travel fee for an address. No
 * procedures give zero totals.
 */
export async function getCheckoutSummary(
  ports: CheckoutPorts,
  session: RequestSession,
  request: CheckoutSummaryRequest,
): Promise<StoredPriceSummary> {
  const { db } = ports;
  const now = ports.clock();
  const marketplace = await loadMarketplace(db, request.marketplaceId);
  if (request.organizationId !== null) await assertClinic(db, marketplace.id, request.organizationId);
  const cart = await loadCart(db, marketplace.id, request.procedureIds);
  if (cart.length === 0) return toStoredSummary(EMPTY_CHECKOUT_SUMMARY);

  const benefits = await viewerBenefits(db, session, {
    mgId: marketplace.mgId,
    marketplaceId: marketplace.id,
    membershipDefinitionId: request.membershipDefinitionId,
    now,
    previewMembership: true,
  });
  const code = request.promoCode === null ? null : normalizePromoCode(request.promoCode);
  const promo = code ? await findPromoCode(db, marketplace.id, code) : null;
  const usablePromo = promo && promoProblem(promo, now, cart) === null ? toPromoRule(promo) : null;
  return toStoredSummary(
    priceCart({
      cart,
      benefits,
      promo: usablePromo,
      travelFeeCents: atHomeTravelFee(request.atHome, marketplace),
      gratuityCents: request.gratuityCents,
    }),
  );
}

export async function assertClinic(db: Db, marketplaceId: number, organizationId: number): Promise<void> {
  const notOurs = new InvalidInputError(
    `Organization ${organizationId} is not a clinic of marketplace ${marketplaceId}.`,
  );
  if (organizationId > largestId) throw notOurs;
  const [clinic] = await db
    .select({ id: clinics.id })
    .from(clinics)
    .where(and(eq(clinics.id, organizationId), eq(clinics.marketplaceId, marketplaceId)));
  if (!clinic) throw notOurs;
}
