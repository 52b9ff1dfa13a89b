import type { Coordinates } from '../../services/service-area';
import { distanceKm } from '../../services/service-area';
import type { Geocoder } from './geocoder';

// The gazetteer knows ZIP centroids, not boundaries: a point takes the nearest centroid's ZIP, unless
// that centroid is so far away that the point is plainly outside every US ZIP (at sea, abroad).
const farthestCentroidKm = 40;

/** Embedded geocoder: an offline US ZIP gazetteer from the `zipcodes` npm package. */
export function createGazetteerGeocoder(): Geocoder {
  let gazetteer: Promise<typeof import('zipcodes')['default']> | undefined;
  return {
    async zipCodeAt(point: Coordinates) {
      // Several megabytes of data: load on first use, not at start-up.
      gazetteer ??= import('zipcodes').then((module) => module.default);
      const nearest = (await gazetteer).lookupByCoords(point.latitude, point.longitude);
      if (!nearest) return null;
      const centroid = { latitude: nearest.latitude, longitude: nearest.longitude };
      return distanceKm(point, centroid) <= farthestCentroidKm ? nearest.zip : null;
    },
  };
}
