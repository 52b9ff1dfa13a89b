// '@atrium/graphql-client/staff-waitlist': the staff console's waitlist — open waitlist
// requests, the time cancellations freed, and offering such a time to a request. An entry of its own,
// bundled by the console only; operations run on the page's shared client.
import { execute } from '@atrium/graphql-client';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  StaffFreedTimesDocument,
  type StaffFreedTimesQuery,
  StaffOfferWaitlistSlotDocument,
  type StaffOfferWaitlistSlotMutation,
  type StaffOfferWaitlistSlotMutationVariables,
  StaffWaitlistDocument,
  type StaffWaitlistQuery,
} from '../generated/graphql';

export type StaffWaitlistRequest = StaffWaitlistQuery['staffWaitlist'][number];
export type StaffFreedTime = StaffFreedTimesQuery['staffFreedTimes'][number];
export type StaffWaitlistOffer = StaffOfferWaitlistSlotMutation['staffOfferWaitlistSlot'];

export const STAFF_WAITLIST_KEY = ['staffWaitlist'] as const;
export const STAFF_FREED_TIMES_KEY = ['staffFreedTimes'] as const;

/** Open waitlist requests; with a freed appointment, those whose windows hold its time first. */
export function staffWaitlistQueryOptions(marketplaceId: string, freedAppointmentId: string | null) {
  return queryOptions({
    queryKey: [...STAFF_WAITLIST_KEY, marketplaceId, freedAppointmentId] as const,
    queryFn: async ({ signal }) =>
      (
        await execute(
          StaffWaitlistDocument,
          { marketplaceId, filter: freedAppointmentId ? { freedAppointmentId } : null },
          { signal },
        )
      ).staffWaitlist,
    enabled: marketplaceId !== '',
    staleTime: 0,
    meta: { persist: false },
  });
}

export function useStaffWaitlist(marketplaceId: string, freedAppointmentId: string | null) {
  return useQuery(staffWaitlistQueryOptions(marketplaceId, freedAppointmentId));
}

/** Future time of cancelled or declined appointments nobody holds again, soonest first. */
export function useStaffFreedTimes(marketplaceId: string) {
  return useQuery({
    queryKey: [...STAFF_FREED_TIMES_KEY, marketplaceId] as const,
    queryFn: async ({ signal }) =>
      (await execute(StaffFreedTimesDocument, { marketplaceId }, { signal })).staffFreedTimes,
    enabled: marketplaceId !== '',
    staleTime: 0,
    meta: { persist: false },
  });
}

export async function offerWaitlistSlot(
  variables: StaffOfferWaitlistSlotMutationVariables,
): Promise<StaffWaitlistOffer> {
  return (await execute(StaffOfferWaitlistSlotDocument, variables)).staffOfferWaitlistSlot;
}

/** Offers a freed time to a waitlist request (the client is mailed the link); the list is read again. */
export function useOfferWaitlistSlot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: offerWaitlistSlot,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: STAFF_WAITLIST_KEY }),
  });
}
