import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ClientCancelAppointmentDocument,
  type ClientCancelAppointmentMutation,
  ClientRescheduleAppointmentDocument,
  ClientRescheduleTimesDocument,
} from '../generated/graphql';
import { callIdentity } from '../identity/identity-call';
import { PROFILE_APPOINTMENTS_KEY } from './appointments';

/** What a client's own reschedule or cancel did. */
export type ClientAppointmentChange = ClientCancelAppointmentMutation['clientCancelAppointment'];

export interface ClientChangeVariables {
  marketplaceId: string;
  id: string;
}

/**
 * The free times of a date the signed-in client may move their appointment to (never cached: times
 * are taken by others at any moment).
 */
export function useClientRescheduleTimes(marketplaceId: string, id: string, date: string | null) {
  return useQuery({
    queryKey: ['clientRescheduleTimes', marketplaceId, id, date] as const,
    queryFn: async ({ signal }) =>
      (await callIdentity(ClientRescheduleTimesDocument, { marketplaceId, id, date: date ?? '' }, { signal }))
        .clientRescheduleTimes,
    enabled: Boolean(date),
    staleTime: 0,
    gcTime: 0,
    meta: { persist: false },
  });
}

export async function clientRescheduleAppointment(
  variables: ClientChangeVariables & { date: string; time: string },
): Promise<ClientAppointmentChange> {
  return (await callIdentity(ClientRescheduleAppointmentDocument, variables)).clientRescheduleAppointment;
}

export async function clientCancelAppointment(
  variables: ClientChangeVariables,
): Promise<ClientAppointmentChange> {
  return (await callIdentity(ClientCancelAppointmentDocument, variables)).clientCancelAppointment;
}

/** After a change the appointment list is asked for again (the new time, or the visit gone). */
export function useClientRescheduleAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clientRescheduleAppointment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: PROFILE_APPOINTMENTS_KEY }),
  });
}

export function useClientCancelAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clientCancelAppointment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: PROFILE_APPOINTMENTS_KEY }),
  });
}
