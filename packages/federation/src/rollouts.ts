import { isRemoteName, type RemoteName, remoteNames } from './contract';

/**
 * A random id per browser, set by the host's server on the first page: it keeps a browser in the
 * same canary group on every visit, and counts a browser once in failure reports. Not a secret and
 * not tied to a person; readable by the page so that a marketplace opened later picks the same way.
 * The value is `<id>.<signature>` (the host signs the id so the API can tell a browser it gave out
 * from a made-up one); canaries are drawn by the id alone.
 */
export const BROWSER_ID_COOKIE = 'atrium-browser';

/** What the release registry says a scope's clients get for one remote (the API's RemoteRollout). */
export interface RemoteRollout {
  remote: string;
  entry: string;
  version: string;
  /** The last good release before `entry`, if any. */
  fallbackEntry?: string | null;
  /** A release a share of browsers gets instead of `entry`. */
  canary?: { entry: string; version: string; percent: number } | null;
}

/** The entries to try for each remote, best first: a failed one gives way to the next. */
export type RemoteEntryChains = Record<RemoteName, string[]>;

/**
 * The browser's place (0-99) in the canary of `version` of `remote`: a hash of the three, so a browser
 * stays in or out of a canary on every visit, and each canary draws its own share of browsers.
 */
export function canaryBucket(browserId: string, remote: string, version: string): number {
  // FNV-1a (32 bits): small, the same in the browser and on the server, evenly spread for random ids.
  let hash = 0x811c9dc5;
  for (const char of `${browserId}\u0000${remote}\u0000${version}`) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % 100;
}

/** A rollout's entries for one browser: its canary when the browser is in it, then the stable release, then the last good one. */
export function rolloutEntries(rollout: RemoteRollout, browserId: string | null): string[] {
  const { canary } = rollout;
  const inCanary =
    canary != null &&
    browserId != null &&
    canaryBucket(browserId, rollout.remote, canary.version) < canary.percent;
  return unique([inCanary ? canary.entry : null, rollout.entry, rollout.fallbackEntry]);
}

export interface EntryChainsInput {
  /** The host's own defaults (config.json): the last resort. */
  configured: Record<RemoteName, string>;
  /** The registry's default rollouts (for every marketplace). */
  defaults?: readonly RemoteRollout[];
  /** A marketplace's own rollouts, tried before the defaults. */
  overrides?: readonly RemoteRollout[];
  browserId: string | null;
  /** Entries from elsewhere are never loaded (the registry only records allowed ones; this is the host's own check). */
  allowed?: (entry: string) => boolean;
}

/** For each remote, the entries this browser tries in order: the marketplace's, the default's, then the host's own. */
export function remoteEntryChains({
  configured,
  defaults = [],
  overrides = [],
  browserId,
  allowed = () => true,
}: EntryChainsInput): RemoteEntryChains {
  const byRemote = (rollouts: readonly RemoteRollout[], remote: RemoteName) =>
    rollouts.filter((rollout) => isRemoteName(rollout.remote) && rollout.remote === remote);
  return Object.fromEntries(
    remoteNames.map((remote) => {
      const fromRegistry = [...byRemote(overrides, remote), ...byRemote(defaults, remote)].flatMap(
        (rollout) => rolloutEntries(rollout, browserId),
      );
      const entries = unique([...fromRegistry.filter(allowed), configured[remote]]);
      return [remote, entries];
    }),
  ) as RemoteEntryChains;
}

/** The origin of an entry URL, or null when it is not an absolute http(s) URL. */
export function entryOrigin(entry: string): string | null {
  try {
    const url = new URL(entry);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** A check that an entry is on the allow-list of origins. */
export function allowedEntries(origins: readonly string[]): (entry: string) => boolean {
  const allowed = new Set(origins.map((origin) => entryOrigin(origin)).filter(Boolean));
  return (entry) => {
    const origin = entryOrigin(entry);
    return origin !== null && allowed.has(origin);
  };
}

/** The browser's id (without its signature) from a Cookie header or document.cookie, if it has one. */
export function browserIdFromCookies(cookies: string): string | null {
  for (const part of cookies.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === BROWSER_ID_COOKIE) return decodeURIComponent(value.join('=')).split('.')[0] || null;
  }
  return null;
}

function unique(entries: (string | null | undefined)[]): string[] {
  return [...new Set(entries.filter((entry): entry is string => Boolean(entry)))];
}
