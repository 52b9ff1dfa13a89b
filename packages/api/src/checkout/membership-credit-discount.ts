import type { RequestSession } from '../identity';
import { getCheckoutSummary } from './checkout-summary';
import type { CheckoutPorts } from './ports';

export interface MembershipCreditDiscount {
  /** Cents, [low, high]. */
  membership: [number, number];
  /** Cents, [low, high]. */
  credit: [number, number];
}

/**
 * What the signed-in client's Active membership and package points take off a cart: the membership
 * and credit of the checkout summary of the same cart (computed by it, so the two always agree).
 * Without a session, a membership or points, both are [0, 0].
 */
export async function getMembershipCreditDiscount(
  ports: CheckoutPorts,
  session: RequestSession,
  input: { marketplaceId: number; procedureIds: number[]; organizationId: number | null },
): Promise<MembershipCreditDiscount> {
  const summary = await getCheckoutSummary(ports, session, {
    marketplaceId: input.marketplaceId,
    procedureIds: input.procedureIds,
    organizationId: input.organizationId,
    atHome: false,
    membershipDefinitionId: null,
    promoCode: null,
    gratuityCents: 0,
  });
  return { membership: summary.membership, credit: summary.credit };
}
