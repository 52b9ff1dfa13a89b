import { QueryObserver } from '@tanstack/react-query';
import { persistQueryClientRestore, persistQueryClientSave } from '@tanstack/react-query-persist-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createPersistOptions,
  createQueryClient,
  createQueryPersister,
  PERSIST_MAX_AGE_MS,
  QUERY_CACHE_STORAGE_KEY,
} from './query-client';
import { GraphQLResponseError } from './request-errors';

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('createQueryClient defaults', () => {
  it('does not retry or refetch on mount, reconnect or focus, and keeps data 5 minutes', () => {
    expect(createQueryClient().getDefaultOptions()).toEqual({
      queries: {
        retry: false,
        refetchOnMount: false,
        refetchOnReconnect: false,
        refetchOnWindowFocus: false,
        staleTime: 300000,
        gcTime: 300000,
      },
      mutations: { retry: false },
    });
  });
});

describe('createQueryClient: a refused call asks whether the session is still there', () => {
  const unauthenticated = () =>
    new GraphQLResponseError(
      [{ message: 'Please sign in to continue.', extensions: { code: 'UNAUTHENTICATED' } }],
      null,
      200,
    );

  /** A client with an active viewer query that fails as a guest's does, counting its fetches. */
  const withViewer = async () => {
    const queryClient = createQueryClient();
    let viewerFetches = 0;
    const observer = new QueryObserver(queryClient, {
      queryKey: ['viewer', '1'],
      queryFn: async () => {
        viewerFetches += 1;
        throw unauthenticated();
      },
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(viewerFetches).toBe(1));
    return { queryClient, fetches: () => viewerFetches, unsubscribe };
  };

  it('asks for the viewer again when a call is refused with UNAUTHENTICATED', async () => {
    const { queryClient, fetches, unsubscribe } = await withViewer();
    await queryClient
      .getMutationCache()
      .build(queryClient, { mutationFn: async () => Promise.reject(unauthenticated()) })
      .execute(undefined)
      .catch(() => undefined);
    await vi.waitFor(() => expect(fetches()).toBe(2));
    await queryClient
      .fetchQuery({ queryKey: ['appointments', '1'], queryFn: () => Promise.reject(unauthenticated()) })
      .catch(() => undefined);
    await vi.waitFor(() => expect(fetches()).toBe(3));
    unsubscribe();
  });

  it("neither for other errors nor for the viewer's own refusal", async () => {
    const { queryClient, fetches, unsubscribe } = await withViewer();
    await queryClient
      .fetchQuery({ queryKey: ['marketplace', '1'], queryFn: () => Promise.reject(new Error('offline')) })
      .catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetches()).toBe(1);
    unsubscribe();
  });
});

describe('persisted query cache', () => {
  it('writes the cache to localStorage at most once per 1000 ms', async () => {
    vi.useFakeTimers();
    const persister = createQueryPersister(localStorage);
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    const queryClient = createQueryClient();

    queryClient.setQueryData(['marketplace', '1', null], { id: '1' });
    await persistQueryClientSave({ queryClient, persister });
    queryClient.setQueryData(['marketplace', '2', null], { id: '2' });
    await persistQueryClientSave({ queryClient, persister });
    expect(setItem).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(1000);
    setItem.mockRestore();
    const stored = JSON.parse(localStorage.getItem(QUERY_CACHE_STORAGE_KEY) ?? 'null');
    expect(stored.clientState.queries.map((query: { queryKey: unknown }) => query.queryKey)).toEqual([
      ['marketplace', '1', null],
      ['marketplace', '2', null],
    ]);
  });

  it('uses a persisted age of 0, so a snapshot found at start-up is discarded and removed', async () => {
    vi.useFakeTimers();
    const earlier = createQueryClient();
    earlier.setQueryData(['marketplace', '1', null], { id: '1' });
    await persistQueryClientSave({ queryClient: earlier, persister: createQueryPersister(localStorage) });
    await vi.advanceTimersByTimeAsync(1000);
    expect(localStorage.getItem(QUERY_CACHE_STORAGE_KEY)).not.toBeNull();

    await vi.advanceTimersByTimeAsync(1);
    const queryClient = createQueryClient();
    const options = createPersistOptions(localStorage);
    await persistQueryClientRestore({ queryClient, ...options });

    expect([PERSIST_MAX_AGE_MS, options.maxAge]).toEqual([0, 0]);
    expect(queryClient.getQueryData(['marketplace', '1', null])).toBeUndefined();
    expect(localStorage.getItem(QUERY_CACHE_STORAGE_KEY)).toBeNull();
  });
});

describe('what is persisted', () => {
  it('keeps successful queries but never those marked not to persist (availability)', () => {
    const queryClient = createQueryClient();
    const { shouldDehydrateQuery } = createPersistOptions(localStorage).dehydrateOptions ?? {};
    queryClient.setQueryData(['marketplace', '1', null], { id: '1' });
    queryClient
      .getQueryCache()
      .build(queryClient, { queryKey: ['availability', 'x'], meta: { persist: false } });
    queryClient.setQueryData(['availability', 'x'], { slots: [] });
    const marketplace = queryClient.getQueryCache().find({ queryKey: ['marketplace', '1', null] });
    const availability = queryClient.getQueryCache().find({ queryKey: ['availability', 'x'] });
    if (!marketplace || !availability || !shouldDehydrateQuery) throw new Error('missing');
    expect(shouldDehydrateQuery(marketplace)).toBe(true);
    expect(shouldDehydrateQuery(availability)).toBe(false);
  });
});
