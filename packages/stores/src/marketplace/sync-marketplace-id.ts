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

/**
 * The same rule as an inline script for the top of a page the server sends for marketplace `id`:
 * local storage is in step with the page's marketplace before anything on it shows, rather than
 * once its scripts have run (by then a client, or a test, may already have stored something).
 */
export function syncMarketplaceIdScript(id: string): string {
  const stored = CLIENT_KEPT_VALUES.find((value) => value.key === 'marketplace-id') as ClientValueStore<
    string | null
  >;
  const args = [stored.key, stored.codec.encode(id)].map((value) => JSON.stringify(value)).join(',');
  return `(function(k,v){try{if(localStorage.getItem(k)!==v){localStorage.clear();localStorage.setItem(k,v);}}catch(e){}})(${args});`;
}
