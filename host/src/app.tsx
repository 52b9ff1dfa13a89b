import { GraphQLProvider } from '@atrium/graphql-client';
import { BrowserRouter, StaticRouter } from '@atrium/navigation';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { AppErrorBoundary } from './chrome/app-error-boundary';
import { announceStarted } from './chrome/early-interactions';
import { type LoadedRemoteModules, LoadedRemotes } from './federation/loaded-remotes';
import { AppRoutes } from './routes/app-routes';
import { PreparedTenant } from './tenant/prepare-tenant';

export interface AppProps {
  queryClient: QueryClient;
  /** Remote modules already loaded, rendered at once instead of behind a loading state. */
  loadedRemotes?: LoadedRemoteModules;
  /** On the server: the URL being rendered (path and query). In the browser: the address bar. */
  url?: string;
  /** The marketplace whose page was prepared before this first render (see prepareTenant). */
  preparedTenant?: string | null;
}

/** The whole site: data, routing and every route, in the browser or on the server. */
export function App({ queryClient, loadedRemotes = new Map(), url, preparedTenant = null }: AppProps) {
  // Once the whole page has rendered (or hydrated) in the browser, and its own effects have run.
  useEffect(() => {
    const timer = setTimeout(announceStarted, 0);
    return () => clearTimeout(timer);
  }, []);
  const routes = <AppRoutes />;
  return (
    <AppErrorBoundary>
      <GraphQLProvider queryClient={queryClient}>
        <PreparedTenant.Provider value={preparedTenant}>
          <LoadedRemotes.Provider value={loadedRemotes}>
            {url === undefined ? (
              <BrowserRouter>{routes}</BrowserRouter>
            ) : (
              <StaticRouter location={url}>{routes}</StaticRouter>
            )}
          </LoadedRemotes.Provider>
        </PreparedTenant.Provider>
      </GraphQLProvider>
    </AppErrorBoundary>
  );
}
