import { useMarketplace } from '@atrium/graphql-client';
import { useParams } from '@atrium/navigation';
import { $proceduresFilter, $selectedLocation } from '@atrium/stores';
import { useStore } from '@nanostores/react';

/** The marketplace of the current page, without a location filter (branding, clinics). */
export function useCurrentMarketplace() {
  const { marketplaceId = '' } = useParams();
  return useMarketplace(marketplaceId);
}

/** The catalogue offered at the chosen location (the whole catalogue when none is chosen). */
export function useOfferedCatalog() {
  const { marketplaceId = '' } = useParams();
  const location = useStore($selectedLocation);
  return { location, query: useMarketplace(marketplaceId, useStore($proceduresFilter)) };
}
