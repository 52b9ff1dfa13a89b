import type { Db } from '../../adapters/database/database';
import type { Logger } from '../../logger';

/** What the release registry needs, for the whole process. */
export interface ReleasePorts {
  db: Db;
  /** Injectable so tests can move past the failure window. */
  clock: () => Date;
  /** Origins a release's entry may come from (REMOTE_ORIGINS). */
  remoteOrigins: readonly string[];
  /** Distinct browsers whose failures within an hour take a canary out of rotation. */
  canaryFailureLimit: number;
}

/** The registry's ports plus what the current HTTP request presented. */
export interface ReleasesContext extends ReleasePorts {
  log: Logger;
  /** The request's IP address (the rate limit's key, and the reporter without a browser cookie). */
  clientIp: string;
  /** The request's `atrium-browser` cookie, if it holds a browser id. */
  browserId: () => Promise<string | null>;
}
