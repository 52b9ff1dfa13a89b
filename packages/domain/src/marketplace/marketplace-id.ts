// Marketplace ids are database serials, written one way: a first segment like "services", "12abc",
// "0" or "01" (which would be stored as another marketplace than "1") is not an id.
const NUMERIC = /^[1-9]\d*$/;

/** The marketplace id is the first path segment when numeric (`/42/services` -> `'42'`), else null. */
export function marketplaceIdFromPath(pathname: string): string | null {
  const first = pathname.replace(/^\/+/, '').split('/')[0] ?? '';
  return NUMERIC.test(first) ? first : null;
}

/**
 * The same path with its marketplace id written the one way (`/01/services` -> `/1/services`), for
 * a redirect; null when the first segment is not an id with leading zeros (or is all zeros).
 */
export function canonicalMarketplacePath(pathname: string): string | null {
  const match = /^\/0+([1-9]\d*)(\/.*)?$/.exec(pathname);
  return match ? `/${match[1]}${match[2] ?? ''}` : null;
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
