import {
  allowedEntries,
  type RemoteEntryChains,
  type RemoteName,
  type RemoteRollout,
  type RuntimeConfig,
  remoteEntryChains,
  remoteNames,
} from '@atrium/federation';
import { type ServedCanary, servedCanaries } from './canary-views';
import type { PageRollouts } from './remote-rollouts';

export interface PageEntriesInput {
  /** The host's config.json, parsed: its own entries are every remote's last resort. */
  config: RuntimeConfig;
  /** The allow-list of origins remotes may be loaded from, besides config.json's own entries'. */
  remoteOrigins: readonly string[];
  /** What the release registry says for the page's scope. */
  rollouts: PageRollouts;
  /** The browser's id, which draws it into a canary or not. */
  browserId: string | null;
}

/** Where a browser loads each remote from on a page, from the registry's rollouts and the host's config. */
export interface PageEntries {
  /** Whether an entry is on the allow-list (nothing else is ever loaded). */
  allowed(entry: string): boolean;
  /** The entries this browser tries for each remote, given a marketplace's own rollouts (tried first). */
  chains(own?: readonly RemoteRollout[]): RemoteEntryChains;
  /** The canaries this browser is sent to first, given a marketplace's own rollouts. */
  canaries(own: readonly RemoteRollout[]): ServedCanary[];
  /**
   * config.json's `remotes` and `remoteFallbacks` for the browser: the defaults' entries (a
   * marketplace's own come with the marketplace).
   */
  runtime: RuntimeEntries;
}

export function pageEntries({ config, remoteOrigins, rollouts, browserId }: PageEntriesInput): PageEntries {
  const allowed = allowedEntries([...remoteOrigins, ...Object.values(config.remotes)]);
  const chains = (own: readonly RemoteRollout[] = []) =>
    remoteEntryChains({
      configured: config.remotes,
      defaults: rollouts.defaults,
      overrides: own,
      browserId,
      allowed,
    });
  return {
    allowed,
    chains,
    canaries: (own) => servedCanaries(chains(own), [...own, ...rollouts.defaults]),
    runtime: runtimeEntries(chains()),
  };
}

export interface RuntimeEntries {
  remotes: Record<RemoteName, string>;
  remoteFallbacks: Partial<Record<RemoteName, string[]>>;
}

/** config.json's `remotes` and `remoteFallbacks` for a page: each remote's first entry, then the rest. */
export function runtimeEntries(chains: RemoteEntryChains): RuntimeEntries {
  const remotes = {} as Record<RemoteName, string>;
  const remoteFallbacks: Partial<Record<RemoteName, string[]>> = {};
  for (const remote of remoteNames) {
    const [entry, ...fallbacks] = chains[remote];
    remotes[remote] = entry as string;
    if (fallbacks.length > 0) remoteFallbacks[remote] = fallbacks;
  }
  return { remotes, remoteFallbacks };
}
