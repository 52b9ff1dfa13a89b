import { canonicalMarketplacePath } from '@atrium/domain';
import { errorMessage } from '@atrium/graphql-client';
import { Navigate, Outlet, useLocation, useParams } from '@atrium/navigation';
import { AtriumUiProvider } from '@atrium/ui';
import { ChromeLayout } from '../chrome/chrome-layout';
import { NotFoundPage } from '../chrome/not-found-page';
import { PageMessage } from '../chrome/page-message';
import { UnknownMarketplacePage } from '../chrome/unknown-marketplace-page';
import { RemoteLoading } from '../federation/remote-loading';
import { MarketplaceContext } from '../tenant/marketplace-context';
import { isMarketplaceId, isNoSuchMarketplace, useTenantBootstrap } from '../tenant/use-tenant-bootstrap';

/**
 * /:marketplaceId and its children: a marketplace id; the same id with leading zeros goes to its one
 * address, a 0 is a marketplace not found, anything else the 404 page.
 */
export function MarketplaceLayout() {
  const { marketplaceId = '' } = useParams();
  const location = useLocation();
  const canonical = canonicalMarketplacePath(location.pathname);
  if (canonical) return <Navigate replace to={`${canonical}${location.search}`} />;
  if (/^0+$/.test(marketplaceId)) {
    return (
      <AtriumUiProvider>
        <UnknownMarketplacePage
          marketplaceId={marketplaceId}
          message={`Marketplace ${marketplaceId} was not found.`}
        />
      </AtriumUiProvider>
    );
  }
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
