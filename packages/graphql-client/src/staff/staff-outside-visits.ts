import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  StaffAddOutsideVisitDocument,
  type StaffAddOutsideVisitMutation,
  type StaffAddOutsideVisitMutationVariables,
  StaffRemoveOutsideVisitDocument,
} from '../generated/graphql';
import { callIdentity } from '../identity/identity-call';
import { STAFF_REQUESTS_KEY } from './staff-requests';

/** A visit booked outside Atrium as the console enters it: a clinic or an address, local day and times. */
export type StaffOutsideVisitVariables = StaffAddOutsideVisitMutationVariables;
/** The visit just added: its appointment's id, its instants and its place's zone. */
export type StaffOutsideVisit = StaffAddOutsideVisitMutation['staffAddOutsideVisit'];

export async function staffAddOutsideVisit(
  variables: StaffOutsideVisitVariables,
): Promise<StaffOutsideVisit> {
  return (await callIdentity(StaffAddOutsideVisitDocument, variables)).staffAddOutsideVisit;
}

export async function staffRemoveOutsideVisit(variables: {
  marketplaceId: string;
  id: string;
}): Promise<boolean> {
  return (await callIdentity(StaffRemoveOutsideVisitDocument, variables)).staffRemoveOutsideVisit;
}

/** A change of the practitioners' held time: afterwards (done or refused) the schedule is asked for again. */
function useOutsideVisitChange<V, R>(change: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => queryClient.invalidateQueries({ queryKey: STAFF_REQUESTS_KEY }),
  });
}

export const useStaffAddOutsideVisit = () => useOutsideVisitChange(staffAddOutsideVisit);
export const useStaffRemoveOutsideVisit = () => useOutsideVisitChange(staffRemoveOutsideVisit);
