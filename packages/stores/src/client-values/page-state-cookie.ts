import { type ClientValuesSnapshot, PAGE_KEYS, snapshotClientValues } from './snapshot';
import { CLIENT_KEPT_VALUES } from './stores';

/**
 * A copy of the booking values in a cookie, so that the server can render a returning client's page
 * as their browser will show it (their clinic, their cart). Local storage stays the source of truth:
 * the browser only takes the server's HTML when its own values match it. The signed-in user is left
 * out (no personal data in a cookie that scripts can read); a signed-in client's page is rendered in
 * the browser.
 */
export const PAGE_STATE_COOKIE = 'atrium-page';
const COOKIE_KEYS: readonly string[] = PAGE_KEYS.filter((key) => key !== 'user');
// Browsers keep cookies up to 4096 bytes; a larger booking is simply not copied.
const MAX_COOKIE_BYTES = 3800;

/** The cookie's value for a snapshot, or null when it would be too large. */
export function encodePageStateCookie(snapshot: ClientValuesSnapshot): string | null {
  const value = encodeURIComponent(JSON.stringify(snapshot));
  return value.length > MAX_COOKIE_BYTES ? null : value;
}

/** The snapshot in a cookie's value; anything unreadable is an empty snapshot (the defaults). */
export function decodePageStateCookie(value: string | undefined): ClientValuesSnapshot {
  if (!value) return {};
  try {
    const parsed: unknown = JSON.parse(decodeURIComponent(value));
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(
        (entry): entry is [string, string] => COOKIE_KEYS.includes(entry[0]) && typeof entry[1] === 'string',
      ),
    );
  } catch {
    return {};
  }
}

/** Keeps the cookie in step with the booking values from now on (in the browser). */
export function mirrorPageStateToCookie(doc: Document = document): () => void {
  const write = () => {
    const value = encodePageStateCookie(snapshotClientValues(COOKIE_KEYS));
    const secure = doc.location?.protocol === 'https:' ? '; Secure' : '';
    doc.cookie =
      value === null
        ? `${PAGE_STATE_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`
        : `${PAGE_STATE_COOKIE}=${value}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
  };
  write();
  const stores = CLIENT_KEPT_VALUES.filter(({ key }) => COOKIE_KEYS.includes(key));
  const unsubscribe = stores.map(({ store }) => store.listen(write));
  return () => {
    for (const off of unsubscribe) off();
  };
}
