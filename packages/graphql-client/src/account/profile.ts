import type { RequestOptions } from '@atrium/graphql-client';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ProfileViewerDocument,
  type ProfileViewerQuery,
  UpdateProfileDocument,
  type UpdateProfileMutationVariables,
} from '../generated/graphql';
import { callIdentity, refetchViewer, VIEWER_KEY } from '../identity/identity-call';

/** The signed-in client as /profile shows them: profile, saved cards and memberships. */
export type ProfileViewer = ProfileViewerQuery['viewer'];
export type ProfileMembership = ProfileViewer['memberships'][number];
export type UpdateProfileVariables = UpdateProfileMutationVariables;

export async function fetchProfileViewer(
  mgId: string,
  marketplaceId: string,
  options?: RequestOptions,
): Promise<ProfileViewer> {
  return (await callIdentity(ProfileViewerDocument, { mgId, marketplaceId }, options)).viewer;
}

/**
 * The viewer of group mgId with the wallet and the memberships at marketplaceId. Under the viewer's
 * key, so every refetch of the user data refreshes it too. Personal data: never persisted,
 * and dropped as soon as no page shows it, so a later visit asks again rather than showing cards or
 * memberships changed elsewhere (the data layer does not refetch on mount).
 */
export function profileViewerQueryOptions(mgId: string, marketplaceId: string) {
  return queryOptions({
    queryKey: [...VIEWER_KEY, mgId, 'profile', marketplaceId] as const,
    queryFn: ({ signal }) => fetchProfileViewer(mgId, marketplaceId, { signal }),
    enabled: mgId !== '' && marketplaceId !== '',
    gcTime: 0,
    meta: { persist: false },
  });
}

export function useProfileViewer(mgId: string | null | undefined, marketplaceId: string | null | undefined) {
  return useQuery(profileViewerQueryOptions(mgId ?? '', marketplaceId ?? ''));
}

/**
 * updateProfile: an empty or missing field keeps the stored value; the email cannot change.
 * Returns the updated user.
 */
export async function updateProfile(variables: UpdateProfileVariables) {
  return (await callIdentity(UpdateProfileDocument, variables)).updateProfile;
}

/** updateProfile, then the user data refetched. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateProfile, onSuccess: () => refetchViewer(queryClient) });
}
