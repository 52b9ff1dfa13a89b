import { useMarkRequestsSeen } from '@atrium/graphql-client/staff-request-notices';
import { useEffect } from 'react';

/**
 * Marks the member's requests seen when they open Requests, which clears the navigation's count. A
 * failure says nothing: the count simply stays until the next visit.
 */
export function useMarkRequestsSeenOnOpen(marketplaceId: string) {
  const { mutate } = useMarkRequestsSeen();
  useEffect(() => {
    if (marketplaceId !== '') mutate(marketplaceId);
  }, [marketplaceId, mutate]);
}
