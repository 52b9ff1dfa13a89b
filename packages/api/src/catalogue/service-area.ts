export interface Coordinates {
  latitude: number;
  longitude: number;
}

/** Where a marketplace sends practitioners to clients' homes: a circle, a set of ZIP codes, or both. */
export interface ServiceArea {
  center: Coordinates | null;
  radiusKm: number | null;
  zipCodes: string[];
}

const earthRadiusKm = 6371.0088;

/** Great-circle distance in kilometres (haversine). */
export function distanceKm(from: Coordinates, to: Coordinates): number {
  const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLatitude = toRadians(to.latitude - from.latitude);
  const dLongitude = toRadians(to.longitude - from.longitude);
  const a =
    Math.sin(dLatitude / 2) ** 2 +
    Math.cos(toRadians(from.latitude)) * Math.cos(toRadians(to.latitude)) * Math.sin(dLongitude / 2) ** 2;
  return 2 * earthRadiusKm * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * True when the point is inside the circle, or its ZIP code (from `zipCodeAt`) is one of the area's.
 * The ZIP lookup runs only when the circle does not already decide.
 */
export async function isInsideServiceArea(
  area: ServiceArea,
  point: Coordinates,
  zipCodeAt: (point: Coordinates) => Promise<string | null>,
): Promise<boolean> {
  if (area.center && area.radiusKm !== null && distanceKm(area.center, point) <= area.radiusKm) return true;
  if (area.zipCodes.length === 0) return false;
  const zipCode = await zipCodeAt(point);
  return zipCode !== null && area.zipCodes.includes(zipCode);
}
