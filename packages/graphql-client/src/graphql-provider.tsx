import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { persistQueryClient } from '@tanstack/react-query-persist-client';
import { type ReactNode, useEffect, useState } from 'react';
import { createPersistOptions, createQueryClient } from './query-client';

export interface GraphQLProviderProps {
  /** The page's query client; one with the spec's defaults is created when omitted. */
  queryClient?: QueryClient;
  /** Storage for the persisted cache; localStorage by default. */
  storage?: Storage;
  children: ReactNode;
}

/**
 * Provides TanStack Query with the spec's defaults and the cache persisted to localStorage.
 *
 * Persisting starts after mount, outside React state: with the spec's persisted age of 0 a snapshot
 * found at start-up is only ever dropped, so there is nothing to wait for, and the page is not
 * rendered a second time when that is done (as PersistQueryClientProvider's "restoring" flag would).
 */
export function GraphQLProvider({ queryClient, storage, children }: GraphQLProviderProps) {
  // Created once per provider: a new client on each render would drop the cache.
  const [client] = useState(() => queryClient ?? createQueryClient());
  useEffect(() => {
    const [unsubscribe] = persistQueryClient({ queryClient: client, ...createPersistOptions(storage) });
    return unsubscribe;
  }, [client, storage]);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
