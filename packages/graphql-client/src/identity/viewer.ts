import type { RequestOptions } from '@atrium/graphql-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type UserFieldsFragment, ViewerDocument } from '../generated/graphql';
import { callIdentity, VIEWER_KEY } from './identity-call';

/** The signed-in user with profile. */
export type Viewer = UserFieldsFragment;
export type ViewerProfile = Viewer['profile'];

export async function fetchViewer(mgId: string, options?: RequestOptions): Promise<Viewer> {
  return (await callIdentity(ViewerDocument, { mgId }, options)).viewer;
}

/**
 * The signed-in user of marketplace group mgId; fails with UNAUTHENTICATED for a guest. Kept out of
 * the persisted cache (personal data), and waits while the group is unknown.
 */
export function viewerQueryOptions(mgId: string) {
  return queryOptions({
    queryKey: [...VIEWER_KEY, mgId] as const,
    queryFn: ({ signal }) => fetchViewer(mgId, { signal }),
    enabled: mgId !== '',
    meta: { persist: false },
  });
}

export function useViewer(mgId: string | null | undefined) {
  return useQuery(viewerQueryOptions(mgId ?? ''));
}
