import { fetchGeocode, fetchPlaceSuggestions, fetchReverseGeocode } from './operations';
import { PLACE_SEARCH_MAX_RESULTS, PLACE_SEARCH_MIN_CHARS, type PlaceSearch } from './place-search';

/**
 * Place search through the API's embedded US gazetteer (works offline, no key needed); with a
 * marketplace, places near where it works come first.
 */
export function createGazetteerPlaceSearch(marketplaceId: string | null = null): PlaceSearch {
  return {
    async suggest(input, options) {
      if (input.trim().length < PLACE_SEARCH_MIN_CHARS) return [];
      const suggestions = await fetchPlaceSuggestions(input, marketplaceId, options);
      return suggestions.slice(0, PLACE_SEARCH_MAX_RESULTS).map((s) => ({
        id: s.placeId,
        description: s.description,
        mainText: s.mainText,
        secondaryText: s.secondaryText ?? null,
      }));
    },
    async resolve(option) {
      const { address, hasStreet, latitude, longitude } = await fetchGeocode({ placeId: option.id });
      return { address, hasStreet, latitude, longitude };
    },
    async reverse({ latitude, longitude }) {
      const place = await fetchReverseGeocode(latitude, longitude);
      return { address: place.address, hasStreet: place.hasStreet, latitude, longitude };
    },
  };
}
