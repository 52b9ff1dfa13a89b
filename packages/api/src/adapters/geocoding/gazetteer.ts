import type { ZipCode } from 'zipcodes';
import type { Coordinates } from '../../services/service-area';
import { distanceKm } from '../../services/service-area';
import { type AddressQuery, parseAddressQuery } from './address-query';
import { buildGazetteerIndex, cityKey, type GazetteerCity, type GazetteerIndex } from './gazetteer-index';
import type { GeocodedPlace, Geocoder, PlaceSuggestion } from './geocoder';

// The gazetteer knows ZIP centroids, not boundaries: a point takes the nearest centroid's ZIP, unless
// that centroid is so far away that the point is plainly outside every US ZIP (at sea, abroad).
const farthestCentroidKm = 40;

/** Where a suggestion points: a ZIP code or a city, with the street line the client typed. */
interface PlaceRef {
  kind: 'zip' | 'city';
  zip?: string;
  city?: string;
  state?: string;
  street?: string;
}

const encodePlaceId = (ref: PlaceRef) =>
  new URLSearchParams(
    Object.entries(ref).filter((entry): entry is [string, string] => Boolean(entry[1])),
  ).toString();

function decodePlaceId(placeId: string): PlaceRef | null {
  const params = new URLSearchParams(placeId);
  const kind = params.get('kind');
  if (kind !== 'zip' && kind !== 'city') return null;
  return {
    kind,
    zip: params.get('zip') ?? undefined,
    city: params.get('city') ?? undefined,
    state: params.get('state') ?? undefined,
    street: params.get('street') ?? undefined,
  };
}

const cityLine = (city: string, state: string, zip?: string | null) =>
  `${city}, ${state}${zip ? ` ${zip}` : ''}`;

function suggestion(ref: PlaceRef, city: string, state: string): PlaceSuggestion {
  const place = cityLine(city, state, ref.kind === 'zip' ? ref.zip : null);
  return {
    placeId: encodePlaceId(ref),
    description: ref.street ? `${ref.street}, ${place}` : place,
    mainText: ref.street ?? place,
    secondaryText: ref.street ? place : null,
  };
}

function matchCities(index: GazetteerIndex, query: AddressQuery, limit: number): GazetteerCity[] {
  const prefix = query.city.toLowerCase();
  if (!prefix) return [];
  // Exact names first ("Austin" before "Austinburg"), each group biggest first.
  const exact: GazetteerCity[] = [];
  const longer: GazetteerCity[] = [];
  for (const city of index.cities) {
    if (query.state && city.state !== query.state) continue;
    if (city.key === prefix) exact.push(city);
    else if (city.key.startsWith(prefix) && longer.length < limit) longer.push(city);
  }
  return [...exact, ...longer].slice(0, limit);
}

function suggestFrom(index: GazetteerIndex, input: string, limit: number): PlaceSuggestion[] {
  const query = parseAddressQuery(input);
  const street = query.street ?? undefined;
  if (query.zip) {
    const code = index.byZip.get(query.zip);
    return code ? [suggestion({ kind: 'zip', zip: code.zip, street }, code.city, code.state)] : [];
  }
  // Digits only: a ZIP code being typed.
  if (!street && /^\d{2,4}$/.test(query.city)) {
    return index.zips
      .filter((code) => code.zip.startsWith(query.city))
      .slice(0, limit)
      .map((code) => suggestion({ kind: 'zip', zip: code.zip }, code.city, code.state));
  }
  return matchCities(index, query, limit).map((city) =>
    suggestion({ kind: 'city', city: city.city, state: city.state, street }, city.city, city.state),
  );
}

function placeFor(index: GazetteerIndex, ref: PlaceRef): GeocodedPlace | null {
  let code: ZipCode | undefined;
  let city: GazetteerCity | undefined;
  if (ref.kind === 'zip' && ref.zip) code = index.byZip.get(ref.zip);
  if (ref.kind === 'city' && ref.city && ref.state) city = index.byCity.get(cityKey(ref.city, ref.state));
  const found = code ?? city;
  if (!found) return null;
  const line = cityLine(found.city, found.state, code?.zip ?? null);
  return {
    address: ref.street ? `${ref.street}, ${line}` : line,
    latitude: found.latitude,
    longitude: found.longitude,
    zipCode: code?.zip ?? (city?.zips.length === 1 ? (city.zips[0] ?? null) : null),
  };
}

/** Embedded geocoder: an offline US ZIP gazetteer from the `zipcodes` npm package. */
export function createGazetteerGeocoder(): Geocoder {
  let zipcodes: Promise<typeof import('zipcodes')['default']> | undefined;
  let index: Promise<GazetteerIndex> | undefined;
  // Several megabytes of data: load on first use, not at start-up.
  const data = () => {
    zipcodes ??= import('zipcodes').then((module) => module.default);
    return zipcodes;
  };
  const searchIndex = () => {
    index ??= data().then((module) => buildGazetteerIndex(module.codes));
    return index;
  };

  const nearest = async (point: Coordinates) => {
    const code = (await data()).lookupByCoords(point.latitude, point.longitude);
    if (code?.country !== 'US') return null;
    const centroid = { latitude: code.latitude, longitude: code.longitude };
    return distanceKm(point, centroid) <= farthestCentroidKm ? code : null;
  };

  return {
    async zipCodeAt(point) {
      return (await nearest(point))?.zip ?? null;
    },
    async suggest(input, limit) {
      return suggestFrom(await searchIndex(), input, limit);
    },
    async geocode({ placeId, address }) {
      const idx = await searchIndex();
      const ref = placeId ? decodePlaceId(placeId) : null;
      if (ref) return placeFor(idx, ref);
      if (!address) return null;
      const best = suggestFrom(idx, address, 1)[0];
      const bestRef = best ? decodePlaceId(best.placeId) : null;
      return bestRef ? placeFor(idx, bestRef) : null;
    },
    async reverse(point) {
      const code = await nearest(point);
      if (!code) return null;
      return { address: cityLine(code.city, code.state, code.zip), ...point, zipCode: code.zip };
    },
  };
}
