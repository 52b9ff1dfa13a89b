// '@atrium/graphql-client/places': address search. An entry of its own, bundled only by the pages
// that search places, rather than part of the shared client every page loads.
export { createPlaceSearch } from './create-place-search';
export { fetchGeocode, fetchPlaceSuggestions, fetchReverseGeocode } from './operations';
export type { PlaceOption, PlaceSearch, ResolvedPlace } from './place-search';
export {
  PLACE_SEARCH_DEBOUNCE_MS,
  PLACE_SEARCH_MAX_RESULTS,
  PLACE_SEARCH_MIN_CHARS,
  UNABLE_TO_GET_ADDRESS,
} from './place-search';
