import { queryOptions, useQuery } from '@tanstack/react-query';
import { type GraphQLClient, getGraphQLClient, type RequestOptions } from '../client';
import { MarketplaceDocument, type MarketplaceQuery, type ProceduresInput } from '../generated/graphql';

// The Marketplace query (marketplace.graphql): branding, clinics, catalogue, checkout notes, payment
// settings and remote overrides. With `procedures`, categories and procedures hold only what is
// offered at that clinic (`organizationId`) or address (`location`). Featured and other add-ons come
// as ids into `addOns`, which holds them all.

export { MarketplaceDocument };

export type Marketplace = MarketplaceQuery['marketplace'];
export type MarketplaceProcedure = Marketplace['procedures'][number];
export type MarketplaceCategory = Marketplace['categories'][number];
export type MarketplaceClinic = Marketplace['clinicOrganizations'][number];

/**
 * Fetches a marketplace outside React (the host bootstrap reads branding before rendering); on the
 * page's client unless `options.client` is given.
 *
 * The marketplace is public (the same for every visitor), so it goes as a persisted GET that the
 * browser's HTTP cache and CDNs keep for a minute and then revalidate (ETag, 304): a repeat visit
 * does not recompute it. Narrowed to a client's own address it goes by POST instead, so home
 * coordinates never sit in URLs (shared caches, proxy logs).
 */
export async function fetchMarketplace(
  id: string,
  procedures?: ProceduresInput | null,
  { client = getGraphQLClient(), ...options }: RequestOptions & { client?: GraphQLClient } = {},
): Promise<Marketplace> {
  const data = await client.execute(
    MarketplaceDocument,
    { id, procedures: procedures ?? null },
    { persistedGet: procedures?.location == null, ...options },
  );
  return data.marketplace;
}

/**
 * Query options for one marketplace; the key holds every input, so each location caches apart.
 * An empty id waits (the query runs once an id is known).
 */
export function marketplaceQueryOptions(id: string, procedures?: ProceduresInput | null) {
  const input = procedures ?? null;
  return queryOptions({
    queryKey: ['marketplace', id, input] as const,
    queryFn: ({ signal }) => fetchMarketplace(id, input, { signal }),
    enabled: id !== '',
  });
}

export function useMarketplace(id: string, procedures?: ProceduresInput | null) {
  return useQuery(marketplaceQueryOptions(id, procedures));
}
