import { errorCode, errorMessage } from '@atrium/graphql-client';
import { Outlet, useParams } from '@atrium/navigation';
import { AtriumUiProvider } from '@atrium/ui';
import { ChromeLayout } from '../chrome/chrome-layout';
import { NotFoundPage } from '../chrome/not-found-page';
import { PageMessage } from '../chrome/page-message';
import { RemoteLoading } from '../federation/remote-loading';
import { MarketplaceContext } from '../tenant/marketplace-context';
import { isMarketplaceId, useTenantBootstrap } from '../tenant/use-tenant-bootstrap';

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
  return (
    <AtriumUiProvider primaryColor={marketplace?.primaryColor}>
      <MarketplaceContext.Provider value={marketplace}>
        {error ? (
          <PageMessage
            title={
              errorCode(error) === 'NOT_FOUND' ? 'Marketplace not found' : 'Unexpected Application Error!'
            }
            message={errorMessage(error, 'marketplace')}
          />
        ) : !ready ? (
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
