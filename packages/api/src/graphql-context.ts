import type { Db } from './adapters/database/database';
import type { Geocoder } from './adapters/geocoding/geocoder';

/** What every resolver receives: the ports that services need. */
export interface GraphQLContext {
  db: Db;
  geocoder: Geocoder;
}
