import tzLookup from '@photostructure/tz-lookup';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../kernel/database/database';
import { InvalidInputError } from '../kernel/errors';
import { marketplaces } from '../kernel/tables';
import type { GeocodedPlace, Geocoder, PlaceSuggestion } from './adapters/geocoding/geocoder';
import type { Coordinates } from './service-area';
import { clinics } from './tables';

/** Suggestions need at least 2 characters and are at most 10, as the address field asks for. */
export const minSuggestionInput = 2;
export const maxSuggestions = 10;
/** The message when an address cannot be geocoded (the address field shows it as it is). */
export const unableToGetAddress = 'Unable to get address. Please try again.';

export interface Place extends GeocodedPlace {
  /** IANA time zone of the coordinates, e.g. America/New_York. */
  timeZone: string;
}

/** Suggestions for what a client typed, those near the marketplace (when one is named) first. */
export async function suggestPlaces(
  db: Db,
  geocoder: Geocoder,
  input: string,
  marketplaceId: number | null = null,
): Promise<PlaceSuggestion[]> {
  const text = input.trim();
  if (text.length < minSuggestionInput) return [];
  const near = marketplaceId === null ? null : await marketplaceCentre(db, marketplaceId);
  return geocoder.suggest(text.slice(0, 200), maxSuggestions, near);
}

/** Where a marketplace works: its at-home service area's centre, else its first clinic; null if neither. */
async function marketplaceCentre(db: Db, marketplaceId: number): Promise<Coordinates | null> {
  const [area] = await db
    .select({ latitude: marketplaces.serviceAreaLatitude, longitude: marketplaces.serviceAreaLongitude })
    .from(marketplaces)
    .where(eq(marketplaces.id, marketplaceId));
  if (area?.latitude != null && area.longitude != null)
    return { latitude: area.latitude, longitude: area.longitude };
  const [clinic] = await db
    .select({ latitude: clinics.latitude, longitude: clinics.longitude })
    .from(clinics)
    .where(eq(clinics.marketplaceId, marketplaceId))
    .orderBy(asc(clinics.position), asc(clinics.id))
    .limit(1);
  return clinic ?? null;
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
