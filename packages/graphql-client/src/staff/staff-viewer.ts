import type { StaffRole } from '@atrium/domain';
import type { RequestOptions } from '@atrium/graphql-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  type StaffRole as ApiStaffRole,
  StaffViewerDocument,
  type StaffViewerQuery,
} from '../generated/graphql';
import { callIdentity } from '../identity/identity-call';

/** The signed-in user as staff of a marketplace: role, name and the marketplace. */
export type StaffViewer = NonNullable<StaffViewerQuery['staffViewer']>;

/** The API's role (OWNER) as the permission matrix of @atrium/domain names it (owner). */
export function staffRoleOf(role: ApiStaffRole): StaffRole {
  const roles = { OWNER: 'owner', FRONT_DESK: 'front_desk', PRACTITIONER: 'practitioner' } as const;
  return roles[role];
}

export const STAFF_VIEWER_KEY = ['staffViewer'] as const;

export async function fetchStaffViewer(
  marketplaceId: string,
  options?: RequestOptions,
): Promise<StaffViewer | null> {
  return (await callIdentity(StaffViewerDocument, { marketplaceId }, options)).staffViewer ?? null;
}

/**
 * The staff member the signed-in user is at this marketplace, or null (signed out, or not on its
 * staff). Keyed by the signed-in user too, so signing in or out asks again. Never persisted: who is
 * staff is the server's answer of the moment.
 */
export function staffViewerQueryOptions(marketplaceId: string, userId: string | null) {
  return queryOptions({
    queryKey: [...STAFF_VIEWER_KEY, marketplaceId, userId] as const,
    queryFn: ({ signal }) => fetchStaffViewer(marketplaceId, { signal }),
    enabled: marketplaceId !== '' && userId !== null,
    meta: { persist: false },
  });
}

export function useStaffViewer(marketplaceId: string, userId: string | null) {
  return useQuery(staffViewerQueryOptions(marketplaceId, userId));
}
