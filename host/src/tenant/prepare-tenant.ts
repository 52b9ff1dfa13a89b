import type { Marketplace } from '@atrium/graphql-client';
import { reconcileLocation, syncMarketplaceId } from '@atrium/stores';
import { createContext } from 'react';

/**
 * The rules a marketplace's page applies to the client-kept values before it shows: a
 * different marketplace id clears them, a clinic the marketplace no longer offers is dropped, and
 * the only clinic of a clinic-only marketplace is chosen. Run on the server to know what the page
 * renders with, and in the browser before the first render. Returns true when storage was cleared.
 */
export function prepareTenant(pathname: string, marketplace: Marketplace): boolean {
  const cleared = syncMarketplaceId(pathname);
  reconcileLocation(marketplace);
  return cleared;
}

/** The marketplace prepared before the first render (on the server, or before hydrating), if any. */
export const PreparedTenant = createContext<string | null>(null);
