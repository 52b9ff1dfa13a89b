import type { Marketplace } from '@atrium/graphql-client';
import { createContext, useContext } from 'react';

/** The marketplace whose pages are showing, for the host's chrome (null outside a marketplace). */
export const MarketplaceContext = createContext<Marketplace | null>(null);

export function useCurrentMarketplace(): Marketplace | null {
  return useContext(MarketplaceContext);
}
