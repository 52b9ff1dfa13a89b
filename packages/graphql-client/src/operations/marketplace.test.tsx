import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { configureGraphQLClient, createGraphQLClient } from '../client';
import { GraphQLProvider } from '../graphql-provider';
import { createQueryClient } from '../query-client';
import { fakeFetch, jsonResponse } from '../test-fetch';
import { fetchMarketplace, marketplaceQueryOptions, useMarketplace } from './marketplace';

// No vitest globals, so Testing Library cannot register its own cleanup.
afterEach(cleanup);

const marketplace = { id: '1', name: 'Glow Mobile IV', primaryColor: '#0EA5E9' };

afterEach(() => {
  configureGraphQLClient({});
});

describe('marketplaceQueryOptions', () => {
  it('keys the cache by marketplace id and procedures input', () => {
    expect(marketplaceQueryOptions('1', { organizationId: '4' }).queryKey).toEqual([
      'marketplace',
      '1',
      { organizationId: '4' },
    ]);
  });

  it('keys the unfiltered marketplace with a null input', () => {
    expect(marketplaceQueryOptions('1').queryKey).toEqual(['marketplace', '1', null]);
  });
});

describe('fetchMarketplace', () => {
  it('asks for a marketplace, or its offer at a clinic, by a persisted GET that HTTP caches can keep', async () => {
    const { fetch, calls } = fakeFetch(() => jsonResponse({ data: { marketplace } }));
    const client = createGraphQLClient({ fetch });
    expect(await fetchMarketplace('1', null, { client })).toEqual(marketplace);
    await fetchMarketplace('1', { organizationId: '4' }, { client });
    expect(calls.map((call) => call.init.method)).toEqual(['GET', 'GET']);
    const variables = calls.map((call) =>
      new URL(call.url, 'http://localhost').searchParams.get('variables'),
    );
    expect(variables).toEqual([
      '{"id":"1","procedures":null}',
      '{"id":"1","procedures":{"organizationId":"4"}}',
    ]);
  });

  it('sends the Marketplace query narrowed to a home address by POST (no coordinates in URLs)', async () => {
    const { fetch, calls } = fakeFetch(() => jsonResponse({ data: { marketplace } }));
    const location = { location: { latitude: 30.27, longitude: -97.74 } };
    const result = await fetchMarketplace('1', location, { client: createGraphQLClient({ fetch }) });
    const body = JSON.parse(String(calls[0]?.init.body));
    expect(calls[0]?.init.method).toBe('POST');
    expect([body.operationName, body.variables, result]).toEqual([
      'Marketplace',
      { id: '1', procedures: location },
      marketplace,
    ]);
  });
});

describe('useMarketplace', () => {
  it('loads the marketplace through the page client', async () => {
    const { fetch, calls } = fakeFetch(() => jsonResponse({ data: { marketplace } }));
    configureGraphQLClient({ fetch });
    const queryClient = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <GraphQLProvider queryClient={queryClient} storage={localStorage}>
        {children}
      </GraphQLProvider>
    );

    const { result } = renderHook(() => useMarketplace('1'), { wrapper });

    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect([result.current.data, calls.length, calls[0]?.init.method]).toEqual([marketplace, 1, 'GET']);
    expect(queryClient.getQueryData(['marketplace', '1', null])).toEqual(marketplace);
  });
});
