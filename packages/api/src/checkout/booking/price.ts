// What a booking costs and what is due on confirmation, priced as the checkout summary prices it.
import { type CheckoutSummary, dueNow } from '@atrium/domain';
import type { Db } from '../../kernel/database/database';
import { InvalidInputError } from '../../kernel/errors';
import type { MarketplaceRow } from '../../kernel/marketplaces';
import {
  type CartProcedure,
  type ClientBenefits,
  loadClientBenefits,
  noBenefits,
  priceCart,
} from '../cart-pricing';
import {
  findPromoCode,
  normalizePromoCode,
  type PromoCodeRow,
  promoMessages,
  promoProblem,
  toPromoRule,
} from '../promo-codes';
import type { AppointmentRequestInput, BookingPlace } from './booking-request';
import { type BookingClient, isKnownClient } from './client';

export interface BookingPrice {
  cart: CartProcedure[];
  benefits: ClientBenefits;
  promo: PromoCodeRow | null;
  summary: CheckoutSummary;
  /** Cents charged on confirmation, by the marketplace's payment collection method. */
  due: number;
}

type PricedRequest = Pick<
  AppointmentRequestInput,
  'place' | 'procedureIds' | 'membershipDefinitionId' | 'promoCode' | 'gratuityCents'
>;

/**
 * Prices the cart (as `loadCart` reads the request's procedures): the client's own benefits apply
 * only when signed in or booked for by the staff (a guest, or a client not known yet (null), gets
 * none), and a promo code must be usable now.
 */
export async function priceBooking(
  db: Db,
  booking: {
    marketplace: MarketplaceRow;
    client: BookingClient | null;
    request: PricedRequest;
    cart: CartProcedure[];
    now: Date;
  },
): Promise<BookingPrice> {
  const { marketplace, client, request, cart, now } = booking;
  const benefits = isKnownClient(client)
    ? await loadClientBenefits(db, {
        userId: client.user.id,
        marketplaceId: marketplace.id,
        membershipDefinitionId: request.membershipDefinitionId,
        now,
      })
    : noBenefits;
  const promo = await usablePromoCode(db, marketplace.id, { promoCode: request.promoCode, cart }, now);
  const summary = priceCart({
    cart,
    benefits,
    promo: promo ? toPromoRule(promo) : null,
    travelFeeCents: travelFeeCents(request.place, marketplace),
    gratuityCents: request.gratuityCents,
  });
  return { cart, benefits, promo, summary, due: dueNow(summary.total[0], summary.gratuity, marketplace) };
}

/** The request's promo code, or null when it gives none; BAD_USER_INPUT for one that cannot be used now. */
async function usablePromoCode(
  db: Db,
  marketplaceId: number,
  request: Pick<PricedRequest, 'promoCode'> & { cart: CartProcedure[] },
  now: Date,
): Promise<PromoCodeRow | null> {
  if (request.promoCode === null) return null;
  const code = normalizePromoCode(request.promoCode);
  const promo = code ? await findPromoCode(db, marketplaceId, code) : null;
  if (!promo) throw new InvalidInputError(promoMessages.invalid);
  const problem = promoProblem(promo, now, request.cart);
  if (problem) throw new InvalidInputError(problem);
  return promo;
}

/** An at-home visit pays the marketplace's travel fee (when it offers them); a clinic visit none. */
export function travelFeeCents(
  place: BookingPlace,
  marketplace: Pick<MarketplaceRow, 'providesAtHome' | 'travelFeeCents'>,
): number {
  return atHomeTravelFee('address' in place, marketplace);
}

/** The marketplace's travel fee for a visit at the client's address; nothing at a clinic. */
export function atHomeTravelFee(
  atHome: boolean,
  marketplace: Pick<MarketplaceRow, 'providesAtHome' | 'travelFeeCents'>,
): number {
  return atHome && marketplace.providesAtHome ? marketplace.travelFeeCents : 0;
}
