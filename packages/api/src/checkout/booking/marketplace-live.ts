// A marketplace takes bookings only once its owner has made it live (the console's Setup).
import { ONBOARDING_MESSAGES } from '@atrium/domain';

/** Booking a marketplace that is not live: MARKETPLACE_NOT_LIVE, so the page says so. */
export class MarketplaceNotLiveError extends Error {
  override readonly name = 'MarketplaceNotLiveError';
  constructor() {
    super(ONBOARDING_MESSAGES.notLive);
  }
}

/** Refuses a booking of a marketplace that is not live, before anything else is checked. */
export function assertTakingBookings(marketplace: { isLive: boolean }): void {
  if (!marketplace.isLive) throw new MarketplaceNotLiveError();
}
