import type { Db } from '../kernel/database/database';
import type { OpenIdClient } from './adapters/openid/openid-client';
import type { IdentityConfig } from './config';
import type { RequestSession } from './sessions';

export type ThirdPartyProvider = 'google' | 'apple';

/** One cookie of the request: what the browser sent, and setting it on the response. */
export interface BrowserCookie {
  read(): Promise<string | null>;
  write(value: string, expires: Date): Promise<void>;
}

/** What identity services need, for the whole process. */
export interface IdentityPorts {
  db: Db;
  config: IdentityConfig;
  /** Injectable so tests can move time (expiry, idle and absolute session lifetimes). */
  clock: () => Date;
  /** Configured third-party providers; null when switched off. */
  openId: Record<ThirdPartyProvider, OpenIdClient | null>;
}

/** The identity ports plus what is known about the current HTTP request. */
export interface IdentityContext extends IdentityPorts {
  /** The caller's IP address as far as it can be told ('unknown' otherwise), for rate limits. */
  clientIp: string;
  /** Where emailed links point: the caller's web origin when it is allow-listed, else the first one. */
  linkOrigin: string;
  session: RequestSession;
  /** The HttpOnly cookie binding a started Google or Apple sign-in to this browser. */
  signInBinding: BrowserCookie;
  /** The HttpOnly cookie that recognises this browser as one a user of group mgId signed in from. */
  deviceCookie(mgId: number): BrowserCookie;
}
