import type { RequestOptions } from '@atrium/graphql-client';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type RemoteName,
  StaffClearRemoteOverrideDocument,
  StaffRemoteVersionsDocument,
  type StaffRemoteVersionsFieldsFragment,
  StaffRollbackRemoteOverrideDocument,
  StaffSetRemoteOverrideDocument,
  StaffStartRemotePreviewDocument,
  type StaffStartRemotePreviewMutation,
} from '../generated/graphql';
import { callIdentity } from '../identity/identity-call';

/** One remote of the marketplace as the owner's Versions section shows it (tenant versions). */
export type StaffRemoteVersions = StaffRemoteVersionsFieldsFragment;
/** A preview just started: its token goes in the browser's preview cookie. */
export type StartedRemotePreview = StaffStartRemotePreviewMutation['staffStartRemotePreview'];

export const STAFF_REMOTE_VERSIONS_KEY = ['staffRemoteVersions'] as const;

export async function fetchStaffRemoteVersions(
  marketplaceId: string,
  options?: RequestOptions,
): Promise<StaffRemoteVersions[]> {
  return (await callIdentity(StaffRemoteVersionsDocument, { marketplaceId }, options)).staffRemoteVersions;
}

/** The marketplace's remotes and their releases; asked for afresh each time the section opens. */
export function staffRemoteVersionsQueryOptions(marketplaceId: string) {
  return queryOptions({
    queryKey: [...STAFF_REMOTE_VERSIONS_KEY, marketplaceId] as const,
    queryFn: ({ signal }) => fetchStaffRemoteVersions(marketplaceId, { signal }),
    enabled: marketplaceId !== '',
    staleTime: 0,
    gcTime: 60_000,
    meta: { persist: false },
  });
}

export function useStaffRemoteVersions(marketplaceId: string) {
  return useQuery(staffRemoteVersionsQueryOptions(marketplaceId));
}

export interface StaffRemoteVariables {
  marketplaceId: string;
  remote: RemoteName;
}

export interface StaffReleaseVariables extends StaffRemoteVariables {
  version: string;
}

export async function staffSetRemoteOverride(variables: StaffReleaseVariables): Promise<StaffRemoteVersions> {
  return (await callIdentity(StaffSetRemoteOverrideDocument, variables)).staffSetRemoteOverride;
}

export async function staffRollbackRemoteOverride(
  variables: StaffRemoteVariables,
): Promise<StaffRemoteVersions> {
  return (await callIdentity(StaffRollbackRemoteOverrideDocument, variables)).staffRollbackRemoteOverride;
}

export async function staffClearRemoteOverride(
  variables: StaffRemoteVariables,
): Promise<StaffRemoteVersions> {
  return (await callIdentity(StaffClearRemoteOverrideDocument, variables)).staffClearRemoteOverride;
}

export async function staffStartRemotePreview(
  variables: StaffReleaseVariables,
): Promise<StartedRemotePreview> {
  return (await callIdentity(StaffStartRemotePreviewDocument, variables)).staffStartRemotePreview;
}

/** Puts a remote's new state in the list at once, then asks for the list again. */
function showRemote(queryClient: QueryClient, marketplaceId: string, remote: StaffRemoteVersions) {
  queryClient.setQueryData<StaffRemoteVersions[]>(
    staffRemoteVersionsQueryOptions(marketplaceId).queryKey,
    (list) => list?.map((item) => (item.remote === remote.remote ? remote : item)),
  );
}

/** A change of what the clients get: afterwards (done or refused) the list is asked for again. */
function useVersionsChange<V extends StaffRemoteVariables>(
  change: (variables: V) => Promise<StaffRemoteVersions>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (remote, { marketplaceId }) => showRemote(queryClient, marketplaceId, remote),
    onSettled: () => queryClient.invalidateQueries({ queryKey: STAFF_REMOTE_VERSIONS_KEY }),
  });
}

export const useStaffSetRemoteOverride = () => useVersionsChange(staffSetRemoteOverride);
export const useStaffRollbackRemoteOverride = () => useVersionsChange(staffRollbackRemoteOverride);
export const useStaffClearRemoteOverride = () => useVersionsChange(staffClearRemoteOverride);
export const useStaffStartRemotePreview = () => useMutation({ mutationFn: staffStartRemotePreview });
