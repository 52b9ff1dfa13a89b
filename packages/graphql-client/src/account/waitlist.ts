import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ProfileWaitlistRequestsDocument,
  type ProfileWaitlistRequestsQuery,
  WithdrawWaitlistRequestDocument,
} from '../generated/graphql';
import { callIdentity } from '../identity/identity-call';

/** One of the client's waiting waitlist requests, its windows local to the place. */
export type ProfileWaitlistRequest = ProfileWaitlistRequestsQuery['profileWaitlistRequests'][number];

const PROFILE_WAITLIST_KEY = ['profileWaitlistRequests'] as const;

/** The signed-in client's waiting requests at a marketplace (fresh on every visit, never persisted). */
export function useProfileWaitlistRequests(marketplaceId: string) {
  return useQuery({
    queryKey: [...PROFILE_WAITLIST_KEY, marketplaceId] as const,
    queryFn: async ({ signal }) =>
      (await callIdentity(ProfileWaitlistRequestsDocument, { marketplaceId }, { signal }))
        .profileWaitlistRequests,
    enabled: marketplaceId !== '',
    gcTime: 0,
    meta: { persist: false },
  });
}

/** Withdraws a waiting request; the list is asked for again after. */
export function useWithdrawWaitlistRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (variables: { marketplaceId: string; id: string }) =>
      (await callIdentity(WithdrawWaitlistRequestDocument, variables)).withdrawWaitlistRequest,
    onSettled: () => queryClient.invalidateQueries({ queryKey: PROFILE_WAITLIST_KEY }),
  });
}
