import {
  browserIdFromCookies,
  containerName,
  type ExposedModule,
  type RemoteName,
  type RemoteRollout,
  type RuntimeConfig,
  remoteNames,
  rolloutEntries,
} from '@atrium/federation';
import { reportRemoteFailure } from '@atrium/graphql-client';
import {
  loadRemote,
  type ModuleFederationRuntimePlugin,
  registerPlugins,
  registerRemotes,
} from '@module-federation/enhanced/runtime';
import { RetryPlugin } from '@module-federation/retry-plugin';

/**
 * Where each remote is loaded from: for each, a chain of entries tried in order. The defaults come
 * with the page (the host's server resolves them from the release registry for this browser: its
 * canary or the stable release, then the last good one, then config.json's own); a marketplace's own
 * rollouts go before them. When an entry or one of its chunks fails to load, Module Federation's
 * retry plugin tries it again, then the fallback plugin below moves the remote to the next entry and
 * reports the failure, so a broken release is taken out of rotation for everyone.
 */
const defaults = new Map<RemoteName, string[]>();
const chains = new Map<RemoteName, string[]>();
const current = new Map<RemoteName, string>();
const reported = new Set<string>();
let pluginsRegistered = false;

function register(remote: RemoteName, entry: string, force: boolean) {
  registerRemotes([{ name: containerName(remote), alias: remote, entry }], { force });
  current.set(remote, entry);
}

export function registerDefaultRemotes({
  remotes,
  remoteFallbacks = {},
}: Pick<RuntimeConfig, 'remotes'> & Partial<Pick<RuntimeConfig, 'remoteFallbacks'>>) {
  if (!pluginsRegistered) {
    registerPlugins([
      RetryPlugin({
        fetch: { retryTimes: 1 },
        script: { retryTimes: 1, retryDelay: 300 },
      }),
      releaseFallbackPlugin(),
    ]);
    pluginsRegistered = true;
  }
  for (const remote of remoteNames) {
    const chain = unique([remotes[remote], ...(remoteFallbacks[remote] ?? [])]);
    defaults.set(remote, chain);
    chains.set(remote, chain);
    register(remote, chain[0] as string, false);
  }
}

/**
 * Points each remote at the marketplace's own rollout (its canary for this browser when it is in
 * it), with the defaults behind it, or back at the defaults. Must run before the marketplace's first
 * loadRemote; `force` drops a container loaded for another marketplace.
 */
export function applyRemoteOverrides(overrides: readonly RemoteRollout[]) {
  const browserId = typeof document === 'undefined' ? null : browserIdFromCookies(document.cookie);
  for (const remote of remoteNames) {
    const own = overrides.filter((rollout) => rollout.remote === remote);
    const chain = unique([
      ...own.flatMap((rollout) => rolloutEntries(rollout, browserId)),
      ...(defaults.get(remote) ?? []),
    ]);
    chains.set(remote, chain);
    const entry = chain[0];
    if (entry && entry !== current.get(remote)) register(remote, entry, true);
  }
}

/**
 * Module Federation runtime plugin: when a remote's module cannot be loaded (its manifest, entry or a
 * chunk, after the retry plugin's retries), reports the entry and loads the module from the next
 * entry of the remote's chain, until one works or none is left (the error then reaches the page's
 * error boundary, with its retry).
 */
export function releaseFallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'atrium-release-fallback',
    async errorLoadRemote({ id, error, lifecycle, remote: info, origin }) {
      // A manifest that fails is reported again at 'onLoad', where a module can stand in.
      if (lifecycle !== 'onLoad') return undefined;
      const remote = remoteNames.find((name) => containerName(name) === info?.name);
      if (!remote) return undefined;
      const failed = current.get(remote);
      if (failed) report(remote, failed, error);
      const chain = chains.get(remote) ?? [];
      const next = failed ? chain[chain.indexOf(failed) + 1] : undefined;
      if (!next) return undefined;
      console.warn(`Remote "${remote}" could not be loaded from ${failed}; trying ${next}.`, error);
      register(remote, next, true);
      return origin.loadRemote(id);
    },
  };
}

function report(remote: RemoteName, entry: string, error: unknown) {
  if (reported.has(entry)) return;
  reported.add(entry);
  // One line (the runtime's messages span several; the API takes no control characters).
  const reason = (error instanceof Error ? error.message : String(error))
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 300);
  void reportRemoteFailure({ remote, entry, reason });
}

export class RemoteUnavailableError extends Error {
  constructor(readonly remote: RemoteName) {
    super(`The ${remote} part of the page could not be loaded.`);
    this.name = 'RemoteUnavailableError';
  }
}

/** Loads an exposed module's default export (falling back through the remote's entries, see above). */
export async function loadExposed<T>(remote: RemoteName, module: ExposedModule): Promise<T> {
  try {
    const loaded = await loadRemote<{ default: T }>(`${containerName(remote)}/${module}`);
    if (!loaded?.default) throw new RemoteUnavailableError(remote);
    return loaded.default;
  } catch (error) {
    if (error instanceof RemoteUnavailableError) throw error;
    console.error(error);
    throw new RemoteUnavailableError(remote);
  }
}

/** Before a retry: forget the failed container and start again from the remote's first entry. */
export function resetRemote(remote: RemoteName) {
  const entry = chains.get(remote)?.[0] ?? current.get(remote);
  if (entry) register(remote, entry, true);
}

function unique(entries: (string | undefined)[]): string[] {
  return [...new Set(entries.filter((entry): entry is string => Boolean(entry)))];
}
