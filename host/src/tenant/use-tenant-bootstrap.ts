import { marketplaceIdFromPath } from '@atrium/domain';
import { useMarketplace } from '@atrium/graphql-client';
import { $marketplaceId, reconcileLocation, syncMarketplaceId } from '@atrium/stores';
import { useStore } from '@nanostores/react';
import { useQueryClient } from '@tanstack/react-query';
import { useContext, useLayoutEffect, useState } from 'react';
import { applyRemoteOverrides } from '../federation/remote-registry';
import { PreparedTenant } from './prepare-tenant';

/**
 * Tenant bootstrap for /:marketplaceId, before any of its pages renders: applies the marketplace-id
 * rule (a different id clears local storage and the query cache), loads the marketplace, points
 * remotes at its overrides and reconciles the stored location. `ready` turns true only when all of
 * that is done; at once for the marketplace prepared before the first render (see prepareTenant).
 */
export function useTenantBootstrap(marketplaceId: string) {
  const queryClient = useQueryClient();
  const synced = useStore($marketplaceId) === marketplaceId;
  const [readyFor, setReadyFor] = useState(useContext(PreparedTenant));

  useLayoutEffect(() => {
    if (!synced && syncMarketplaceId(`/${marketplaceId}`)) queryClient.clear();
  }, [synced, marketplaceId, queryClient]);

  const query = useMarketplace(synced ? marketplaceId : '');
  const marketplace = synced ? query.data : undefined;

  useLayoutEffect(() => {
    if (!marketplace) return;
    applyRemoteOverrides(marketplace.remoteOverrides);
    // Spec 4: the only clinic of a clinic-only marketplace is chosen; a clinic it no longer offers is dropped.
    reconcileLocation(marketplace);
    setReadyFor(marketplace.id);
  }, [marketplace]);

  return {
    marketplace: marketplace ?? null,
    error: query.error,
    ready: Boolean(marketplace) && readyFor === marketplace?.id,
  };
}

export const isMarketplaceId = (segment: string) => marketplaceIdFromPath(`/${segment}`) === segment;
