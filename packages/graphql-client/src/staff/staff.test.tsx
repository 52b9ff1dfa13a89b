import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { configureGraphQLClient } from '../client';
import { createQueryClient } from '../query-client';
import { fakeFetch, jsonResponse } from '../test-fetch';
import { wrapperFor } from '../test-wrapper';
import {
  STAFF_REQUESTS_REFRESH_MS,
  staffRequestsQueryOptions,
  useStaffDeclineAppointment,
} from './staff-requests';
import { staffRoleOf, staffViewerQueryOptions } from './staff-viewer';

afterEach(cleanup);
afterEach(() => {
  configureGraphQLClient({});
});

describe('the staff console’s calls', () => {
  it('ask for the requests again every 10 s and on focus, and never keep them in storage', () => {
    const options = staffRequestsQueryOptions('1', { status: 'PENDING' });
    expect(STAFF_REQUESTS_REFRESH_MS).toBe(10_000);
    expect([options.refetchInterval, options.refetchOnWindowFocus, options.staleTime]).toEqual([
      10_000,
      true,
      0,
    ]);
    expect(options.meta).toEqual({ persist: false });
    expect(options.queryKey).toEqual(['staffRequests', '1', { status: 'PENDING' }]);
  });

  it('ask who the staff member is per signed-in user, and not while signed out', () => {
    expect(staffViewerQueryOptions('1', '7').queryKey).toEqual(['staffViewer', '1', '7']);
    expect(staffViewerQueryOptions('1', null).enabled).toBe(false);
  });

  it('name roles as the permission matrix does', () => {
    expect([staffRoleOf('OWNER'), staffRoleOf('FRONT_DESK'), staffRoleOf('PRACTITIONER')]).toEqual([
      'owner',
      'front_desk',
      'practitioner',
    ]);
  });

  it('send a decline with its reason, then ask for the requests again', async () => {
    const { fetch, calls } = fakeFetch(() =>
      jsonResponse({
        data: { staffDeclineAppointment: { id: '5', status: 'CANCELLED', charged: 0, failureReason: null } },
      }),
    );
    configureGraphQLClient({ fetch });
    const queryClient = createQueryClient();
    const key = staffRequestsQueryOptions('1', { status: 'PENDING' }).queryKey;
    queryClient.setQueryData(key, []);
    const { result } = renderHook(() => useStaffDeclineAppointment(), { wrapper: wrapperFor(queryClient) });
    await act(() => result.current.mutateAsync({ marketplaceId: '1', id: '5', reason: 'No nurse free' }));
    expect(JSON.parse(String(calls[0]?.init.body)).variables).toEqual({
      marketplaceId: '1',
      id: '5',
      reason: 'No nurse free',
    });
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
  });
});
