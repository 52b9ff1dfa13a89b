/** One address suggestion, whichever service made it. */
export interface PlaceOption {
  id: string;
  description: string;
  mainText: string;
  secondaryText: string | null;
}

/** A place with coordinates: what a home location needs. */
export interface ResolvedPlace {
  address: string;
  /**
   * False when `address` is only a city or ZIP code line (the embedded gazetteer knows no streets,
   * Google may find no street at a point): a client's own address then needs its street added.
   */
  hasStreet: boolean;
  latitude: number;
  longitude: number;
}

/**
 * Address search behind one interface (/set-location, the profile's autofill): the embedded
 * US gazetteer through the API, or Google Places when a Maps key is configured. US and English only.
 */
export interface PlaceSearch {
  /** Suggestions for what was typed: none under 2 characters, at most 10. */
  suggest(input: string, options?: { signal?: AbortSignal }): Promise<PlaceOption[]>;
  /** Coordinates of a chosen suggestion. */
  resolve(option: PlaceOption): Promise<ResolvedPlace>;
  /** The nearest street address to a point (the browser's current position), else its city. */
  reverse(point: { latitude: number; longitude: number }): Promise<ResolvedPlace>;
}

/** The generic widget needs 2 characters and shows at most 10 suggestions. */
export const PLACE_SEARCH_MIN_CHARS = 2;
export const PLACE_SEARCH_MAX_RESULTS = 10;
/** Suggestions are asked for 300 ms after the last keystroke. */
export const PLACE_SEARCH_DEBOUNCE_MS = 300;
/** The message when an address cannot be looked up or geocoded. */
export const UNABLE_TO_GET_ADDRESS = 'Unable to get address. Please try again.';
