import type { PrefetchContext, RoutePageProps } from '@atrium/federation';
import { marketplaceQueryOptions } from '@atrium/graphql-client';
import { $proceduresFilter } from '@atrium/stores';
import { ServicesPage } from '../services-page/services-page';

export default function ServicesRoute(_props: RoutePageProps) {
  return <ServicesPage />;
}

/** The catalogue at the chosen location, which the page lists. */
export function prefetch({ marketplaceId, queryClient }: PrefetchContext) {
  return queryClient.prefetchQuery(marketplaceQueryOptions(marketplaceId, $proceduresFilter.get()));
}
