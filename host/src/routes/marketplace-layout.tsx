import { errorMessage } from '@atrium/graphql-client';
import { Outlet, useParams } from '@atrium/navigation';
import { AtriumUiProvider } from '@atrium/ui';
import { ChromeLayout } from '../chrome/chrome-layout';
import { NotFoundPage } from '../chrome/not-found-page';
import { PageMessage } from '../chrome/page-message';
import { UnknownMarketplacePage } from '../chrome/unknown-marketplace-page';
import { RemoteLoading } from '../federation/remote-loading';
import { MarketplaceContext } from '../tenant/marketplace-context';
import { isMarketplaceId, isNoSuchMarketplace, useTenantBootstrap } from '../tenant/use-tenant-bootstrap';

/** /:marketplaceId and its children: a numeric id, else the 404 page. */
export function MarketplaceLayout() {
  const { marketplaceId = '' } = useParams();
  if (!isMarketplaceId(marketplaceId)) {
    return (
      <AtriumUiProvider>
        <NotFoundPage />
      </AtriumUiProvider>
    );
  }
  return <TenantPages marketplaceId={marketplaceId} />;
}

function TenantPages({ marketplaceId }: { marketplaceId: string }) {
  const { marketplace, error, ready } = useTenantBootstrap(marketplaceId);
  if (error && isNoSuchMarketplace(error)) {
    return (
      <AtriumUiProvider>
        <UnknownMarketplacePage marketplaceId={marketplaceId} message={errorMessage(error, 'marketplace')} />
      </AtriumUiProvider>
    );
  }
  if (error) {
    // A failed marketplace query is the global error modal, over the unbranded chrome.
    const message = errorMessage(error, 'marketplace');
    return (
      <AtriumUiProvider>
        <ChromeLayout error={message}>
          <PageMessage title="Error" message={message} alert={false} />
        </ChromeLayout>
      </AtriumUiProvider>
    );
  }
  return (
    <AtriumUiProvider primaryColor={marketplace?.primaryColor}>
      <MarketplaceContext.Provider value={marketplace}>
        {!ready ? (
          <RemoteLoading />
        ) : (
          <ChromeLayout>
            <Outlet />
          </ChromeLayout>
        )}
      </MarketplaceContext.Provider>
    </AtriumUiProvider>
  );
}
