import { linkedMarketplace, marketplaceIdFromPath } from '@atrium/domain';
import { $marketplaceId } from '@atrium/stores';

/**
 * The request header naming the marketplace a request is for. A browser keeps one session per
 * marketplace group; the API acts with the session of this marketplace's group.
 */
export const MARKETPLACE_HEADER = 'x-atrium-marketplace';

/**
 * The marketplace the page is for: the first path segment of a /{id}/… page; on a top-level page
 * (/confirm-email, /reset-password, …) the `marketplace` query parameter an emailed link carries,
 * else the stored marketplace id. Read at each request from the tab's own address, so a tab names
 * its own marketplace even after another tab changed the stored one. Null outside a browser.
 */
export function pageMarketplaceId(
  location: Pick<Location, 'pathname' | 'search'> | null = globalThis.location ?? null,
): string | null {
  if (!location) return null;
  const fromPath = marketplaceIdFromPath(location.pathname);
  if (fromPath) return fromPath;
  return linkedMarketplace(location.search).marketplaceId ?? $marketplaceId.get();
}
