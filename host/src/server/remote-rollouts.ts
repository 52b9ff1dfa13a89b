import { isPreviewToken } from '@atrium/federation';
import { fetchRemoteRollouts, type RemotePreviewView, type RemoteRolloutView } from '@atrium/graphql-client';

export interface PageRollouts {
  /** The registry's rollouts for every marketplace. */
  defaults: RemoteRolloutView[];
  /** The marketplace's own rollouts; null when unknown (the registry did not answer for it). */
  overrides: RemoteRolloutView[] | null;
  /** The owner's preview this browser's token shows on the marketplace's pages; null for any other browser. */
  preview: RemotePreviewView | null;
}

const MAX_KEPT = 1000;
const NONE: PageRollouts = { defaults: [], overrides: null, preview: null };

/**
 * The release registry as the host's server reads it for every page (a promotion or a rollback shows
 * on the next page load, with no host rebuild). Requests for the same scope at once share one answer.
 * When the API does not answer, the last good answer for that scope stands (else the defaults' last
 * good one, else the host's own config.json entries), so a page never waits on a registry that is down.
 *
 * A browser with a preview token (an owner trying a release on their own marketplace) is read on its
 * own: its request is shared only with pages asking with the same token, and its answer is never kept
 * as the scope's last good one, so no other browser ever gets a preview. When that read fails, the
 * scope's answer stands.
 */
export function createRemoteRollouts(timeoutMs = 1500) {
  const lastGood = new Map<string, PageRollouts>();
  const inFlight = new Map<string, Promise<PageRollouts>>();

  const lastGoodOf = (key: string): PageRollouts =>
    lastGood.get(key) ?? { defaults: (lastGood.get('') ?? NONE).defaults, overrides: null, preview: null };

  return function read(pathId: string | null, token: string | null = null): Promise<PageRollouts> {
    // '/0' or '/007' name no marketplace (the page says so): only the defaults are asked for.
    const marketplaceId = pathId && /^[1-9]\d*$/.test(pathId) ? pathId : null;
    const previewToken = marketplaceId !== null && isPreviewToken(token) ? token : null;
    const key = marketplaceId ?? '';
    const requestKey = previewToken === null ? key : `${key}\u0000${previewToken}`;
    const pending = inFlight.get(requestKey);
    if (pending) return pending;
    const answer = fetchRemoteRollouts(marketplaceId, { timeoutMs, previewToken })
      .then((rollouts) => {
        const scope = { ...rollouts, preview: null };
        // Ids in URLs are anyone's to make up: keep a bounded number of marketplaces' answers.
        if (!lastGood.has(key) && lastGood.size >= MAX_KEPT)
          lastGood.delete(lastGood.keys().next().value as string);
        lastGood.set(key, scope);
        if (key !== '') lastGood.set('', { defaults: rollouts.defaults, overrides: [], preview: null });
        return rollouts;
      })
      .catch((error: unknown) => {
        const kept = lastGoodOf(key);
        console.warn(
          `The release registry could not be read; using ${lastGood.size === 0 ? "config.json's entries" : 'its last answer'}.`,
          error instanceof Error ? error.message : error,
        );
        return kept;
      })
      .finally(() => inFlight.delete(requestKey));
    inFlight.set(requestKey, answer);
    return answer;
  };
}
