import type { ZipCode } from 'zipcodes';

/** A US city of the gazetteer, placed at one of its ZIP codes' centroids (cityPoint). */
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

/**
 * A US ZIP's centroid as the data has it, with a longitude typed without its minus sign put back
 * (10200 in New York is given at 73.95 E): the US lies west of Greenwich but for far Aleutian
 * islands, which have no ZIP code of their own.
 */
function usCentroid(code: ZipCode): ZipCode {
  return code.longitude > 0 ? { ...code, longitude: -code.longitude } : code;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1] ?? 0;
};

/**
 * Where a city's suggestion points: the centroid of its own ZIP code nearest to the median of its
 * ZIP codes' centroids, so always inside the city, and never pulled out of it by a far-off entry.
 */
function cityPoint(codes: ZipCode[]): { latitude: number; longitude: number } {
  const middle = {
    latitude: median(codes.map((c) => c.latitude)),
    longitude: median(codes.map((c) => c.longitude)),
  };
  const off = (code: ZipCode) =>
    (code.latitude - middle.latitude) ** 2 + (code.longitude - middle.longitude) ** 2;
  const nearest = codes.reduce((best, code) => (off(code) < off(best) ? code : best));
  return { latitude: nearest.latitude, longitude: nearest.longitude };
}

/** Builds the search index over the US entries of the `zipcodes` data (Canadian ones are left out). */
export function buildGazetteerIndex(codes: Record<string, ZipCode>): GazetteerIndex {
  const zips = Object.values(codes)
    .filter((code) => code.country === 'US')
    .map(usCentroid)
    .sort((a, b) => a.zip.localeCompare(b.zip));
  const cityCodes = new Map<string, ZipCode[]>();
  for (const code of zips) {
    const key = cityKey(code.city, code.state);
    const list = cityCodes.get(key);
    if (list) list.push(code);
    else cityCodes.set(key, [code]);
  }
  const byCity = new Map<string, GazetteerCity>();
  for (const [key, list] of cityCodes) {
    const [first] = list;
    if (!first) continue;
    byCity.set(key, {
      city: first.city,
      state: first.state,
      ...cityPoint(list),
      zips: list.map((code) => code.zip),
      key: first.city.toLowerCase(),
    });
  }
  const cities = [...byCity.values()].sort(
    (a, b) => b.zips.length - a.zips.length || a.key.localeCompare(b.key),
  );
  return { zips, byZip: new Map(zips.map((code) => [code.zip, code])), cities, byCity };
}
