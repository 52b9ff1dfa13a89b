import type { ZipCode } from 'zipcodes';

/** A US city of the gazetteer: the centroid of its ZIP codes' centroids. */
export interface GazetteerCity {
  city: string;
  state: string;
  latitude: number;
  longitude: number;
  zips: string[];
  /** Lower-cased for matching. */
  key: string;
}

export interface GazetteerIndex {
  zips: ZipCode[];
  byZip: Map<string, ZipCode>;
  /** Biggest first (by number of ZIP codes, a fair stand-in for size). */
  cities: GazetteerCity[];
  byCity: Map<string, GazetteerCity>;
}

export const cityKey = (city: string, state: string) => `${city.toLowerCase()}|${state.toLowerCase()}`;

/** Builds the search index over the US entries of the `zipcodes` data (Canadian ones are left out). */
export function buildGazetteerIndex(codes: Record<string, ZipCode>): GazetteerIndex {
  const zips = Object.values(codes)
    .filter((code) => code.country === 'US')
    .sort((a, b) => a.zip.localeCompare(b.zip));
  const byCity = new Map<string, GazetteerCity>();
  for (const code of zips) {
    const key = cityKey(code.city, code.state);
    const city = byCity.get(key);
    if (city) {
      const n = city.zips.push(code.zip);
      city.latitude += (code.latitude - city.latitude) / n;
      city.longitude += (code.longitude - city.longitude) / n;
    } else {
      byCity.set(key, {
        city: code.city,
        state: code.state,
        latitude: code.latitude,
        longitude: code.longitude,
        zips: [code.zip],
        key: code.city.toLowerCase(),
      });
    }
  }
  const cities = [...byCity.values()].sort(
    (a, b) => b.zips.length - a.zips.length || a.key.localeCompare(b.key),
  );
  return { zips, byZip: new Map(zips.map((code) => [code.zip, code])), cities, byCity };
}
