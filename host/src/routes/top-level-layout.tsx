import { linkedMarketplace } from '@atrium/domain';
import { useMarketplace } from '@atrium/graphql-client';
import { Outlet, useSearchParams } from '@atrium/navigation';
import { $marketplaceId, syncMarketplaceId } from '@atrium/stores';
import { AtriumUiProvider } from '@atrium/ui';
import { useStore } from '@nanostores/react';
import { useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect } from 'react';
import { ChromeLayout } from '../chrome/chrome-layout';
import { applyRemoteOverrides } from '../federation/remote-registry';
import { MarketplaceContext } from '../tenant/marketplace-context';

/**
 * Pages reached from emails and sign-in providers, outside a marketplace path. An emailed link names
 * its marketplace (`?marketplace=`), so it works in any browser: that marketplace is stored by the
 * spec's rule (a different one clears local storage first, as a marketplace path does) and brands
 * the page. Otherwise the stored marketplace brands it, unless the link names another group (`?mg=`);
 * without either the page is neutral (it works either way).
 */
export function TopLevelLayout() {
  const [params] = useSearchParams();
  const linked = linkedMarketplace(params);
  const stored = useStore($marketplaceId) ?? '';
  const queryClient = useQueryClient();
  const synced = linked.marketplaceId === null || linked.marketplaceId === stored;

  useLayoutEffect(() => {
    if (!synced && linked.marketplaceId && syncMarketplaceId(`/${linked.marketplaceId}`)) queryClient.clear();
  }, [synced, linked.marketplaceId, queryClient]);

  const marketplaceId = synced ? stored : '';
  const { data, isPending } = useMarketplace(marketplaceId);
  const ofLinkedGroup = linked.marketplaceId !== null || linked.mgId === null || data?.mgId === linked.mgId;
  const marketplace = data && ofLinkedGroup ? data : null;
  const waiting = !synced || (marketplaceId !== '' && isPending);

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
