import { marketplaceIdFromPath } from '@atrium/domain';
import { errorCode, useMarketplace } from '@atrium/graphql-client';
import { $marketplaceId, reconcileLocation, syncMarketplaceId } from '@atrium/stores';
import { useStore } from '@nanostores/react';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useContext, useLayoutEffect, useState } from 'react';
import { applyRemoteOverrides } from '../federation/remote-registry';
import { PreparedTenant } from './prepare-tenant';

/**
 * Tenant bootstrap for /:marketplaceId, before any of its pages renders: loads the marketplace, then
 * applies the marketplace-id rule (a different id clears local storage and the query cache), points
 * remotes at its overrides and reconciles the stored location. The rule waits for the marketplace:
 * an id that names none (a mistyped link) must not wipe the cart of the marketplace the browser uses.
 * `ready` turns true only when all of that is done; at once for the marketplace prepared before the
 * first render (see prepareTenant).
 */
export function useTenantBootstrap(marketplaceId: string) {
  const queryClient = useQueryClient();
  const synced = useStore($marketplaceId) === marketplaceId;
  const [readyFor, setReadyFor] = useState(useContext(PreparedTenant));
  const query = useMarketplace(marketplaceId);
  const marketplace = query.data;

  useLayoutEffect(() => {
    if (!marketplace) return;
    if (!synced) {
      // Storing the new id re-renders this with `synced` true, which then runs the rest.
      if (syncMarketplaceId(`/${marketplace.id}`)) keepOnlyMarketplace(queryClient, marketplace.id);
      return;
    }
    applyRemoteOverrides(marketplace.remoteOverrides);
    // The only clinic of a clinic-only marketplace is chosen; a clinic it no longer offers is dropped.
    reconcileLocation(marketplace);
    setReadyFor(marketplace.id);
  }, [marketplace, synced, queryClient]);

  return {
    marketplace: marketplace ?? null,
    error: query.error,
    ready: synced && Boolean(marketplace) && readyFor === marketplace?.id,
  };
}

/** The previous marketplace's cached answers go with its storage; the new marketplace's own stays. */
function keepOnlyMarketplace(queryClient: QueryClient, marketplaceId: string) {
  queryClient.removeQueries({
    predicate: ({ queryKey }) => !(queryKey[0] === 'marketplace' && queryKey[1] === marketplaceId),
  });
}

/** The API's answer for an id that names no marketplace: unknown, or not a marketplace id at all (/0). */
export const isNoSuchMarketplace = (error: unknown) => {
  const code = errorCode(error);
  return code === 'NOT_FOUND' || code === 'BAD_USER_INPUT';
};

export const isMarketplaceId = (segment: string) => marketplaceIdFromPath(`/${segment}`) === segment;
