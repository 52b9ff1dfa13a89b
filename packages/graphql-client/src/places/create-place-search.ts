import { createGazetteerPlaceSearch } from './gazetteer-place-search';
import { createGooglePlaceSearch } from './google-place-search';
import type { PlaceSearch } from './place-search';

/** Google Places when a Maps key is configured, the embedded gazetteer otherwise. */
export function createPlaceSearch({ googleMapsApiKey }: { googleMapsApiKey: string | null }): PlaceSearch {
  return googleMapsApiKey ? createGooglePlaceSearch(googleMapsApiKey) : createGazetteerPlaceSearch();
}
