import type { RuntimeConfig } from '@atrium/federation';
import { configureGraphQLClient, createQueryClient, GraphQLProvider } from '@atrium/graphql-client';
import { BrowserRouter } from '@atrium/navigation';
import { useState } from 'react';
import { AppErrorBoundary } from './chrome/app-error-boundary';
import { AppRoutes } from './routes/app-routes';

export function App({ config }: { config: RuntimeConfig }) {
  const [queryClient] = useState(() => {
    configureGraphQLClient({ endpoint: config.graphqlEndpoint });
    return createQueryClient();
  });
  return (
    <AppErrorBoundary>
      <GraphQLProvider queryClient={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </GraphQLProvider>
    </AppErrorBoundary>
  );
}
