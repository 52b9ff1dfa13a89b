import { useMarketplace } from '@atrium/graphql-client';
import { Outlet } from '@atrium/navigation';
import { $marketplaceId } from '@atrium/stores';
import { AtriumUiProvider } from '@atrium/ui';
import { useStore } from '@nanostores/react';
import { useLayoutEffect } from 'react';
import { ChromeLayout } from '../chrome/chrome-layout';
import { applyRemoteOverrides } from '../federation/remote-registry';
import { MarketplaceContext } from '../tenant/marketplace-context';

/**
 * Pages reached from emails and sign-in providers, outside a marketplace path: branded with the
 * stored marketplace when there is one, neutral otherwise (they work either way).
 */
export function TopLevelLayout() {
  const marketplaceId = useStore($marketplaceId) ?? '';
  const { data: marketplace = null, isPending } = useMarketplace(marketplaceId);
  const waiting = marketplaceId !== '' && isPending;

  useLayoutEffect(() => {
    if (marketplace) applyRemoteOverrides(marketplace.remoteOverrides);
  }, [marketplace]);

  return (
    <AtriumUiProvider primaryColor={marketplace?.primaryColor}>
      <MarketplaceContext.Provider value={marketplace}>
        {waiting ? null : (
          <ChromeLayout>
            <Outlet />
          </ChromeLayout>
        )}
      </MarketplaceContext.Provider>
    </AtriumUiProvider>
  );
}
