import type { RoutePageModule } from '@atrium/federation';
import type { Marketplace } from '@atrium/graphql-client';
import { type ClientValuesSnapshot, snapshotClientValues } from '@atrium/stores';
import type { QueryClient } from '@tanstack/react-query';
import { prepareTenant } from '../tenant/prepare-tenant';
import type { ClientValuesScope } from './client-values-scope';

export interface PageDataInput {
  withClientValues: ClientValuesScope;
  /** The browser's booking values (its page-state cookie); null for a new visitor. */
  pageState: ClientValuesSnapshot | null;
  pathname: string;
  marketplaceId: string;
  marketplace: Marketplace;
  module: RoutePageModule;
  /** Where the page's data goes (the marketplace is already in it). */
  queryClient: QueryClient;
}

/**
 * The client values a page renders with on the server (the browser's booking values after the
 * marketplace's own rules), once the page's data is fetched into the query client; null when the
 * page, with those values, is left to the browser. A failed prefetch still renders: the page then
 * shows what it shows while loading, and the browser fetches again.
 */
export async function preparePageData({
  withClientValues,
  pageState,
  pathname,
  marketplaceId,
  marketplace,
  module,
  queryClient,
}: PageDataInput): Promise<ClientValuesSnapshot | null> {
  // The prefetch starts in the turn (it reads the stores before its first await) and is awaited outside it.
  const { clientValues, renders, prefetched } = await withClientValues(pageState ?? {}, () => {
    prepareTenant(pathname, marketplace);
    const renders = module.rendersOnServer?.() ?? true;
    return {
      clientValues: snapshotClientValues(),
      renders,
      prefetched: renders ? module.prefetch?.({ marketplaceId, queryClient }) : undefined,
    };
  });
  if (!renders) return null;
  await prefetched?.catch((error: unknown) => console.warn(`Prefetching ${pathname} failed.`, error));
  return clientValues;
}
