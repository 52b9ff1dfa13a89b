import type { ZipCode } from 'zipcodes';
import type { Coordinates } from '../../service-area';
import { distanceKm } from '../../service-area';
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

/** How far from the marketplace a city still counts as its own for ranking suggestions. */
const nearbyKm = 150;
/** How many of the biggest prefix matches are ranked by nearness (the rest are too small to matter). */
const rankedMatches = 200;

/** Cities within reach of `near` first, each group in the order given (biggest first). */
function nearFirst(cities: GazetteerCity[], near: Coordinates | null): GazetteerCity[] {
  if (!near) return cities;
  const close = cities.filter((city) => distanceKm(near, city) <= nearbyKm);
  return [...close, ...cities.filter((city) => !close.includes(city))];
}

function matchCities(
  index: GazetteerIndex,
  query: AddressQuery,
  limit: number,
  near: Coordinates | null,
): GazetteerCity[] {
  const prefix = query.city.toLowerCase();
  if (!prefix) return [];
  // Exact names first ("Austin" before "Austinburg"), each group near the marketplace first, then biggest.
  const exact: GazetteerCity[] = [];
  const longer: GazetteerCity[] = [];
  const wanted = near ? rankedMatches : limit;
  for (const city of index.cities) {
    if (query.state && city.state !== query.state) continue;
    if (city.key === prefix) exact.push(city);
    else if (city.key.startsWith(prefix) && longer.length < wanted) longer.push(city);
  }
  return [...nearFirst(exact, near), ...nearFirst(longer, near)].slice(0, limit);
}

/** Words that end or qualify a street line (USPS suffixes, directions, units), never a city's first. */
const streetWords = new Set(
  'st street ave av avenue rd road blvd boulevard dr drive ln lane way ct court pl place pkwy parkway hwy highway ter terrace cir circle sq square trl trail n s e w ne nw se sw apt suite ste unit fl floor'.split(
    ' ',
  ),
);

/** APO and FPO 'states': military post offices, no place to send a practitioner to. */
const militaryStates = new Set(['AA', 'AE', 'AP']);

/** A street line typed without a comma after it: a house number, then at least one word. */
const streetFirst = /^\d+[a-z]?\s+\S/i;

/**
 * A street line typed alone ("350 5th Ave") or followed by a city without a comma ("350 5th Ave New
 * York"): the city is the longest run of last words that names one, and without one the street is
 * offered in the biggest cities, so the client picks theirs (or types it after a comma) instead of
 * being told nothing matches (the biggest by number of ZIP codes, as city search ranks them). The gazetteer knows no streets: the street line is kept as typed.
 */
function suggestStreetFirst(
  index: GazetteerIndex,
  query: AddressQuery,
  limit: number,
  near: Coordinates | null,
): PlaceSuggestion[] {
  const words = query.city.split(' ');
  for (let cut = 2; cut < words.length; cut++) {
    // "Ave" is the street's, not the start of Avella, PA.
    if (streetWords.has((words[cut] ?? '').toLowerCase().replace(/\.$/, ''))) continue;
    const cities = matchCities(index, { ...query, city: words.slice(cut).join(' ') }, limit, near);
    const street = words.slice(0, cut).join(' ');
    if (cities.length > 0) {
      return cities.map((city) =>
        suggestion({ kind: 'city', city: city.city, state: city.state, street }, city.city, city.state),
      );
    }
  }
  const biggest = index.cities
    .filter((city) => (query.state ? city.state === query.state : !militaryStates.has(city.state)))
    .slice(0, near ? rankedMatches : limit);
  return nearFirst(biggest, near)
    .slice(0, limit)
    .map((city) =>
      suggestion(
        { kind: 'city', city: city.city, state: city.state, street: query.city },
        city.city,
        city.state,
      ),
    );
}

function suggestFrom(
  index: GazetteerIndex,
  input: string,
  limit: number,
  near: Coordinates | null = null,
): PlaceSuggestion[] {
  const query = parseAddressQuery(input);
  // "350 5th Ave 10118": the street before a ZIP code needs no comma either.
  const streetBeforeZip = query.zip && !query.street && streetFirst.test(query.city) ? query.city : null;
  const street = query.street ?? streetBeforeZip ?? undefined;
  if (!query.zip && !query.street && streetFirst.test(query.city))
    return suggestStreetFirst(index, query, limit, near);
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
  return matchCities(index, query, limit, near).map((city) =>
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
    // The street is the one the client typed: the gazetteer checks only its city or ZIP code.
    hasStreet: Boolean(ref.street),
    latitude: found.latitude,
    longitude: found.longitude,
    zipCode: code?.zip ?? (city?.zips.length === 1 ? (city.zips[0] ?? null) : null),
  };
}

/**
 * Embedded geocoder: an offline US ZIP gazetteer from the `zipcodes` npm package (ZIP code, city,
 * state and the ZIP's centroid; no streets).
 */
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
    async suggest(input, limit, near) {
      return suggestFrom(await searchIndex(), input, limit, near ?? null);
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
    // ZIP centroids are all the gazetteer has (no streets, no house numbers): a point gets its
    // city and ZIP code, marked as having no street so the client is asked to add theirs.
    async reverse(point) {
      const code = await nearest(point);
      if (!code) return null;
      return {
        address: cityLine(code.city, code.state, code.zip),
        hasStreet: false,
        ...point,
        zipCode: code.zip,
      };
    },
  };
}
