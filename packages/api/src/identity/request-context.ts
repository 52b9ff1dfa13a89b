import type { IncomingMessage } from 'node:http';
import type { Db } from '../kernel/database/database';
import { isFromHost } from '../kernel/http/host-secret';
import { createOpenIdClient, type OpenIdClient } from './adapters/openid/openid-client';
import type { IdentityConfig } from './config';
import { deviceCookieName } from './devices';
import { httpOnlyCookie } from './http-only-cookie';
import type { IdentityContext, IdentityPorts, ThirdPartyProvider } from './ports';
import {
  createRequestSession,
  legacySessionCookieName,
  marketplaceHeader,
  type SessionCookieJar,
  sessionCookieGroup,
  sessionCookieName,
} from './sessions';
import { signInBindingCookie } from './sign-in-binding-cookie';

/** Replacements for the configured ports, for tests (a clock to move, a provider of their own). */
export interface IdentityOptions {
  clock?: () => Date;
  openId?: Partial<Record<ThirdPartyProvider, OpenIdClient | null>>;
}

export interface Identity {
  ports: IdentityPorts;
  /**
   * The identity context of one GraphQL request: its session cookies (one per marketplace group, the
   * one of the marketplace named by X-Atrium-Marketplace in use), device cookies (one per group,
   * services/identity/devices.ts), IP address and web origin.
   */
  forRequest(request: Request, nodeRequest?: IncomingMessage): IdentityContext;
}

/** Builds the identity ports from configuration: the one place that wires sign-in providers. */
export function createIdentity(db: Db, config: IdentityConfig, options: IdentityOptions = {}): Identity {
  const ports: IdentityPorts = {
    db,
    config,
    clock: options.clock ?? (() => new Date()),
    openId: {
      google: config.providers.google ? createOpenIdClient(config.providers.google) : null,
      // Apple sends the code by form_post, as it requires when the scope asks for name or email.
      apple: config.providers.apple
        ? createOpenIdClient(config.providers.apple, { responseMode: 'form_post' })
        : null,
      ...options.openId,
    },
  };
  return {
    ports,
    forRequest(request, nodeRequest) {
      const jar = cookieJar(request, secureCookies(config, request));
      return {
        ...ports,
        clientIp: clientIp(config, request, nodeRequest),
        linkOrigin: linkOrigin(config, request),
        signInBinding: signInBindingCookie(request, secureCookies(config, request)),
        deviceCookie: (mgId) =>
          httpOnlyCookie(request, deviceCookieName(mgId), secureCookies(config, request)),
        session: createRequestSession(db, ports.clock, jar, request.headers.get(marketplaceHeader)),
      };
    },
  };
}

/**
 * The session cookies (one per marketplace group, plus the legacy single cookie) through the request's
 * cookie store (the useCookies plugin writes Set-Cookie).
 */
function cookieJar(request: Request, secure: boolean): SessionCookieJar {
  const store = () => {
    if (!request.cookieStore) throw new Error('The cookies plugin is not installed');
    return request.cookieStore;
  };
  const attributes = (name: string) =>
    ({ name, domain: null, path: '/', httpOnly: true, sameSite: 'lax', secure }) as const;
  const nameOf = (mgId: number | null) => (mgId === null ? legacySessionCookieName : sessionCookieName(mgId));
  return {
    async read() {
      const presented = [];
      for (const cookie of await store().getAll()) {
        const mgId = sessionCookieGroup(cookie.name);
        if (mgId !== undefined && cookie.value) presented.push({ mgId, token: cookie.value });
      }
      return presented;
    },
    async write(mgId, token, expires) {
      await store().set({ ...attributes(nameOf(mgId)), value: token, expires: expires.getTime() });
    },
    async clear(mgId) {
      await store().set({ ...attributes(nameOf(mgId)), value: '', expires: 0 });
    },
  };
}

/** Secure unless configured otherwise or the browser is on localhost (plain http there). */
function secureCookies(config: IdentityConfig, request: Request): boolean {
  if (config.sessionCookieSecure !== 'auto') return config.sessionCookieSecure === 'always';
  const hostname = requestHostname(request);
  return !(
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    hostname === '127.0.0.1' ||
    hostname === '[::1]'
  );
}

function requestHostname(request: Request): string {
  const origin = request.headers.get('origin');
  if (origin) {
    try {
      return new URL(origin).hostname;
    } catch {
      // A malformed Origin says nothing; fall through.
    }
  }
  const forwardedHost = request.headers.get('x-forwarded-host')?.split(',')[0]?.trim();
  try {
    return new URL(`http://${forwardedHost || new URL(request.url).host}`).hostname;
  } catch {
    return '';
  }
}

/**
 * The caller's IP address: with trusted proxies, the X-Forwarded-For entry the outermost trusted proxy
 * appended; otherwise the socket's peer. Entries further left are the client's word and are ignored.
 * X-Forwarded-For is believed only from the host's server (HOST_SECRET): the socket's peer cannot
 * tell it apart from anything else on its machine, which could otherwise pick an address per request.
 */
export function clientIp(config: IdentityConfig, request: Request, nodeRequest?: IncomingMessage): string {
  if (config.trustProxyHops > 0 && isFromHost(request, config.hostSecret)) {
    const forwarded = (request.headers.get('x-forwarded-for') ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const entry = forwarded[forwarded.length - config.trustProxyHops] ?? forwarded[0];
    if (entry) return entry;
  }
  return nodeRequest?.socket?.remoteAddress ?? 'unknown';
}

function linkOrigin(config: IdentityConfig, request: Request): string {
  const origin = request.headers.get('origin');
  if (origin && config.webOrigins.includes(origin)) return origin;
  return config.webOrigins[0] ?? 'http://localhost:3000';
}
