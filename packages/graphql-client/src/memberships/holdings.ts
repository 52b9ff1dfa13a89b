import { type RequestOptions, RequestTimeoutError, serverMessage } from '@atrium/graphql-client';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  CancelMembershipDocument,
  CreateMembershipDocument,
  type HeldMembershipFragment,
  type HeldPackageItemFragment,
  PurchasePackageDocument,
  ReactivateMembershipDocument,
  ViewerMembershipsDocument,
  type ViewerMembershipsQuery,
} from '../generated/graphql';
import { callIdentity, refetchViewer, VIEWER_KEY } from '../identity/identity-call';
import { AttemptKeys } from './attempt-keys';

/** The signed-in client's memberships, package items and balances at a marketplace. */
export type ViewerMemberships = ViewerMembershipsQuery['viewer'];
export type HeldMembership = HeldMembershipFragment;
export type HeldPackageItem = HeldPackageItemFragment;
export type PointsBalance = NonNullable<ViewerMemberships['membershipBalance']>;
export type { MembershipStatus } from '../generated/graphql';

/** The message for a package purchase that failed without a message from the server. */
export const PACKAGE_PURCHASE_FAILED = 'Package purchase failed, please try again';
/** The message for a membership purchase, cancellation or renewal that failed without a server message. */
export const MEMBERSHIP_CHANGE_FAILED =
  'Membership purchase, cancellation or renewal failed, please try again';

function failureMessage(error: unknown, fallback: string): string {
  const fromServer = serverMessage(error);
  if (fromServer) return fromServer;
  return error instanceof RequestTimeoutError ? error.message : fallback;
}

/**
 * The message for a failed package purchase: the server's first message (e.g. 'Please add a
 * payment method to purchase a package', a processor's decline reason), a timeout's own message, else
 * 'Package purchase failed, please try again'.
 */
export const packageErrorMessage = (error: unknown) => failureMessage(error, PACKAGE_PURCHASE_FAILED);

/** As packageErrorMessage, for buying, cancelling or renewing a membership. */
export const membershipErrorMessage = (error: unknown) => failureMessage(error, MEMBERSHIP_CHANGE_FAILED);

export async function fetchViewerMemberships(
  mgId: string,
  marketplaceId: string,
  options?: RequestOptions,
): Promise<ViewerMemberships> {
  return (await callIdentity(ViewerMembershipsDocument, { mgId, marketplaceId }, options)).viewer;
}

/**
 * The viewer's memberships, package items, membership balance and package balance at marketplaceId.
 * Under the viewer's key, so every refetch of the user data refreshes it; personal data, so
 * never persisted and dropped as soon as no page shows it (as the profile's viewer).
 */
export function viewerMembershipsQueryOptions(mgId: string, marketplaceId: string) {
  return queryOptions({
    queryKey: [...VIEWER_KEY, mgId, 'memberships', marketplaceId] as const,
    queryFn: ({ signal }) => fetchViewerMemberships(mgId, marketplaceId, { signal }),
    enabled: mgId !== '' && marketplaceId !== '',
    gcTime: 0,
    meta: { persist: false },
  });
}

export function useViewerMemberships(
  mgId: string | null | undefined,
  marketplaceId: string | null | undefined,
) {
  return useQuery(viewerMembershipsQueryOptions(mgId ?? '', marketplaceId ?? ''));
}

export interface PurchasePackageVariables {
  marketplaceId: string;
  packageId: string;
  paymentInstrumentId: string;
  /** One per purchase attempt, the same for its retries (AttemptKeys). */
  idempotencyKey: string;
}

/** purchasePackage: marketplaceId, packageId, paymentMethod with paymentInstrumentId. */
export async function purchasePackage({
  marketplaceId,
  packageId,
  paymentInstrumentId,
  idempotencyKey,
}: PurchasePackageVariables): Promise<HeldPackageItem[]> {
  return (
    await callIdentity(PurchasePackageDocument, {
      input: { marketplaceId, packageId, paymentMethod: { paymentInstrumentId }, idempotencyKey },
    })
  ).purchasePackage;
}

export interface CreateMembershipVariables {
  marketplaceId: string;
  paymentInstrumentId: string;
  membershipDefinitionId: string;
  /** One per purchase attempt, the same for its retries (AttemptKeys). */
  idempotencyKey: string;
}

/** createMembership: marketplaceId, paymentInstrumentId, membershipDefinitionId. */
export async function createMembership(variables: CreateMembershipVariables): Promise<HeldMembership> {
  return (await callIdentity(CreateMembershipDocument, variables)).createMembership;
}

export async function cancelMembership(id: string): Promise<HeldMembership> {
  return (await callIdentity(CancelMembershipDocument, { id })).cancelMembership;
}

/** reactivateMembership: renews a Cancelled membership (charging it once per key). */
export async function reactivateMembership(id: string, idempotencyKey: string): Promise<HeldMembership> {
  return (await callIdentity(ReactivateMembershipDocument, { id, idempotencyKey })).reactivateMembership;
}

/**
 * After a change the user data is refetched — the profile's badge and membership info, this
 * page's memberships and balances (all under the viewer's key) — and the checkout summary, whose
 * membership and credit lines follow the membership and the points.
 */
function refetchHoldings(queryClient: QueryClient) {
  return Promise.all([
    refetchViewer(queryClient),
    queryClient.invalidateQueries({ queryKey: ['checkoutSummary'] }),
  ]);
}

/**
 * The purchase hooks keep one idempotency key per attempt on an item for as long as the page lives:
 * a retry after a timeout or a network error sends the same key, so the server charges once.
 */
function useAttemptKeys(): AttemptKeys {
  return useState(() => new AttemptKeys())[0];
}

export function usePurchasePackage() {
  const queryClient = useQueryClient();
  const keys = useAttemptKeys();
  return useMutation({
    mutationFn: (variables: Omit<PurchasePackageVariables, 'idempotencyKey'>) =>
      keys.run(`package:${variables.packageId}`, (idempotencyKey) =>
        purchasePackage({ ...variables, idempotencyKey }),
      ),
    onSuccess: () => refetchHoldings(queryClient),
  });
}

export function useCreateMembership() {
  const queryClient = useQueryClient();
  const keys = useAttemptKeys();
  return useMutation({
    mutationFn: (variables: Omit<CreateMembershipVariables, 'idempotencyKey'>) =>
      keys.run(`membership:${variables.membershipDefinitionId}`, (idempotencyKey) =>
        createMembership({ ...variables, idempotencyKey }),
      ),
    onSuccess: () => refetchHoldings(queryClient),
  });
}

export function useCancelMembership() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelMembership, onSuccess: () => refetchHoldings(queryClient) });
}

export function useReactivateMembership() {
  const queryClient = useQueryClient();
  const keys = useAttemptKeys();
  return useMutation({
    mutationFn: (id: string) =>
      keys.run(`renew:${id}`, (idempotencyKey) => reactivateMembership(id, idempotencyKey)),
    onSuccess: () => refetchHoldings(queryClient),
  });
}
