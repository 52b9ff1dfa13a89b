import { type RemoteEntryChains, type RemoteName, type RemoteRollout, remoteNames } from '@atrium/federation';
import { type ApiLink, HOST_SECRET_HEADER } from './api-proxy';

/** A canary release a page sent a browser to first (its remote and entry, as failure reports name it). */
export interface ServedCanary {
  remote: RemoteName;
  entry: string;
}

/** Where the host tells the API which browsers it sent to a canary (not among the proxied paths). */
export const CANARY_VIEWS_PATH = '/internal/canary-views';

/** The canaries among the entries a browser tries first, per remote. */
export function servedCanaries(
  chains: RemoteEntryChains,
  rollouts: readonly RemoteRollout[],
): ServedCanary[] {
  const canaries = new Set(
    rollouts.flatMap((rollout) => (rollout.canary ? [`${rollout.remote}\u0000${rollout.canary.entry}`] : [])),
  );
  return remoteNames.flatMap((remote) => {
    const first = chains[remote][0];
    return first && canaries.has(`${remote}\u0000${first}`) ? [{ remote, entry: first }] : [];
  });
}

export interface CanaryViewsOptions {
  /** A browser's view of a canary is told again after this long (the API counts views of the last hour). */
  retellAfterMs?: number;
  /** How many browser-and-canary pairs are remembered (the oldest are forgotten first). */
  maxRemembered?: number;
  timeoutMs?: number;
}

/**
 * Tells the API, in the background, which browsers were served which canaries: once per browser and
 * canary every `retellAfterMs`, not on every page. A canary is taken out of rotation only when enough
 * of the browsers it was served to report it (the API's failure-reports.ts).
 */
export function createCanaryViews(
  link: ApiLink,
  { retellAfterMs = 15 * 60_000, maxRemembered = 50_000, timeoutMs = 2000 }: CanaryViewsOptions = {},
) {
  const told = new Map<string, number>();
  const keyOf = (browserId: string, canary: ServedCanary) => `${browserId}\u0000${canary.entry}`;
  return {
    record(browserId: string, canaries: readonly ServedCanary[]): void {
      const now = Date.now();
      const fresh = canaries.filter(
        (canary) => now - (told.get(keyOf(browserId, canary)) ?? -Infinity) >= retellAfterMs,
      );
      if (fresh.length === 0) return;
      for (const canary of fresh) {
        told.delete(keyOf(browserId, canary));
        told.set(keyOf(browserId, canary), now);
      }
      while (told.size > maxRemembered) told.delete(told.keys().next().value as string);
      fetch(new URL(CANARY_VIEWS_PATH, link.apiUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json', [HOST_SECRET_HEADER]: link.hostSecret },
        body: JSON.stringify({ browserId, canaries: fresh }),
        signal: AbortSignal.timeout(timeoutMs),
      })
        .then((response) => {
          if (!response.ok) throw new Error(`HTTP ${response.status}`);
        })
        .catch((error: unknown) => {
          // Told again with the browser's next page.
          for (const canary of fresh) told.delete(keyOf(browserId, canary));
          console.warn('Canary views could not be recorded.', error instanceof Error ? error.message : error);
        });
    },
  };
}
