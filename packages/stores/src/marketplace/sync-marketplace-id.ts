import { marketplaceIdFromPath } from '@atrium/domain';
import { resetClientValues } from '../client-values/reset';
import { $marketplaceId } from '../client-values/stores';

function browserLocalStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    // Some privacy modes throw on any access to localStorage.
    return undefined;
  }
}

/**
 * Spec 2: the marketplace id is the first path segment when numeric; if it differs from the stored
 * one, ALL of localStorage is cleared first (values of another tenant must not leak into this one),
 * every store returns to its default, then the new id is stored. Returns true when it cleared, so the
 * caller can also drop in-memory caches (the query client) of the previous marketplace.
 */
export function syncMarketplaceId(
  pathname: string,
  storage: Storage | undefined = browserLocalStorage(),
): boolean {
  const id = marketplaceIdFromPath(pathname);
  if (id === null || id === $marketplaceId.get()) return false;
  storage?.clear();
  resetClientValues();
  $marketplaceId.set(id);
  return true;
}
