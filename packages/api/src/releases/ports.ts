import type { Db } from '../kernel/database/database';
import type { Logger } from '../kernel/logger';

/** What the release registry needs, for the whole process. */
export interface ReleasePorts {
  db: Db;
  /** Injectable so tests can move past the failure window. */
  clock: () => Date;
  /** Origins a release's entry may come from (REMOTE_ORIGINS). */
  remoteOrigins: readonly string[];
  /** Distinct browsers whose failures within an hour take a canary out of rotation. */
  canaryFailureLimit: number;
  /** ...and the share (percent) of the browsers sent to the canary within the hour they must be. */
  canaryFailureSharePercent: number;
}

/** The registry's ports plus what the current HTTP request presented. */
export interface ReleasesContext extends ReleasePorts {
  log: Logger;
  /** The request's IP address (the rate limit's key, and the reporter without a browser cookie). */
  clientIp: string;
  /** The browser id the request's `atrium-browser` cookie holds, if the host signed it. */
  browserId: () => Promise<string | null>;
}
