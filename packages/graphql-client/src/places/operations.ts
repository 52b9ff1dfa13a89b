// The place search queries (places.graphql). Imports the client through the package name so that it
// is the page's shared client, not a copy bundled with this entry.
import { execute, type RequestOptions } from '@atrium/graphql-client';
import { GeocodeDocument, PlaceSuggestionsDocument, ReverseGeocodeDocument } from '../generated/graphql';

export async function fetchPlaceSuggestions(
  input: string,
  marketplaceId: string | null,
  options?: RequestOptions,
) {
  return (await execute(PlaceSuggestionsDocument, { input, marketplaceId }, options)).placeSuggestions;
}

export async function fetchGeocode(query: { placeId?: string; address?: string }, options?: RequestOptions) {
  return (await execute(GeocodeDocument, query, options)).geocode;
}

export async function fetchReverseGeocode(latitude: number, longitude: number, options?: RequestOptions) {
  return (await execute(ReverseGeocodeDocument, { latitude, longitude }, options)).reverseGeocode;
}
