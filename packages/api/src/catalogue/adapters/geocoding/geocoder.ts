import type { Coordinates } from '../../service-area';

/** An address suggestion for what a client typed. */
export interface PlaceSuggestion {
  /** Opaque; hand it back to `geocode` to get coordinates. */
  placeId: string;
  /** The full address line, e.g. "350 5th Ave, New York, NY 10118". */
  description: string;
  /** The most specific part (street, or city), and the rest. */
  mainText: string;
  secondaryText: string | null;
}

export interface GeocodedPlace extends Coordinates {
  address: string;
  /** False when `address` is only a city or ZIP code line, with no street to send anyone to. */
  hasStreet: boolean;
  zipCode: string | null;
}

/** The geocoding port: address search, geocoding and reverse geocoding, US only. */
export interface Geocoder {
  /** The US ZIP code a point lies in, or null when it cannot be told. */
  zipCodeAt(point: Coordinates): Promise<string | null>;
  /** Up to `limit` suggestions for a partly typed address, best first (places near `near` first). */
  suggest(input: string, limit: number, near?: Coordinates | null): Promise<PlaceSuggestion[]>;
  /** Coordinates of a suggestion (by placeId) or of a typed address; null when it cannot be found. */
  geocode(query: { placeId?: string | null; address?: string | null }): Promise<GeocodedPlace | null>;
  /**
   * The address at a point (e.g. the browser's current position): the nearest street address the
   * data has, else the city and ZIP code (`hasStreet` false); null outside the US.
   */
  reverse(point: Coordinates): Promise<GeocodedPlace | null>;
}
