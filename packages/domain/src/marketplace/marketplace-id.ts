// Marketplace ids are database serials: a first segment like "services" or "12abc" is not an id.
const NUMERIC = /^\d+$/;

/** Spec 2: the marketplace id is the first path segment when numeric (`/42/services` -> `'42'`), else null. */
export function marketplaceIdFromPath(pathname: string): string | null {
  const first = pathname.replace(/^\/+/, '').split('/')[0] ?? '';
  return NUMERIC.test(first) ? first : null;
}
