import type { QueryClient } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { configureGraphQLClient } from '../client';
import { errorMessage } from '../errors';
import { createQueryClient } from '../query-client';
import { RequestTimeoutError } from '../request-errors';
import { fakeFetch, jsonResponse } from '../test-fetch';
import { wrapperFor } from '../test-wrapper';
import { profileAppointmentsQueryOptions } from './appointments';
import { profileViewerQueryOptions, useUpdateProfile } from './profile';
import {
  useCreatePaymentInstrument,
  useDeletePaymentInstrument,
  useUpdatePrimaryPaymentInstrument,
  WALLET_CHANGE_FAILED,
  walletErrorMessage,
} from './wallet';

afterEach(cleanup);
afterEach(() => {
  configureGraphQLClient({});
});

/** A cache holding the shell's viewer, the profile's viewer, checkout's saved cards and a marketplace. */
function seeded() {
  const queryClient = createQueryClient();
  queryClient.setQueryData(['viewer', '10'], { id: '1' });
  queryClient.setQueryData(profileViewerQueryOptions('10', '1').queryKey, { id: '1' } as never);
  queryClient.setQueryData(['savedCards', '10'], []);
  queryClient.setQueryData(['marketplace', '1', null], { id: '1' });
  return queryClient;
}

const invalidated = (queryClient: QueryClient, key: readonly unknown[]) =>
  queryClient.getQueryState(key)?.isInvalidated;

const card = {
  id: '5',
  brand: 'VISA',
  lastFour: '4242',
  expirationMonth: 12,
  expirationYear: 2030,
  isPrimary: true,
};
const body = (call: { init: RequestInit } | undefined) => JSON.parse(String(call?.init.body));

describe('the profile queries', () => {
  it("keep the profile's viewer under the viewer key, out of the persisted cache and dropped when unused", () => {
    const options = profileViewerQueryOptions('10', '1');
    expect(options.queryKey).toEqual(['viewer', '10', 'profile', '1']);
    expect([options.meta, options.gcTime, options.enabled]).toEqual([{ persist: false }, 0, true]);
    expect(profileViewerQueryOptions('', '1').enabled).toBe(false);
  });

  it('ask for the appointments again on every visit (refetched after a booking)', () => {
    const options = profileAppointmentsQueryOptions('1');
    expect([options.queryKey, options.gcTime, options.meta]).toEqual([
      ['profileAppointments', '1'],
      0,
      { persist: false },
    ]);
  });
});

describe('updateProfile', () => {
  it('sends the group, the user and the fields, then refetches the user data', async () => {
    const user = { id: '7', profile: { email: 'ana@example.com' } };
    const { fetch, calls } = fakeFetch(() => jsonResponse({ data: { updateProfile: user } }));
    configureGraphQLClient({ fetch });
    const queryClient = seeded();
    const { result } = renderHook(() => useUpdateProfile(), { wrapper: wrapperFor(queryClient) });

    await act(() =>
      result.current.mutateAsync({
        mgId: '10',
        userId: '7',
        input: { givenName: 'Ana', tzid: 'America/New_York' },
      }),
    );

    expect(body(calls[0])).toMatchObject({
      operationName: 'UpdateProfile',
      variables: { mgId: '10', userId: '7', input: { givenName: 'Ana', tzid: 'America/New_York' } },
    });
    expect(invalidated(queryClient, ['viewer', '10'])).toBe(true);
    expect(invalidated(queryClient, ['viewer', '10', 'profile', '1'])).toBe(true);
    expect(invalidated(queryClient, ['marketplace', '1', null])).toBe(false);
  });

  it("fails with the server's message, else 'There was an issue with updating the profile'", async () => {
    configureGraphQLClient({ fetch: fakeFetch(() => new Response('down', { status: 502 })).fetch });
    const { result } = renderHook(() => useUpdateProfile(), { wrapper: wrapperFor(createQueryClient()) });
    let failure: unknown;
    await act(() =>
      result.current.mutateAsync({ mgId: '10', input: {} }).catch((error) => (failure = error)),
    );
    expect(errorMessage(failure, 'updateProfile')).toBe('There was an issue with updating the profile');
  });
});

describe('the wallet', () => {
  it('saves a new card with save always true, then refetches the user and the saved cards', async () => {
    const { fetch, calls } = fakeFetch(() => jsonResponse({ data: { createPaymentInstrument: card } }));
    configureGraphQLClient({ fetch });
    const queryClient = seeded();
    const { result } = renderHook(() => useCreatePaymentInstrument(), { wrapper: wrapperFor(queryClient) });
    const identity = { firstName: 'Ana', lastName: 'Lee', email: 'ana@example.com', phone: '+12125550142' };

    await act(() => result.current.mutateAsync({ token: 'tok_1', identity }));

    expect(body(calls[0]).variables).toEqual({ input: { save: true, card: { token: 'tok_1', identity } } });
    expect(invalidated(queryClient, ['viewer', '10', 'profile', '1'])).toBe(true);
    expect(invalidated(queryClient, ['savedCards', '10'])).toBe(true);
  });

  it('deletes a card by id and makes another the primary one by paymentInstrumentId', async () => {
    const { fetch, calls } = fakeFetch(
      () => jsonResponse({ data: { deletePaymentInstrument: true } }),
      () => jsonResponse({ data: { updatePrimaryPaymentInstrument: card } }),
    );
    configureGraphQLClient({ fetch });
    const queryClient = seeded();
    const remove = renderHook(() => useDeletePaymentInstrument(), { wrapper: wrapperFor(queryClient) });
    await act(() => remove.result.current.mutateAsync('4'));
    expect(invalidated(queryClient, ['viewer', '10'])).toBe(true);

    const primary = renderHook(() => useUpdatePrimaryPaymentInstrument(), {
      wrapper: wrapperFor(queryClient),
    });
    await act(() => primary.result.current.mutateAsync('5'));

    expect(body(calls[0])).toMatchObject({
      operationName: 'DeletePaymentInstrument',
      variables: { id: '4' },
    });
    expect(body(calls[1])).toMatchObject({
      operationName: 'UpdatePrimaryPaymentInstrument',
      variables: { paymentInstrumentId: '5' },
    });
  });

  it("says the server's reason, else 'Payment instrument addition, deletion or update failed, please try again'", async () => {
    configureGraphQLClient({
      fetch: fakeFetch(
        () =>
          jsonResponse({
            errors: [{ message: 'Your card was declined.', extensions: { code: 'PAYMENT_DECLINED' } }],
          }),
        () => new Response('down', { status: 502 }),
      ).fetch,
    });
    const { result } = renderHook(() => useDeletePaymentInstrument(), {
      wrapper: wrapperFor(createQueryClient()),
    });
    const failures: unknown[] = [];
    await act(() => result.current.mutateAsync('4').catch((error) => void failures.push(error)));
    await act(() => result.current.mutateAsync('4').catch((error) => void failures.push(error)));

    expect(failures.map(walletErrorMessage)).toEqual(['Your card was declined.', WALLET_CHANGE_FAILED]);
    expect(WALLET_CHANGE_FAILED).toBe(
      'Payment instrument addition, deletion or update failed, please try again',
    );
    expect(walletErrorMessage(new RequestTimeoutError(15000))).toMatch(/timed out/);
  });
});
