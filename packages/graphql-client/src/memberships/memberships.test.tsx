import type { QueryClient } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { profileViewerQueryOptions } from '../account/profile';
import { configureGraphQLClient } from '../client';
import { createQueryClient } from '../query-client';
import { RequestTimeoutError } from '../request-errors';
import { fakeFetch, jsonResponse } from '../test-fetch';
import { wrapperFor } from '../test-wrapper';
import {
  MEMBERSHIP_CHANGE_FAILED,
  membershipErrorMessage,
  PACKAGE_PURCHASE_FAILED,
  packageErrorMessage,
  useCancelMembership,
  useCreateMembership,
  usePurchasePackage,
  useReactivateMembership,
  viewerMembershipsQueryOptions,
} from './holdings';
import { membershipPlansQueryOptions, useMembershipPlans } from './plans';

afterEach(cleanup);
afterEach(() => {
  configureGraphQLClient({});
});

/** A cache holding the profile's viewer, this page's holdings, a checkout summary and the plans. */
function seeded() {
  const queryClient = createQueryClient();
  queryClient.setQueryData(profileViewerQueryOptions('10', '1').queryKey, { id: '1' } as never);
  queryClient.setQueryData(viewerMembershipsQueryOptions('10', '1').queryKey, { id: '1' } as never);
  queryClient.setQueryData(['checkoutSummary', { marketplaceId: '1' }], {});
  queryClient.setQueryData(membershipPlansQueryOptions('1').queryKey, { id: '1' } as never);
  return queryClient;
}

const invalidated = (queryClient: QueryClient, key: readonly unknown[]) =>
  queryClient.getQueryState(key)?.isInvalidated;
const body = (call: { init: RequestInit } | undefined) => JSON.parse(String(call?.init.body));

const membership = {
  id: '9',
  membershipDefinitionId: '3',
  renewalDate: '2030-07-01',
  status: 'Active',
  membershipDefinition: { id: '3', name: 'Glow Club', period: 'monthly' },
};

describe('the /memberships queries', () => {
  it("keep the viewer's holdings under the viewer key, out of the persisted cache and dropped when unused", () => {
    const options = viewerMembershipsQueryOptions('10', '1');
    expect(options.queryKey).toEqual(['viewer', '10', 'memberships', '1']);
    expect([options.meta, options.gcTime, options.enabled]).toEqual([{ persist: false }, 0, true]);
    expect(viewerMembershipsQueryOptions('', '1').enabled).toBe(false);
  });

  it("ask for the marketplace's membership definitions and packages by its id", async () => {
    const plans = { id: '1', membershipDefinitions: [], packages: [] };
    const { fetch, calls } = fakeFetch(() => jsonResponse({ data: { marketplace: plans } }));
    configureGraphQLClient({ fetch });
    const { result } = renderHook(() => useMembershipPlans('1'), {
      wrapper: wrapperFor(createQueryClient()),
    });

    await waitFor(() => expect(result.current.data).toEqual(plans));
    expect(body(calls[0])).toMatchObject({
      operationName: 'MembershipPlans',
      variables: { marketplaceId: '1' },
    });
    expect(body(calls[0]).query).toContain('packageItemDefinitions');
    expect(body(calls[0]).query).toContain('discounts');
    expect(membershipPlansQueryOptions('').enabled).toBe(false);
  });
});

describe('purchases, cancellation and renewal', () => {
  it('buys a package with the saved card as paymentMethod, then refetches the user data and the summary', async () => {
    const { fetch, calls } = fakeFetch(() => jsonResponse({ data: { purchasePackage: [] } }));
    configureGraphQLClient({ fetch });
    const queryClient = seeded();
    const { result } = renderHook(() => usePurchasePackage(), { wrapper: wrapperFor(queryClient) });

    await act(() =>
      result.current.mutateAsync({ marketplaceId: '1', packageId: '4', paymentInstrumentId: '5' }),
    );

    expect(body(calls[0])).toMatchObject({
      operationName: 'PurchasePackage',
      variables: {
        input: { marketplaceId: '1', packageId: '4', paymentMethod: { paymentInstrumentId: '5' } },
      },
    });
    expect(invalidated(queryClient, ['viewer', '10', 'profile', '1'])).toBe(true);
    expect(invalidated(queryClient, ['viewer', '10', 'memberships', '1'])).toBe(true);
    expect(invalidated(queryClient, ['checkoutSummary', { marketplaceId: '1' }])).toBe(true);
    expect(invalidated(queryClient, ['membershipPlans', '1'])).toBe(false);
  });

  it('subscribes, cancels and renews by id, each refreshing the profile badge', async () => {
    const { fetch, calls } = fakeFetch(
      () => jsonResponse({ data: { createMembership: membership } }),
      () => jsonResponse({ data: { cancelMembership: { ...membership, status: 'Cancelled' } } }),
      () => jsonResponse({ data: { reactivateMembership: membership } }),
    );
    configureGraphQLClient({ fetch });
    const queryClient = seeded();
    const wrapper = wrapperFor(queryClient);
    const create = renderHook(() => useCreateMembership(), { wrapper });
    const cancel = renderHook(() => useCancelMembership(), { wrapper });
    const renew = renderHook(() => useReactivateMembership(), { wrapper });

    const created = await act(() =>
      create.result.current.mutateAsync({
        marketplaceId: '1',
        paymentInstrumentId: '5',
        membershipDefinitionId: '3',
      }),
    );
    expect(created.status).toBe('Active');
    expect(invalidated(queryClient, ['viewer', '10', 'profile', '1'])).toBe(true);
    expect((await act(() => cancel.result.current.mutateAsync('9'))).status).toBe('Cancelled');
    expect((await act(() => renew.result.current.mutateAsync('9'))).status).toBe('Active');

    const key = expect.stringMatching(/^[0-9a-f-]{36}$/);
    expect(calls.map((call) => [body(call).operationName, body(call).variables])).toEqual([
      [
        'CreateMembership',
        { marketplaceId: '1', paymentInstrumentId: '5', membershipDefinitionId: '3', idempotencyKey: key },
      ],
      ['CancelMembership', { id: '9' }],
      ['ReactivateMembership', { id: '9', idempotencyKey: key }],
    ]);
  });

  it("says the server's first message, else the spec's purchase, cancellation or renewal failure", async () => {
    configureGraphQLClient({
      fetch: fakeFetch(
        () =>
          jsonResponse({
            errors: [
              {
                message: 'Please add a payment method to purchase a package',
                extensions: { code: 'BAD_USER_INPUT' },
              },
            ],
          }),
        () => new Response('down', { status: 502 }),
      ).fetch,
    });
    const { result } = renderHook(() => useCancelMembership(), { wrapper: wrapperFor(createQueryClient()) });
    const failures: unknown[] = [];
    await act(() => result.current.mutateAsync('9').catch((error) => void failures.push(error)));
    await act(() => result.current.mutateAsync('9').catch((error) => void failures.push(error)));

    expect(failures.map(membershipErrorMessage)).toEqual([
      'Please add a payment method to purchase a package',
      'Membership purchase, cancellation or renewal failed, please try again',
    ]);
    expect(packageErrorMessage(failures[1])).toBe('Package purchase failed, please try again');
    expect([PACKAGE_PURCHASE_FAILED, MEMBERSHIP_CHANGE_FAILED]).toEqual([
      'Package purchase failed, please try again',
      'Membership purchase, cancellation or renewal failed, please try again',
    ]);
    expect(packageErrorMessage(new RequestTimeoutError(15000))).toMatch(/timed out/);
  });
});
