import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { MutationCache, QueryCache, QueryClient, type QueryKey } from '@tanstack/react-query';
import type { PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
import { errorCode } from './errors';

const FIVE_MINUTES_MS = 5 * 60 * 1000;

/** No retries, no refetch on mount, reconnect or focus; data stale and collected after 5 minutes. */
export const QUERY_DEFAULTS = {
  retry: false,
  refetchOnMount: false,
  refetchOnReconnect: false,
  refetchOnWindowFocus: false,
  staleTime: FIVE_MINUTES_MS,
  gcTime: FIVE_MINUTES_MS,
} as const;

/** The persisted cache is written at most once per second. */
export const PERSIST_THROTTLE_MS = 1000;

/** localStorage key of the persisted query cache (cleared with the rest on a marketplace change). */
export const QUERY_CACHE_STORAGE_KEY = 'query-cache';

/**
 * The persisted age is overridden to 0, read as the persister's maxAge: a restored snapshot
 * older than maxAge is discarded, so with 0 every snapshot found at start-up is dropped (and removed)
 * rather than shown. The cache is still written as it changes, but a new page load always asks the
 * server, never showing another session's stale catalogue or user.
 */
export const PERSIST_MAX_AGE_MS = 0;

/** First part of the key of the signed-in user's query (the viewer of a group, `['viewer', mgId]`). */
const VIEWER_QUERY = 'viewer';

export function createQueryClient(): QueryClient {
  // A call refused with UNAUTHENTICATED may mean the session ended on the server (a password reset
  // elsewhere, expiry, revocation): the viewer is asked again, and its answer tells the app, which
  // then forgets the signed-in person's values (syncViewer). The viewer's own refusal is that answer.
  const recheckSession = (error: unknown, queryKey?: QueryKey) => {
    if (errorCode(error) !== 'UNAUTHENTICATED' || queryKey?.[0] === VIEWER_QUERY) return;
    void queryClient.invalidateQueries({ queryKey: [VIEWER_QUERY] });
  };
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => recheckSession(error, query.queryKey) }),
    mutationCache: new MutationCache({ onError: (error) => recheckSession(error) }),
    defaultOptions: {
      queries: { ...QUERY_DEFAULTS },
      mutations: { retry: false },
    },
  });
  return queryClient;
}

function browserLocalStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    // Some privacy modes throw on any access to localStorage.
    return undefined;
  }
}

/** Persister of the query cache in localStorage, throttled to one write per second. */
export function createQueryPersister(storage: Storage | undefined = browserLocalStorage()) {
  return createSyncStoragePersister({
    storage,
    key: QUERY_CACHE_STORAGE_KEY,
    throttleTime: PERSIST_THROTTLE_MS,
  });
}

/**
 * Options for PersistQueryClientProvider / persistQueryClient. Successful queries are
 * persisted, except those marked `meta: { persist: false }` (availability is never kept).
 */
export function createPersistOptions(storage?: Storage): Omit<PersistQueryClientOptions, 'queryClient'> {
  return {
    persister: createQueryPersister(storage),
    maxAge: PERSIST_MAX_AGE_MS,
    dehydrateOptions: {
      shouldDehydrateQuery: (query) => query.state.status === 'success' && query.meta?.persist !== false,
    },
  };
}
