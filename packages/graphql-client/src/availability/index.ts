// '@atrium/graphql-client/availability': free times for a cart at a place. Imports the client
// through the package name so that it is the page's shared client.
import { execute, type RequestOptions } from '@atrium/graphql-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  AvailabilityDocument,
  type AvailabilityQuery,
  type AvailabilityQueryVariables,
} from '../generated/graphql';

export type AvailabilityInput = AvailabilityQueryVariables['input'];
export type Availability = AvailabilityQuery['availabilities'];
export type AvailabilitySlot = Availability['slots'][number];

export async function fetchAvailability(
  input: AvailabilityInput,
  options?: RequestOptions,
): Promise<Availability> {
  return (await execute(AvailabilityDocument, { input }, options)).availabilities;
}

/**
 * Availability is always fetched fresh — never served from the cache, nor persisted.
 * A null input waits (no location or an empty cart).
 */
export function availabilityQueryOptions(input: AvailabilityInput | null) {
  return queryOptions({
    queryKey: ['availability', input] as const,
    queryFn: ({ signal }) => fetchAvailability(input as AvailabilityInput, { signal }),
    enabled: input !== null,
    staleTime: 0,
    gcTime: 0,
    refetchOnMount: 'always',
    meta: { persist: false },
  });
}

export function useAvailability(input: AvailabilityInput | null) {
  return useQuery(availabilityQueryOptions(input));
}
