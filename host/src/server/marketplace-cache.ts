import { fetchMarketplace, type Marketplace } from '@atrium/graphql-client';

/**
 * Marketplaces read from the API: one read at a time per marketplace, shared by the requests that
 * arrive meanwhile, and its answer reused for `ttlMs` after it came (0: only while it is under way).
 */
export function createMarketplaceCache(
  ttlMs: number,
  read: (id: string) => Promise<Marketplace> = (id) => fetchMarketplace(id),
) {
  const entries = new Map<string, { at: number | null; marketplace: Promise<Marketplace> }>();
  return {
    get(id: string): Promise<Marketplace> {
      const entry = entries.get(id);
      if (entry && (entry.at === null || Date.now() - entry.at < ttlMs)) return entry.marketplace;
      const marketplace = read(id);
      const fresh: { at: number | null; marketplace: Promise<Marketplace> } = { at: null, marketplace };
      entries.set(id, fresh);
      marketplace.then(
        () => {
          fresh.at = Date.now();
        },
        // Only marketplaces that exist are kept: ids in URLs are anyone's to make up.
        () => {
          if (entries.get(id) === fresh) entries.delete(id);
        },
      );
      return marketplace;
    },
  };
}
