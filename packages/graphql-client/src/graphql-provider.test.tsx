import { useQuery, useQueryClient } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { GraphQLProvider } from './graphql-provider';
import { createQueryClient, QUERY_CACHE_STORAGE_KEY } from './query-client';

// No vitest globals, so Testing Library cannot register its own cleanup.
afterEach(cleanup);

function StaleTime() {
  return <p>staleTime {String(useQueryClient().getDefaultOptions().queries?.staleTime)}</p>;
}

describe('GraphQLProvider', () => {
  it('renders its children with a query client holding the spec defaults', () => {
    render(
      <GraphQLProvider storage={localStorage}>
        <StaleTime />
      </GraphQLProvider>,
    );
    expect(screen.getByText('staleTime 300000')).toBeTruthy();
  });

  it('provides the query client it is given', () => {
    const queryClient = createQueryClient();
    let provided: unknown;
    function Probe() {
      provided = useQueryClient();
      return null;
    }
    render(
      <GraphQLProvider queryClient={queryClient}>
        <Probe />
      </GraphQLProvider>,
    );
    expect(provided).toBe(queryClient);
  });

  it('drops a cache persisted by an earlier page load and persists this one as it changes', async () => {
    localStorage.setItem(
      QUERY_CACHE_STORAGE_KEY,
      JSON.stringify({
        timestamp: Date.now() - 60_000,
        buster: '',
        clientState: {
          mutations: [],
          queries: [
            {
              queryKey: ['earlier'],
              queryHash: '["earlier"]',
              state: { data: 'stale', status: 'success', dataUpdatedAt: Date.now() - 60_000 },
            },
          ],
        },
      }),
    );
    const queryClient = createQueryClient();
    render(
      <GraphQLProvider queryClient={queryClient} storage={localStorage}>
        <p>page</p>
      </GraphQLProvider>,
    );
    await waitFor(() => expect(localStorage.getItem(QUERY_CACHE_STORAGE_KEY)).toBeNull());
    expect(queryClient.getQueryData(['earlier'])).toBeUndefined();

    act(() => queryClient.setQueryData(['now'], 'fresh'));
    await waitFor(() => expect(localStorage.getItem(QUERY_CACHE_STORAGE_KEY)).toContain('fresh'), {
      timeout: 3000,
    });
  });

  it('renders the page once: starting persistence does not render it again', async () => {
    let renders = 0;
    function Page() {
      renders += 1;
      useQuery({ queryKey: ['page'], queryFn: () => 'data', enabled: false });
      return <p>page</p>;
    }
    render(
      <GraphQLProvider storage={localStorage}>
        <Page />
      </GraphQLProvider>,
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(renders).toBe(1);
  });
});
