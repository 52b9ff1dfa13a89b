import { marketplaceIdFromPath } from '@atrium/domain';
import type { ClientValueStore } from '../client-values/client-value-store';
import { resetClientValues } from '../client-values/reset';
import { $marketplaceId, CLIENT_KEPT_VALUES } from '../client-values/stores';

function browserLocalStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    // Some privacy modes throw on any access to localStorage.
    return undefined;
  }
}

/**
 * The marketplace id is the first path segment when numeric; if it differs from the stored
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

/**
 * The local-storage key and value that say the browser is on marketplace `id`, as the stores keep
 * them: the host's page-start script applies the same rule with them at the top of a page the server
 * sends, so storage is in step before anything on it shows rather than once the app has started (by
 * then a client, or a test, may already have stored something).
 */
export function marketplaceIdStorage(id: string): { key: string; value: string } {
  const stored = CLIENT_KEPT_VALUES.find((value) => value.key === 'marketplace-id') as ClientValueStore<
    string | null
  >;
  return { key: stored.key, value: stored.codec.encode(id) ?? JSON.stringify(id) };
}
