import { containerName, type ExposedModule, type RemoteName, type RoutePageModule } from '@atrium/federation';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';

/**
 * Loads remotes' server builds into this process with Module Federation's Node runtime, sharing the
 * host's singletons (one React, one set of stores). A loaded module is kept per build (the entry URL
 * carries the build's version): a new build of a remote is loaded fresh, and an older one is dropped.
 *
 * The runtime holds one container per remote name, so loads take turns: two marketplaces may use
 * different builds of the same remote (a tenant override), and each load points the name at its own
 * build first. A loaded module keeps working after the name points elsewhere.
 */
export function createServerRemotes() {
  const modules = new Map<string, Promise<RoutePageModule>>();
  const latest = new Map<string, string>();
  let turn: Promise<unknown> = Promise.resolve();

  function load(remote: RemoteName, serverEntryUrl: string, module: ExposedModule): Promise<RoutePageModule> {
    const key = `${serverEntryUrl}#${module}`;
    const known = modules.get(key);
    if (known) return known;
    const loading = turn.then(async () => {
      registerRemotes([{ name: containerName(remote), entry: serverEntryUrl }], { force: true });
      const loaded = await loadRemote<RoutePageModule>(`${containerName(remote)}/${module}`);
      if (!loaded?.default) throw new Error(`${serverEntryUrl} has no ${module}.`);
      return loaded;
    });
    turn = loading.catch(() => undefined);
    modules.set(key, loading);
    // A failed load is tried again on a later request; a new build replaces the older one.
    loading.catch(() => modules.delete(key));
    const build = `${serverEntryUrl.split('?')[0]}#${module}`;
    const previous = latest.get(build);
    if (previous && previous !== key) modules.delete(previous);
    latest.set(build, key);
    return loading;
  }

  return { load };
}
