// '@atrium/graphql-client/staff-request-notices': how the signed-in staff member hears of new
// requests — the unread count of the console's navigation, marking requests seen, and their own
// mail about each new request on or off. An entry of its own, bundled by the console only; operations
// run on the page's shared client.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  StaffMarkRequestsSeenDocument,
  StaffRequestNoticeSettingsDocument,
  type StaffRequestNoticeSettingsQuery,
  StaffSetNewRequestMailsDocument,
  StaffUnreadRequestCountDocument,
} from '../generated/graphql';
import { callIdentity } from '../identity/identity-call';

export type StaffRequestNoticeSettings = StaffRequestNoticeSettingsQuery['staffRequestNoticeSettings'];

export const STAFF_UNREAD_REQUESTS_KEY = ['staffUnreadRequestCount'] as const;
export const STAFF_REQUEST_NOTICE_SETTINGS_KEY = ['staffRequestNoticeSettings'] as const;

/** How often the navigation asks for the unread count while the console is open. */
export const STAFF_UNREAD_REFRESH_MS = 60_000;

const unreadKey = (marketplaceId: string) => [...STAFF_UNREAD_REQUESTS_KEY, marketplaceId] as const;
const settingsKey = (marketplaceId: string) => [...STAFF_REQUEST_NOTICE_SETTINGS_KEY, marketplaceId] as const;

/**
 * The pending requests the member may see that arrived since they last opened Requests: asked for
 * again every minute and when the window regains focus (unlike the client side's defaults).
 */
export function staffUnreadRequestCountQueryOptions(marketplaceId: string) {
  return queryOptions({
    queryKey: unreadKey(marketplaceId),
    queryFn: async ({ signal }) =>
      (await callIdentity(StaffUnreadRequestCountDocument, { marketplaceId }, { signal }))
        .staffUnreadRequestCount,
    enabled: marketplaceId !== '',
    staleTime: 0,
    refetchInterval: STAFF_UNREAD_REFRESH_MS,
    refetchOnWindowFocus: true,
    meta: { persist: false },
  });
}

export function useStaffUnreadRequestCount(marketplaceId: string, enabled = true) {
  return useQuery({
    ...staffUnreadRequestCountQueryOptions(marketplaceId),
    enabled: enabled && marketplaceId !== '',
  });
}

/**
 * Marks what arrived until now read (the member opened Requests); the count takes the answer, and a
 * count asked for before it (the navigation's, as the page opened) is dropped, not shown after it.
 */
export function useMarkRequestsSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (marketplaceId: string) =>
      (await callIdentity(StaffMarkRequestsSeenDocument, { marketplaceId })).staffMarkRequestsSeen,
    onSuccess: async (unread, marketplaceId) => {
      await queryClient.cancelQueries({ queryKey: unreadKey(marketplaceId) });
      queryClient.setQueryData(unreadKey(marketplaceId), unread);
    },
  });
}

export function staffRequestNoticeSettingsQueryOptions(marketplaceId: string) {
  return queryOptions({
    queryKey: settingsKey(marketplaceId),
    queryFn: async ({ signal }) =>
      (await callIdentity(StaffRequestNoticeSettingsDocument, { marketplaceId }, { signal }))
        .staffRequestNoticeSettings,
    enabled: marketplaceId !== '',
    staleTime: 0,
    meta: { persist: false },
  });
}

/** The signed-in member's own mail settings. */
export function useStaffRequestNoticeSettings(marketplaceId: string) {
  return useQuery(staffRequestNoticeSettingsQueryOptions(marketplaceId));
}

/** Turns the member's own mail about each new request on or off; the settings take the answer. */
export function useSetNewRequestMails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (variables: { marketplaceId: string; enabled: boolean }) =>
      (await callIdentity(StaffSetNewRequestMailsDocument, variables)).staffSetNewRequestMails,
    onSuccess: (settings, { marketplaceId }) =>
      queryClient.setQueryData(settingsKey(marketplaceId), settings),
  });
}
