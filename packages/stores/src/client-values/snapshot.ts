import { batch } from 'nanostores';
import type { ClientKeptKey } from './stores';
import { CLIENT_KEPT_VALUES } from './stores';

/**
 * Client-kept values as storage holds them: each value's JSON by key, defaults left out. What a
 * page was rendered with on the server travels to the browser in this form, so the browser can tell
 * whether its own storage still matches that page.
 */
export type ClientValuesSnapshot = Readonly<Record<string, string>>;

/**
 * The values that the pages rendered on the server (and the chrome around them) show: the booking
 * so far and whether someone is signed in. Others (a pending toast, checkout answers...) only act
 * after the page has started, so they need not match for the browser to take the server's HTML.
 */
export const PAGE_KEYS: readonly ClientKeptKey[] = [
  'marketplace-id',
  'selected-location',
  'location-type',
  'selected-procedures',
  'selected-date-time',
  'selected-waitlist',
  'user',
];

export function snapshotClientValues(keys: readonly string[] = PAGE_KEYS): ClientValuesSnapshot {
  const snapshot: Record<string, string> = {};
  for (const { key, store, codec } of CLIENT_KEPT_VALUES) {
    if (!keys.includes(key)) continue;
    const encoded = codec.encode(store.get());
    if (encoded !== undefined) snapshot[key] = encoded;
  }
  return snapshot;
}

/**
 * Sets every client-kept value from a snapshot (a missing key is the default). Each value is decoded
 * through its schema, so a snapshot from an untrusted source can only hold valid values.
 */
export function restoreClientValues(snapshot: ClientValuesSnapshot): void {
  batch(() => {
    for (const { key, store, codec, initial } of CLIENT_KEPT_VALUES) {
      const encoded = Object.hasOwn(snapshot, key) ? snapshot[key] : undefined;
      store.set(encoded === undefined ? initial : codec.decode(encoded));
    }
  });
}

/** Whether two snapshots hold the same values. */
export function sameClientValues(a: ClientValuesSnapshot, b: ClientValuesSnapshot): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}
