import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';

/**
 * Browser ids as the host's server gives them out (the `atrium-browser` cookie): `<uuid>.<signature>`,
 * the signature an HMAC-SHA256 of the id under HOST_SECRET, so the API knows the id is one the host
 * gave (a failure report from a made-up browser does not count). The API checks it the same way
 * (packages/api/src/http/browser-id.ts; both tests pin one example). The page reads the id part only.
 */
export function browserIdSignature(id: string, hostSecret: string): string {
  return createHmac('sha256', hostSecret).update(`atrium-browser:${id}`).digest('base64url');
}

/** A new browser's id and the cookie value that carries it. */
export function newSignedBrowserId(hostSecret: string): { id: string; value: string } {
  const id = randomUUID();
  return { id, value: `${id}.${browserIdSignature(id, hostSecret)}` };
}

/** The id a cookie value carries, or null when it is not one this host signed (then a new one is given). */
export function verifiedBrowserId(value: string | undefined, hostSecret: string): string | null {
  if (!value) return null;
  const dot = value.lastIndexOf('.');
  const id = value.slice(0, dot);
  if (dot < 0 || !/^[0-9a-f-]{36}$/.test(id)) return null;
  const presented = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(browserIdSignature(id, hostSecret));
  return presented.length === expected.length && timingSafeEqual(presented, expected) ? id : null;
}
