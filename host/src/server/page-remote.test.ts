import type { RoutePageModule } from '@atrium/federation';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RemoteRoute } from '../routes/marketplace-pages';
import { createPageRemotes } from './page-remote';
import type { RemoteBuild } from './remote-manifests';

const page: RemoteRoute = { remote: 'catalog', module: 'ServicesPage', rendersOnServer: true };
const pageModule: RoutePageModule = { default: () => null };

const noScripts = () => [];
const buildAt = (manifestUrl: string): RemoteBuild => ({
  manifestUrl,
  version: 'v1',
  entryUrl: manifestUrl.replace('mf-manifest.json', 'remoteEntry.js'),
  serverEntryUrl: manifestUrl.replace('mf-manifest.json', 'server/remoteEntry.js?v=v1'),
  exposeScripts: noScripts,
});

/** Manifests that answer except at `down`; server modules that load except from `broken` builds. */
function sources({ down = [] as string[], broken = [] as string[] } = {}) {
  const loads: string[] = [];
  return {
    loads,
    load: createPageRemotes({
      readManifest: async (url) => {
        if (down.includes(url)) throw new Error(`${url} answered 503.`);
        return buildAt(url);
      },
      remotes: {
        load: async (_remote, serverEntryUrl) => {
          loads.push(serverEntryUrl);
          if (broken.some((url) => serverEntryUrl.startsWith(url))) throw new Error('Unexpected token');
          return pageModule;
        },
      },
    }),
  };
}

const allowAll = () => true;
const first = 'https://cdn.example/catalog/v2/mf-manifest.json';
const second = 'https://cdn.example/catalog/v1/mf-manifest.json';

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a page's remote on the server", () => {
  it('is the first entry that answers, with its server module', async () => {
    const { load, loads } = sources({ down: [first] });
    expect(await load(page, [first, second], allowAll)).toEqual({
      build: buildAt(second),
      module: pageModule,
    });
    expect(loads).toEqual(['https://cdn.example/catalog/v1/server/remoteEntry.js?v=v1']);
    expect(console.warn).toHaveBeenCalledWith(
      `Remote catalog at ${first} is unavailable.`,
      expect.any(Error),
    );
  });

  it('skips entries that are not manifests (a plain remoteEntry.js only the browser can use)', async () => {
    const { load } = sources();
    const result = await load(page, ['https://cdn.example/catalog/remoteEntry.js', second], allowAll);
    expect(result.build).toEqual(buildAt(second));
  });

  it('never runs code from an origin off the allow-list here: the browser gets the build, the server no module', async () => {
    const { load, loads } = sources();
    expect(await load(page, [first], () => false)).toEqual({ build: buildAt(first), module: null });
    expect(loads).toEqual([]);
  });

  it('leaves the page to the browser when its server build cannot be loaded', async () => {
    const { load } = sources({ broken: ['https://cdn.example/catalog/v2/'] });
    expect(await load(page, [first, second], allowAll)).toEqual({ build: buildAt(first), module: null });
    expect(console.warn).toHaveBeenCalledWith(
      `Server build of ${first} could not be loaded; the browser renders it.`,
      expect.any(Error),
    );
  });

  it('is nothing when no entry answers', async () => {
    const { load } = sources({ down: [first, second] });
    expect(await load(page, [first, second], allowAll)).toEqual({ build: null, module: null });
  });
});
