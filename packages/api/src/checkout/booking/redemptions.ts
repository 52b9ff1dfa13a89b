// The promo code and package credits a booking was priced with are used up in its transaction, so a
// booking that fails gives them back and two bookings cannot both use the last one.
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/database/database';
import { InvalidInputError } from '../../kernel/errors';
import { packageItems } from '../../memberships';
import { clientLimitReached, type PromoCodeRow, promoMessages, redeemPromoCode } from '../promo-codes';
import { bookingMessages } from './booking-request';

/**
 * Redeems the promo code once for the client and takes one point from each package item a line is
 * paid with; BAD_USER_INPUT when the code reached its limit (or the client theirs) or a point is gone
 * since the booking was priced.
 */
export async function redeemPromoAndCredits(
  tx: Db,
  price: { promo: PromoCodeRow | null; summary: { lines: { packageCreditId: string | null }[] } },
  now: Date,
  /** The booking's client, whose own uses of the code count against its limit per client. */
  clientUserId?: number,
): Promise<void> {
  if (price.promo && !(await redeemPromoCode(tx, price.promo.id, now))) {
    throw new InvalidInputError(promoMessages.usedUp);
  }
  // Counted after the redemption locked the code's row, so one client's bookings at once take turns.
  if (
    price.promo &&
    clientUserId !== undefined &&
    (await clientLimitReached(tx, price.promo, clientUserId))
  ) {
    throw new InvalidInputError(promoMessages.clientLimitReached);
  }
  for (const line of price.summary.lines) {
    if (line.packageCreditId === null) continue;
    const used = await tx
      .update(packageItems)
      .set({ balance: sql`${packageItems.balance} - 1` })
      .where(and(eq(packageItems.id, Number(line.packageCreditId)), gte(packageItems.balance, 1)))
      .returning({ id: packageItems.id });
    if (used.length === 0) throw new InvalidInputError(bookingMessages.creditsChanged);
  }
}
