import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { GraphQLProvider } from './graphql-provider';

/** A renderHook wrapper giving hooks the package's provider over `queryClient` (no persistence by default). */
export function wrapperFor(queryClient: QueryClient, storage?: Storage) {
  return ({ children }: { children: ReactNode }) => (
    <GraphQLProvider queryClient={queryClient} storage={storage}>
      {children}
    </GraphQLProvider>
  );
}
