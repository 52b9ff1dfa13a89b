import { createQueryClient, type Marketplace, marketplaceQueryOptions } from '@atrium/graphql-client';
import { $selectedLocation } from '@atrium/stores';
import { describe, expect, it } from 'vitest';
import { createClientValuesScope } from './client-values-scope';
import { renderPageContent } from './page-content';
import { fakeMarketplace } from './test-support';

const marketplace = fakeMarketplace('5') as unknown as Marketplace;

function ServicesPage() {
  return <p>Pick a service at {$selectedLocation.get()?.address ?? 'no address'}</p>;
}

describe("a page's content on the server", () => {
  it("is the host's app with the remote page in it, rendered with the request's values, and the booking's title", async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(marketplaceQueryOptions('5').queryKey, marketplace);
    const location = { latitude: 39.75, longitude: -104.97, address: '1 Main St' };
    const content = await renderPageContent({
      withClientValues: createClientValuesScope(),
      clientValues: { 'marketplace-id': '"5"', 'selected-location': JSON.stringify(location) },
      queryClient,
      url: new URL('http://host.example/5/services?category=2'),
      marketplaceId: '5',
      marketplace,
      page: { remote: 'catalog', module: 'ServicesPage', title: 'Select a Service', rendersOnServer: true },
      module: { default: ServicesPage },
    });
    expect(content.body).toContain('<p>Pick a service at <!-- -->1 Main St</p>');
    expect(content.title).toBe('Select a Service | Mobile Visit | Marketplace 5');
    // The stores are the whole process's: back to the defaults once the page is rendered.
    expect($selectedLocation.get()).toBeNull();
  });
});
