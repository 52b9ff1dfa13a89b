import tzLookup from '@photostructure/tz-lookup';
import { InvalidInputError } from '../kernel/errors';
import type { GeocodedPlace, Geocoder, PlaceSuggestion } from './adapters/geocoding/geocoder';
import type { Coordinates } from './service-area';

/** Suggestions need at least 2 characters and are at most 10, as the address field asks for. */
export const minSuggestionInput = 2;
export const maxSuggestions = 10;
/** The message when an address cannot be geocoded (the address field shows it as it is). */
export const unableToGetAddress = 'Unable to get address. Please try again.';

export interface Place extends GeocodedPlace {
  /** IANA time zone of the coordinates, e.g. America/New_York. */
  timeZone: string;
}

export async function suggestPlaces(geocoder: Geocoder, input: string): Promise<PlaceSuggestion[]> {
  const text = input.trim();
  if (text.length < minSuggestionInput) return [];
  return geocoder.suggest(text.slice(0, 200), maxSuggestions);
}

const withTimeZone = (place: GeocodedPlace): Place => ({
  ...place,
  timeZone: tzLookup(place.latitude, place.longitude),
});

export async function geocodePlace(
  geocoder: Geocoder,
  query: { placeId?: string | null; address?: string | null },
): Promise<Place> {
  if (!query.placeId?.trim() && !query.address?.trim()) throw new InvalidInputError(unableToGetAddress);
  const place = await geocoder.geocode(query);
  if (!place) throw new InvalidInputError(unableToGetAddress);
  return withTimeZone(place);
}

export async function reverseGeocode(geocoder: Geocoder, point: Coordinates): Promise<Place> {
  const place = await geocoder.reverse(point);
  if (!place) throw new InvalidInputError(unableToGetAddress);
  return withTimeZone(place);
}
