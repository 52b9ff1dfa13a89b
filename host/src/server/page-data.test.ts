import type { RoutePageModule } from '@atrium/federation';
import { createQueryClient, type Marketplace } from '@atrium/graphql-client';
import { $marketplaceId, $selectedProcedures } from '@atrium/stores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClientValuesScope } from './client-values-scope';
import { preparePageData } from './page-data';
import { fakeMarketplace } from './test-support';

const cart = '[{"id":"501","addOnIds":[]}]';

function prepare(module: RoutePageModule, pageState: Record<string, string> | null) {
  const queryClient = createQueryClient();
  const data = preparePageData({
    withClientValues: createClientValuesScope(),
    pageState,
    pathname: '/5/services',
    marketplaceId: '5',
    marketplace: fakeMarketplace('5') as unknown as Marketplace,
    module,
    queryClient,
  });
  return { data, queryClient };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a page's data on the server", () => {
  it("is fetched with the browser's booking values, which the page then renders with", async () => {
    const prefetch = vi.fn(async () => $selectedProcedures.get());
    const { data, queryClient } = prepare(
      { default: () => null, prefetch },
      { 'marketplace-id': '"5"', 'selected-procedures': cart },
    );
    expect(await data).toEqual({ 'marketplace-id': '"5"', 'selected-procedures': cart });
    expect(prefetch).toHaveBeenCalledWith({ marketplaceId: '5', queryClient });
    await expect(prefetch.mock.results[0]?.value).resolves.toEqual([{ id: '501', addOnIds: [] }]);
    // The stores are the whole process's: back to the defaults once the page's turn is over.
    expect($marketplaceId.get()).toBeNull();
  });

  it("drops another marketplace's values, as the browser does, before fetching", async () => {
    const prefetch = vi.fn(async () => $selectedProcedures.get());
    const { data } = prepare(
      { default: () => null, prefetch },
      { 'marketplace-id': '"4"', 'selected-procedures': cart },
    );
    expect(await data).toEqual({ 'marketplace-id': '"5"' });
    await expect(prefetch.mock.results[0]?.value).resolves.toEqual([]);
  });

  it("is the marketplace's id alone for a new visitor", async () => {
    const { data } = prepare({ default: () => null }, null);
    expect(await data).toEqual({ 'marketplace-id': '"5"' });
  });

  it('is not fetched for a page that, with these values, is left to the browser', async () => {
    const prefetch = vi.fn(async () => undefined);
    const { data } = prepare({ default: () => null, prefetch, rendersOnServer: () => false }, null);
    expect(await data).toBeNull();
    expect(prefetch).not.toHaveBeenCalled();
  });

  it('still renders the page when fetching failed, and says so', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const failure = new Error('API down');
    const { data } = prepare({ default: () => null, prefetch: () => Promise.reject(failure) }, null);
    expect(await data).toEqual({ 'marketplace-id': '"5"' });
    expect(warn).toHaveBeenCalledWith('Prefetching /5/services failed.', failure);
  });
});
