// Marketplace ids are database serials: a first segment like "services" or "12abc" is not an id.
const NUMERIC = /^\d+$/;

/** The marketplace id is the first path segment when numeric (`/42/services` -> `'42'`), else null. */
export function marketplaceIdFromPath(pathname: string): string | null {
  const first = pathname.replace(/^\/+/, '').split('/')[0] ?? '';
  return NUMERIC.test(first) ? first : null;
}

/** What an emailed link (/confirm-email, /reset-password) says it is for. */
export interface LinkedMarketplace {
  /** Its `marketplace` query parameter: the marketplace the link was requested on. */
  marketplaceId: string | null;
  /** Its `mg` query parameter: the marketplace group, for a link requested without a marketplace. */
  mgId: string | null;
}

/**
 * The marketplace and group an emailed link names in its query (`?token=…&marketplace=3` or
 * `&mg=2`), so it works in any browser; null for what it does not name or names malformed (links
 * sent before they carried them name neither).
 */
export function linkedMarketplace(search: string | URLSearchParams): LinkedMarketplace {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const id = (name: string) => {
    const value = params.get(name)?.trim() ?? '';
    return NUMERIC.test(value) ? value : null;
  };
  return { marketplaceId: id('marketplace'), mgId: id('mg') };
}
