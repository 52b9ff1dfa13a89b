import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The cookie in which the host's server keeps a random id per browser (not HttpOnly: the page reads
 * the id to pick a marketplace's canary the same way). Its value is `<id>.<signature>`: the host
 * signs the id with HOST_SECRET, so nobody can make up browsers to report failures with.
 */
export const browserIdCookieName = 'atrium-browser';

// The host gives out UUIDs; anything else is ignored rather than stored.
const browserIdPattern = /^[0-9a-f-]{36}$/;

/**
 * The signature of a browser id: HMAC-SHA256 under HOST_SECRET, base64url. The host's server signs
 * the same way (host/src/server/browser-id.ts; both tests pin one example).
 */
export function browserIdSignature(id: string, hostSecret: string): string {
  return createHmac('sha256', hostSecret).update(`atrium-browser:${id}`).digest('base64url');
}

/** The id in a signed cookie value, or null when it is malformed or its signature is not the host's. */
export function verifiedBrowserId(value: string | undefined, hostSecret: string): string | null {
  if (!value) return null;
  const dot = value.lastIndexOf('.');
  const id = value.slice(0, dot);
  if (dot < 0 || !browserIdPattern.test(id)) return null;
  const presented = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(browserIdSignature(id, hostSecret));
  return presented.length === expected.length && timingSafeEqual(presented, expected) ? id : null;
}

/** The request's browser id (its signed `atrium-browser` cookie), or null without a valid one. */
export async function browserIdOf(request: Request, hostSecret: string): Promise<string | null> {
  const cookie = await request.cookieStore?.get(browserIdCookieName);
  return verifiedBrowserId(cookie?.value, hostSecret);
}
