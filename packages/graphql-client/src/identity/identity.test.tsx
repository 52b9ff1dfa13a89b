import { $marketplaceId, $user, $userAuthError, resetClientValues } from '@atrium/stores';
import type { QueryClient } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configureGraphQLClient } from '../client';
import { LogoutDocument } from '../generated/graphql';
import { createQueryClient } from '../query-client';
import { fakeFetch, jsonResponse } from '../test-fetch';
import { wrapperFor } from '../test-wrapper';
import { useConfirmEmail } from './confirmation';
import { callIdentity } from './identity-call';
import { useLogout, usePasscodeAuthenticate } from './sign-in';
import { viewerQueryOptions } from './viewer';

afterEach(cleanup);
afterEach(() => {
  configureGraphQLClient({});
});
beforeEach(() => {
  localStorage.clear();
  resetClientValues();
});

const unauthenticated = () =>
  jsonResponse({ errors: [{ message: 'Please sign in.', extensions: { code: 'UNAUTHENTICATED' } }] });

function seeded() {
  const queryClient = createQueryClient();
  queryClient.setQueryData(['viewer', '10'], { id: '1' });
  queryClient.setQueryData(['marketplace', '1', null], { id: '1' });
  return queryClient;
}

const invalidated = (queryClient: QueryClient, key: readonly unknown[]) =>
  queryClient.getQueryState(key)?.isInvalidated;

const user = {
  id: '7',
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  emailConfirmed: true,
  phoneConfirmed: false,
  emailOptIn: false,
  phoneOptIn: false,
  profile: { email: 'ana@example.com', givenName: 'Ana', familyName: null, dob: null, phone: null },
};

describe('callIdentity', () => {
  it('sets the user-auth-error flag when the server answers UNAUTHENTICATED', async () => {
    configureGraphQLClient({ fetch: fakeFetch(unauthenticated).fetch });
    await expect(callIdentity(LogoutDocument, {})).rejects.toThrow('Please sign in.');
    expect($userAuthError.get()).toBe(true);
  });

  it('leaves the flag alone for other failures', async () => {
    const badInput = () =>
      jsonResponse({ errors: [{ message: 'Bad', extensions: { code: 'BAD_USER_INPUT' } }] });
    configureGraphQLClient({ fetch: fakeFetch(badInput).fetch });
    await expect(callIdentity(LogoutDocument, {})).rejects.toThrow('Bad');
    expect($userAuthError.get()).toBe(false);
  });
});

describe('viewerQueryOptions', () => {
  it("keys the user by group as ['viewer', mgId], kept out of the persisted cache", () => {
    const options = viewerQueryOptions('10');
    expect([options.queryKey, options.meta, options.enabled]).toEqual([
      ['viewer', '10'],
      { persist: false },
      true,
    ]);
    expect(viewerQueryOptions('').enabled).toBe(false);
  });
});

describe('identity mutations refetch what they change', () => {
  it('a sign-in refetches the user data', async () => {
    const payload = { emailConfirmed: true, user, profile: user.profile };
    configureGraphQLClient({
      fetch: fakeFetch(() => jsonResponse({ data: { passcodeAuthenticate: payload } })).fetch,
    });
    const queryClient = seeded();
    const { result } = renderHook(() => usePasscodeAuthenticate(), {
      wrapper: wrapperFor(queryClient, localStorage),
    });

    await act(() => result.current.mutateAsync({ token: 't', code: '123456', marketplaceId: '1' }));

    expect(invalidated(queryClient, ['viewer', '10'])).toBe(true);
    expect(invalidated(queryClient, ['marketplace', '1', null])).toBe(false);
  });

  it('confirming the email refetches the user and the marketplace', async () => {
    configureGraphQLClient({
      fetch: fakeFetch(() => jsonResponse({ data: { confirmEmail: { emailConfirmed: true } } })).fetch,
    });
    const queryClient = seeded();
    const { result } = renderHook(() => useConfirmEmail(), {
      wrapper: wrapperFor(queryClient, localStorage),
    });

    await act(() => result.current.mutateAsync({ marketplaceId: '1', token: 'abc' }));

    expect(invalidated(queryClient, ['viewer', '10'])).toBe(true);
    expect(invalidated(queryClient, ['marketplace', '1', null])).toBe(true);
  });
});

describe('useLogout', () => {
  it('ends the session, then empties the query cache and local data except the marketplace id', async () => {
    const { fetch, calls } = fakeFetch(() => jsonResponse({ data: { logout: true } }));
    configureGraphQLClient({ fetch });
    $marketplaceId.set('1');
    $user.set({
      id: '7',
      email: 'ana@example.com',
      givenName: null,
      familyName: null,
      emailConfirmed: true,
      phoneConfirmed: true,
    });
    const queryClient = seeded();
    const { result } = renderHook(() => useLogout(), { wrapper: wrapperFor(queryClient, localStorage) });

    await act(() => result.current.mutateAsync());

    expect(JSON.parse(String(calls[0]?.init.body)).operationName).toBe('Logout');
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
    expect($user.get()).toBeNull();
    expect($marketplaceId.get()).toBe('1');
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('keeps everything when the server refuses', async () => {
    configureGraphQLClient({ fetch: fakeFetch(() => jsonResponse({ errors: [{ message: 'Down' }] })).fetch });
    const queryClient = seeded();
    $marketplaceId.set('1');
    const { result } = renderHook(() => useLogout(), { wrapper: wrapperFor(queryClient, localStorage) });

    await act(() => expect(result.current.mutateAsync()).rejects.toThrow('Down'));

    expect(queryClient.getQueryData(['viewer', '10'])).toEqual({ id: '1' });
  });
});
