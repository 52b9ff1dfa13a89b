import type { Coordinates } from '../../services/service-area';

/** The geocoding port. Grows with address search in later features. */
export interface Geocoder {
  /** The US ZIP code a point lies in, or null when it cannot be told. */
  zipCodeAt(point: Coordinates): Promise<string | null>;
}
