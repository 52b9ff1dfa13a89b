import type { RoutePageModule } from '@atrium/federation';
import type { Marketplace } from '@atrium/graphql-client';
import { $selectedDateTime, $selectedLocation, type ClientValuesSnapshot } from '@atrium/stores';
import { StyleCacheProvider } from '@atrium/ui';
import { createServerStyles } from '@atrium/ui/server';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { App } from '../app';
import { bookingPageTitle } from '../chrome/document-title';
import { type LoadedRemoteModules, loadedRemoteKey } from '../federation/loaded-remotes';
import type { RemoteRoute } from '../routes/marketplace-pages';
import type { ClientValuesScope } from './client-values-scope';
import { renderToHtml } from './render-to-html';

export interface PageContentInput {
  withClientValues: ClientValuesScope;
  /** The values the page renders with (see preparePageData). */
  clientValues: ClientValuesSnapshot;
  /** The marketplace and the page's data, fetched before. */
  queryClient: QueryClient;
  url: URL;
  marketplaceId: string;
  marketplace: Marketplace;
  page: RemoteRoute;
  /** The page's remote module, loaded on the server. */
  module: RoutePageModule;
}

export interface PageContent {
  /** The host's app with the page in it, as HTML. */
  body: string;
  /** The tab's title: the page's, with the booking so far. */
  title: string;
  /** The style elements for the rules the HTML uses (Chakra's, collected while rendering). */
  styleTags: string;
}

/**
 * Renders the host's app with the route's remote page in it, the stores holding the request's client
 * values (the page and the title read them).
 */
export async function renderPageContent({
  withClientValues,
  clientValues,
  queryClient,
  url,
  marketplaceId,
  marketplace,
  page,
  module,
}: PageContentInput): Promise<PageContent> {
  const loaded: LoadedRemoteModules = new Map([
    [loadedRemoteKey(page.remote, page.module), module.default as ComponentType<never>],
  ]);
  const styles = createServerStyles();
  return withClientValues(clientValues, async () => {
    const body = await renderToHtml(
      <StyleCacheProvider value={styles.cache}>
        <App
          queryClient={queryClient}
          url={`${url.pathname}${url.search}`}
          preparedTenant={marketplaceId}
          loadedRemotes={loaded}
        />
      </StyleCacheProvider>,
      url.pathname,
    );
    const title = bookingPageTitle(
      page.title,
      marketplace.name,
      $selectedLocation.get(),
      $selectedDateTime.get(),
    );
    return { body, title, styleTags: styles.styleTags(body) };
  });
}
