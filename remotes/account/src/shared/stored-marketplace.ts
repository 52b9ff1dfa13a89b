import { $marketplaceId, $mgId } from '@atrium/stores';
import { useStore } from '@nanostores/react';

/**
 * The marketplace and group the account screens act for: the stored ones, which the host sets from
 * the page's marketplace (the top-level pages have no marketplace in their path). Empty when unknown.
 */
export function useStoredMarketplace(): { marketplaceId: string; mgId: string } {
  return { marketplaceId: useStore($marketplaceId) ?? '', mgId: useStore($mgId) ?? '' };
}
