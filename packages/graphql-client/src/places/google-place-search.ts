/// <reference types="google.maps" />
import {
  PLACE_SEARCH_MAX_RESULTS,
  PLACE_SEARCH_MIN_CHARS,
  type PlaceSearch,
  UNABLE_TO_GET_ADDRESS,
} from './place-search';

/** Whether Google's address parts make a street address: a house number and a street. */
export const hasStreetIn = (components: readonly { types: readonly string[] }[] | null | undefined) =>
  Boolean(
    components?.some((c) => c.types.includes('street_number')) &&
      components.some((c) => c.types.includes('route')),
  );

/**
 * Place search through Google Places (Maps JavaScript API), loaded on first use with
 * @googlemaps/js-api-loader. Suggestions share a session token until one is resolved, as Google
 * bills per session.
 */
export function createGooglePlaceSearch(apiKey: string): PlaceSearch {
  let libraries:
    | Promise<{ places: google.maps.PlacesLibrary; geocoding: google.maps.GeocodingLibrary }>
    | undefined;
  let session: google.maps.places.AutocompleteSessionToken | undefined;

  const load = () => {
    libraries ??= import('@googlemaps/js-api-loader').then(async ({ setOptions, importLibrary }) => {
      setOptions({ key: apiKey, v: 'weekly', language: 'en', region: 'US' });
      const [places, geocoding] = await Promise.all([importLibrary('places'), importLibrary('geocoding')]);
      return { places, geocoding };
    });
    return libraries;
  };

  return {
    async suggest(input) {
      if (input.trim().length < PLACE_SEARCH_MIN_CHARS) return [];
      const { places } = await load();
      session ??= new places.AutocompleteSessionToken();
      const { suggestions } = await places.AutocompleteSuggestion.fetchAutocompleteSuggestions({
        input,
        includedRegionCodes: ['us'],
        language: 'en',
        sessionToken: session,
      });
      return suggestions
        .flatMap(({ placePrediction: p }) =>
          p
            ? [
                {
                  id: p.placeId,
                  description: p.text.text,
                  mainText: p.mainText?.text ?? p.text.text,
                  secondaryText: p.secondaryText?.text ?? null,
                },
              ]
            : [],
        )
        .slice(0, PLACE_SEARCH_MAX_RESULTS);
    },
    async resolve(option) {
      const { places } = await load();
      const place = new places.Place({ id: option.id });
      await place.fetchFields({ fields: ['formattedAddress', 'location', 'addressComponents'] });
      session = undefined;
      if (!place.location) throw new Error(UNABLE_TO_GET_ADDRESS);
      return {
        address: place.formattedAddress ?? option.description,
        hasStreet: hasStreetIn(place.addressComponents),
        latitude: place.location.lat(),
        longitude: place.location.lng(),
      };
    },
    async reverse({ latitude, longitude }) {
      const { geocoding } = await load();
      const { results } = await new geocoding.Geocoder().geocode({
        location: { lat: latitude, lng: longitude },
      });
      // Results come most precise first; the nearest street address, where Google has one.
      const street = results.find((result) => hasStreetIn(result.address_components));
      const best = street ?? results[0];
      if (!best) throw new Error(UNABLE_TO_GET_ADDRESS);
      return { address: best.formatted_address, hasStreet: street !== undefined, latitude, longitude };
    },
  };
}
