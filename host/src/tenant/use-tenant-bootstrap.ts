import { marketplaceIdFromPath } from '@atrium/domain';
import { useMarketplace } from '@atrium/graphql-client';
import { reconcileLocation, syncMarketplaceId } from '@atrium/stores';
import { useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect, useState } from 'react';
import { applyRemoteOverrides } from '../federation/remote-registry';

/**
 * Tenant bootstrap for /:marketplaceId, before any of its pages renders: applies the marketplace-id
 * rule (a different id clears local storage and the query cache), loads the marketplace, and
 * points remotes at its overrides. `ready` turns true only when all of that is done.
 */
export function useTenantBootstrap(marketplaceId: string) {
  const queryClient = useQueryClient();
  const [syncedId, setSyncedId] = useState<string | null>(null);
  const [overridesFor, setOverridesFor] = useState<string | null>(null);

  useLayoutEffect(() => {
    if (syncMarketplaceId(`/${marketplaceId}`)) queryClient.clear();
    setSyncedId(marketplaceId);
  }, [marketplaceId, queryClient]);

  const query = useMarketplace(syncedId === marketplaceId ? marketplaceId : '');
  const marketplace = syncedId === marketplaceId ? query.data : undefined;

  useLayoutEffect(() => {
    if (!marketplace) return;
    applyRemoteOverrides(marketplace.remoteOverrides);
    // Spec 4: the only clinic of a clinic-only marketplace is chosen; a clinic it no longer offers is dropped.
    reconcileLocation(marketplace);
    setOverridesFor(marketplace.id);
  }, [marketplace]);

  return {
    marketplace: marketplace ?? null,
    error: query.error,
    ready: Boolean(marketplace) && overridesFor === marketplace?.id,
  };
}

export const isMarketplaceId = (segment: string) => marketplaceIdFromPath(`/${segment}`) === segment;
