import type { RoutePageModule } from '@atrium/federation';
import type { RemoteRoute } from '../routes/marketplace-pages';
import { createRemoteManifests, type RemoteBuild } from './remote-manifests';
import { createServerRemotes } from './server-remotes';

/** A remote page ready to render: the build the browser will load, and its server module if any. */
export interface PageRemote {
  build: RemoteBuild | null;
  module: RoutePageModule | null;
}

export interface PageRemoteSources {
  readManifest: (manifestUrl: string) => Promise<RemoteBuild>;
  remotes: Pick<ReturnType<typeof createServerRemotes>, 'load'>;
}

/**
 * Finds the build of a page's remote for a browser (the first of its entries that answers) and loads
 * its server module. Code from an origin off the allow-list only ever runs in the browser (where the
 * Content-Security-Policy refuses it); a server module that cannot load leaves the page to the browser.
 */
export function createPageRemotes({
  readManifest = createRemoteManifests(),
  remotes = createServerRemotes(),
}: Partial<PageRemoteSources> = {}) {
  return async function load(
    page: RemoteRoute,
    entries: readonly string[],
    allowed: (entry: string) => boolean,
  ): Promise<PageRemote> {
    for (const entry of entries) {
      if (!entry.endsWith('.json')) continue;
      try {
        const build = await readManifest(entry);
        if (!allowed(entry)) return { build, module: null };
        const module = await remotes.load(page.remote, build.serverEntryUrl, page.module).catch((error) => {
          console.warn(`Server build of ${entry} could not be loaded; the browser renders it.`, error);
          return null;
        });
        return { build, module };
      } catch (error) {
        console.warn(`Remote ${page.remote} at ${entry} is unavailable.`, error);
      }
    }
    return { build: null, module: null };
  };
}
