// The catalogue context's public entry: what other contexts, the composition root and tests use of it.
export { createGazetteerGeocoder } from './adapters/geocoding/gazetteer';
export type { Geocoder } from './adapters/geocoding/geocoder';
export type { Coordinates } from './service-area';
export { isInsideServiceArea } from './service-area';
export type { CheckoutNoteOptions } from './tables';
export {
  checkoutNoteDefinitions,
  checkoutNoteTypes,
  clinics,
  procedureAddOns,
  procedureClinics,
  procedureGroups,
  procedures,
} from './tables';
