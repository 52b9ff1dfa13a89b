import type { Geocoder } from './catalogue';
import type { CheckoutContext } from './checkout';
import type { IdentityContext } from './identity';
import type { Db } from './kernel/database/database';
import type { Logger } from './kernel/logger';
import type { ReleasesContext } from './releases';

/** What every resolver receives: the ports that services need. */
export interface GraphQLContext {
  db: Db;
  geocoder: Geocoder;
  /** Identity ports plus the request's session cookie, IP address and web origin. */
  identity: IdentityContext;
  /** Payments, the clock and operator key of checkout, plus the request's x-operator-key header. */
  checkout: CheckoutContext;
  /** The release registry's ports, plus the request's address and browser id (failure reports). */
  releases: ReleasesContext;
  /**
   * The request's logger: JSON lines carrying its `requestId`. Log ids and outcomes, never personal
   * data (emails, phones, addresses, card digits, passwords, tokens) in the message text.
   */
  log: Logger;
}
