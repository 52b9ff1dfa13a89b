import type { QueryClient } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { type ReactNode, useState } from 'react';
import { createPersistOptions, createQueryClient } from './query-client';

export interface GraphQLProviderProps {
  /** The page's query client; one with the spec's defaults is created when omitted. */
  queryClient?: QueryClient;
  /** Storage for the persisted cache; localStorage by default. */
  storage?: Storage;
  children: ReactNode;
}

/** Provides TanStack Query with the spec's defaults and the cache persisted to localStorage. */
export function GraphQLProvider({ queryClient, storage, children }: GraphQLProviderProps) {
  // Created once per provider: a new client or persister on each render would drop the cache.
  const [client] = useState(() => queryClient ?? createQueryClient());
  const [persistOptions] = useState(() => createPersistOptions(storage));
  return (
    <PersistQueryClientProvider client={client} persistOptions={persistOptions}>
      {children}
    </PersistQueryClientProvider>
  );
}
