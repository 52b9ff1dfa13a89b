import { containerName, type ExposedModule, type RemoteName, remoteNames } from '@atrium/federation';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';

/**
 * Where each remote is loaded from. Defaults come from /config.json; a marketplace may override
 * some of them (stored in the database). A failing override falls back to the default entry.
 */
const defaults = new Map<RemoteName, string>();
const current = new Map<RemoteName, string>();

function register(remote: RemoteName, entry: string, force: boolean) {
  registerRemotes([{ name: containerName(remote), alias: remote, entry }], { force });
  current.set(remote, entry);
}

export function registerDefaultRemotes(entries: Record<RemoteName, string>) {
  for (const remote of remoteNames) {
    defaults.set(remote, entries[remote]);
    register(remote, entries[remote], false);
  }
}

/**
 * Points each remote at the marketplace's override, or back at the default. Must run before the
 * marketplace's first loadRemote; `force` drops a container loaded for another marketplace.
 */
export function applyRemoteOverrides(overrides: readonly { remote: string; entry: string }[]) {
  for (const remote of remoteNames) {
    const entry = overrides.find((o) => o.remote === remote)?.entry ?? defaults.get(remote);
    if (entry && entry !== current.get(remote)) register(remote, entry, true);
  }
}

export class RemoteUnavailableError extends Error {
  constructor(readonly remote: RemoteName) {
    super(`The ${remote} part of the page could not be loaded.`);
    this.name = 'RemoteUnavailableError';
  }
}

async function loadFrom<T>(remote: RemoteName, module: ExposedModule): Promise<T> {
  const loaded = await loadRemote<{ default: T }>(`${containerName(remote)}/${module}`);
  if (!loaded?.default) throw new RemoteUnavailableError(remote);
  return loaded.default;
}

/** Loads an exposed module's default export, falling back from a broken override to the default. */
export async function loadExposed<T>(remote: RemoteName, module: ExposedModule): Promise<T> {
  try {
    return await loadFrom<T>(remote, module);
  } catch (error) {
    const fallback = defaults.get(remote);
    if (!fallback || current.get(remote) === fallback) throw asUnavailable(remote, error);
    console.warn(`Override of remote "${remote}" failed to load; using the default entry.`, error);
    register(remote, fallback, true);
    try {
      return await loadFrom<T>(remote, module);
    } catch (fallbackError) {
      throw asUnavailable(remote, fallbackError);
    }
  }
}

/** Before a retry: forget the failed container so the next load fetches the entry again. */
export function resetRemote(remote: RemoteName) {
  const entry = current.get(remote);
  if (entry) register(remote, entry, true);
}

function asUnavailable(remote: RemoteName, error: unknown): RemoteUnavailableError {
  if (error instanceof RemoteUnavailableError) return error;
  console.error(error);
  return new RemoteUnavailableError(remote);
}
