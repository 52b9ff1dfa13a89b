import { useInfiniteQuery } from '@tanstack/react-query';
import { ProfilePaymentsDocument, type ProfilePaymentsQuery } from '../generated/graphql';
import { callIdentity } from '../identity/identity-call';

/** One of the client's charges or refunds, as the payment history lists it. */
export type ProfilePayment = ProfilePaymentsQuery['profilePayments']['payments'][number];
export type { ClientPaymentStatus as ProfilePaymentStatus } from '../generated/graphql';

/** How many payments a page of the history holds. */
export const PAYMENTS_PAGE_SIZE = 10;

/**
 * The signed-in client's payments at a marketplace, newest first, a page at a time (`fetchNextPage`
 * for older ones). Fresh on every visit, never persisted: a charge or refund may have been made since.
 */
export function useProfilePayments(marketplaceId: string) {
  return useInfiniteQuery({
    queryKey: ['profilePayments', marketplaceId] as const,
    queryFn: async ({ pageParam, signal }) =>
      (
        await callIdentity(
          ProfilePaymentsDocument,
          { marketplaceId, first: PAYMENTS_PAGE_SIZE, after: pageParam },
          { signal },
        )
      ).profilePayments,
    initialPageParam: null as string | null,
    getNextPageParam: (page) => (page.hasNextPage ? page.endCursor : null),
    enabled: marketplaceId !== '',
    gcTime: 0,
    meta: { persist: false },
  });
}
