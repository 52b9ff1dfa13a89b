import { createGazetteerPlaceSearch } from './gazetteer-place-search';
import { createGooglePlaceSearch } from './google-place-search';
import type { PlaceSearch } from './place-search';

/**
 * Google Places when a Maps key is configured, the embedded gazetteer otherwise (which ranks places
 * near the marketplace first).
 */
export function createPlaceSearch({
  googleMapsApiKey,
  marketplaceId = null,
}: {
  googleMapsApiKey: string | null;
  marketplaceId?: string | null;
}): PlaceSearch {
  return googleMapsApiKey
    ? createGooglePlaceSearch(googleMapsApiKey)
    : createGazetteerPlaceSearch(marketplaceId);
}
