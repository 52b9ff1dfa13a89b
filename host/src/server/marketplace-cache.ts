import { fetchMarketplace, type Marketplace } from '@atrium/graphql-client';

/** Marketplaces read from the API, each reused for `ttlMs`; one request at a time per marketplace. */
export function createMarketplaceCache(
  ttlMs: number,
  read: (id: string) => Promise<Marketplace> = (id) => fetchMarketplace(id),
) {
  const entries = new Map<string, { at: number; marketplace: Promise<Marketplace> }>();
  return {
    get(id: string): Promise<Marketplace> {
      const entry = entries.get(id);
      if (entry && Date.now() - entry.at < ttlMs) return entry.marketplace;
      const marketplace = read(id);
      entries.set(id, { at: Date.now(), marketplace });
      // Only marketplaces that exist are kept: ids in URLs are anyone's to make up.
      marketplace.catch(() => entries.delete(id));
      return marketplace;
    },
  };
}
