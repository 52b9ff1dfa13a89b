import { createQueryClient, GraphQLProvider, useMarketplace } from '@atrium/graphql-client';
import { BrowserRouter, Outlet, Route, Routes, useParams } from '@atrium/navigation';
import { AtriumUiProvider, Container, Heading, Link, Stack, Text } from '@atrium/ui';
import type { ReactElement } from 'react';
import { createRoot } from 'react-dom/client';

export interface StandaloneRoute {
  path: string;
  element: ReactElement;
}

/**
 * Development only: mounts a remote's pages on its own dev server, in a minimal shell that gives
 * them what the host would (query client, branding of the marketplace in the URL, router).
 * Open e.g. http://localhost:3001/1/services with the API running on :4000.
 */
export function mountStandalone(remoteName: string, routes: StandaloneRoute[]) {
  const container = document.getElementById('root');
  if (!container) return;
  createRoot(container).render(
    <GraphQLProvider queryClient={createQueryClient()}>
      <BrowserRouter>
        <Routes>
          <Route path=":marketplaceId" element={<StandaloneLayout />}>
            {routes.map((route) => (
              <Route key={route.path} path={route.path} element={route.element} />
            ))}
          </Route>
          <Route path="*" element={<Index remoteName={remoteName} routes={routes} />} />
        </Routes>
      </BrowserRouter>
    </GraphQLProvider>,
  );
}

function StandaloneLayout() {
  const { marketplaceId = '' } = useParams();
  const marketplace = useMarketplace(marketplaceId);
  return (
    <AtriumUiProvider primaryColor={marketplace.data?.primaryColor}>
      <Container maxW="5xl" py="8">
        <Outlet />
      </Container>
    </AtriumUiProvider>
  );
}

function Index({ remoteName, routes }: { remoteName: string; routes: StandaloneRoute[] }) {
  return (
    <AtriumUiProvider>
      <Container maxW="3xl" py="8">
        <Stack gap="3">
          <Heading>Atrium {remoteName} (standalone)</Heading>
          <Text>Pages of this remote for demo marketplace 1:</Text>
          {routes.map((route) => (
            <Link key={route.path} href={`/1/${route.path}`}>
              /1/{route.path}
            </Link>
          ))}
        </Stack>
      </Container>
    </AtriumUiProvider>
  );
}
