// '@atrium/graphql-client/staff-setup': the staff console's Setup checklist (going live, taking the
// marketplace offline, the payment settings' review) and its activity log. An entry of its own,
// bundled by the console only; operations run on the page's shared client.
import { execute } from '@atrium/graphql-client';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  ActivityLogDocument,
  type ActivityLogQuery,
  MakeMarketplaceLiveDocument,
  MarketplaceSetupDocument,
  type MarketplaceSetupFieldsFragment,
  MarkPaymentSettingsReviewedDocument,
  TakeMarketplaceOfflineDocument,
} from '../generated/graphql';

export type MarketplaceSetup = MarketplaceSetupFieldsFragment;
export type SetupStep = MarketplaceSetup['steps'][number];
export type ActivityLogEntry = ActivityLogQuery['activityLog']['entries'][number];

export const MARKETPLACE_SETUP_KEY = ['marketplaceSetup'] as const;
export const ACTIVITY_LOG_KEY = ['activityLog'] as const;

/** How many entries of the activity log one page holds. */
export const ACTIVITY_PAGE_SIZE = 25;

export function marketplaceSetupQueryOptions(marketplaceId: string) {
  return queryOptions({
    queryKey: [...MARKETPLACE_SETUP_KEY, marketplaceId] as const,
    queryFn: async ({ signal }) =>
      (await execute(MarketplaceSetupDocument, { marketplaceId }, { signal })).marketplaceSetup,
    enabled: marketplaceId !== '',
    // Other sections complete its steps: read it again whenever the page shows (the defaults never
    // refetch on mount, so staleTime alone left the checklist as it was when first read).
    staleTime: 0,
    refetchOnMount: 'always',
    meta: { persist: false },
  });
}

export function useMarketplaceSetup(marketplaceId: string) {
  return useQuery(marketplaceSetupQueryOptions(marketplaceId));
}

const setupChanges = {
  live: async (marketplaceId: string) =>
    (await execute(MakeMarketplaceLiveDocument, { marketplaceId })).makeMarketplaceLive,
  offline: async (marketplaceId: string) =>
    (await execute(TakeMarketplaceOfflineDocument, { marketplaceId })).takeMarketplaceOffline,
  paymentReviewed: async (marketplaceId: string) =>
    (await execute(MarkPaymentSettingsReviewedDocument, { marketplaceId })).markPaymentSettingsReviewed,
};

/**
 * A change of the setup: 'live' (refused with SETUP_INCOMPLETE while a required step is missing),
 * 'offline' or 'paymentReviewed'. The checklist takes the answer; the activity log is read again.
 */
export function useSetupChange(change: keyof typeof setupChanges) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setupChanges[change],
    onSuccess: (setup) => {
      queryClient.setQueryData([...MARKETPLACE_SETUP_KEY, setup.marketplaceId], setup);
      return queryClient.invalidateQueries({ queryKey: ACTIVITY_LOG_KEY });
    },
  });
}

export function activityLogQueryOptions(marketplaceId: string) {
  return infiniteQueryOptions({
    queryKey: [...ACTIVITY_LOG_KEY, marketplaceId] as const,
    queryFn: async ({ pageParam, signal }) =>
      (
        await execute(
          ActivityLogDocument,
          { marketplaceId, first: ACTIVITY_PAGE_SIZE, after: pageParam },
          { signal },
        )
      ).activityLog,
    initialPageParam: null as string | null,
    getNextPageParam: (page) => (page.hasNextPage ? page.endCursor : null),
    enabled: marketplaceId !== '',
    // Every section's changes add entries: read it again whenever the page shows.
    staleTime: 0,
    refetchOnMount: 'always',
    meta: { persist: false },
  });
}

/** The activity log, newest first, a page at a time (fetchNextPage for older entries). */
export function useActivityLog(marketplaceId: string) {
  return useInfiniteQuery(activityLogQueryOptions(marketplaceId));
}
