import type { RequestOptions } from '@atrium/graphql-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ProfileAppointmentsDocument, type ProfileAppointmentsQuery } from '../generated/graphql';
import { callIdentity } from '../identity/identity-call';

/** One of the client's appointments, with the zone to show its times in. */
export type ProfileAppointment = ProfileAppointmentsQuery['profileAppointments'][number];
export type { AppointmentStatus } from '../generated/graphql';

export const PROFILE_APPOINTMENTS_KEY = ['profileAppointments'] as const;

export async function fetchProfileAppointments(
  marketplaceId: string,
  options?: RequestOptions,
): Promise<ProfileAppointment[]> {
  return (await callIdentity(ProfileAppointmentsDocument, { marketplaceId }, options)).profileAppointments;
}

/**
 * The signed-in client's appointments at a marketplace, upcoming soonest first then past newest
 * first. The list must be fresh after a booking, so it is dropped as soon as no page shows it
 * (and never persisted), so the profile asks again after every visit to checkout.
 */
export function profileAppointmentsQueryOptions(marketplaceId: string) {
  return queryOptions({
    queryKey: [...PROFILE_APPOINTMENTS_KEY, marketplaceId] as const,
    queryFn: ({ signal }) => fetchProfileAppointments(marketplaceId, { signal }),
    enabled: marketplaceId !== '',
    gcTime: 0,
    meta: { persist: false },
  });
}

export function useProfileAppointments(marketplaceId: string | null | undefined, enabled = true) {
  return useQuery({
    ...profileAppointmentsQueryOptions(marketplaceId ?? ''),
    enabled: enabled && !!marketplaceId,
  });
}
