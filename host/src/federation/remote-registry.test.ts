import { canaryBucket } from '@atrium/federation';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The Module Federation runtime is the boundary here. This stand-in records what is registered,
// makes loads succeed or fail per entry URL, and on a failure asks the registered plugins'
// errorLoadRemote hook for a module as the runtime does (lifecycle 'onLoad', the remote's info and
// the instance as `origin`), so the fallback and report rules are tested on their own.
const runtime = vi.hoisted(() => ({
  entries: new Map<string, string>(),
  failing: new Set<string>(),
  registerCalls: [] as { name: string; entry: string; force: boolean }[],
  plugins: [] as { name: string; errorLoadRemote?: (args: never) => Promise<unknown> }[],
  reports: [] as { remote: string; entry: string; reason?: string | null }[],
}));

vi.mock('@module-federation/enhanced/runtime', () => {
  async function loadRemote(id: string): Promise<unknown> {
    const [name, module] = id.split('/');
    const entry = runtime.entries.get(name ?? '') ?? '';
    if (!runtime.failing.has(entry)) return { default: `${module} from ${entry}` };
    const error = new Error(`ScriptLoadError:\n${entry}`);
    for (const plugin of runtime.plugins) {
      const failOver = await plugin.errorLoadRemote?.({
        id,
        error,
        lifecycle: 'onLoad',
        from: 'runtime',
        remote: { name, entry },
        origin: { loadRemote },
      } as never);
      if (failOver) return failOver;
    }
    throw error;
  }
  return {
    registerRemotes: (remotes: { name: string; entry: string }[], options?: { force?: boolean }) => {
      for (const remote of remotes) {
        runtime.entries.set(remote.name, remote.entry);
        runtime.registerCalls.push({
          name: remote.name,
          entry: remote.entry,
          force: Boolean(options?.force),
        });
      }
    },
    registerPlugins: (plugins: typeof runtime.plugins) => runtime.plugins.push(...plugins),
    loadRemote,
  };
});

vi.mock('@atrium/graphql-client', () => ({
  reportRemoteFailure: async (input: (typeof runtime.reports)[number]) => {
    runtime.reports.push(input);
  },
}));

const remotes = {
  catalog: 'https://cdn/catalog/bbb/mf-manifest.json',
  scheduling: 'https://cdn/scheduling/mf-manifest.json',
  checkout: 'https://cdn/checkout/mf-manifest.json',
  account: 'https://cdn/account/mf-manifest.json',
  console: 'https://cdn/console/mf-manifest.json',
};
const lastGood = 'https://cdn/catalog/aaa/mf-manifest.json';
const configured = 'http://localhost:3001/mf-manifest.json';
const override = 'https://cdn/catalog/spotlight/mf-manifest.json';
const spotlight = { remote: 'catalog', entry: override, version: 'spotlight' };

async function freshRegistry() {
  vi.resetModules();
  runtime.entries.clear();
  runtime.failing.clear();
  runtime.registerCalls.length = 0;
  runtime.plugins.length = 0;
  runtime.reports.length = 0;
  const registry = await import('./remote-registry');
  registry.registerDefaultRemotes({ remotes, remoteFallbacks: { catalog: [lastGood, configured] } });
  return registry;
}

describe('remote registry', () => {
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(document, 'cookie', 'get').mockReturnValue('');
  });

  it("registers Module Federation's retry plugin and the release fallback", async () => {
    await freshRegistry();
    expect(runtime.plugins.map((plugin) => plugin.name)).toEqual(['retry-plugin', 'atrium-release-fallback']);
  });

  it('loads from the entries the page came with', async () => {
    const { loadExposed } = await freshRegistry();
    await expect(loadExposed('catalog', 'ServicesPage')).resolves.toBe(
      `ServicesPage from ${remotes.catalog}`,
    );
    expect(runtime.reports).toEqual([]);
  });

  it('falls back to the last good release, then the host’s own entry, reporting each that failed', async () => {
    const { loadExposed } = await freshRegistry();
    runtime.failing.add(remotes.catalog);
    await expect(loadExposed('catalog', 'ServicesPage')).resolves.toBe(`ServicesPage from ${lastGood}`);
    expect(runtime.reports).toEqual([
      { remote: 'catalog', entry: remotes.catalog, reason: `ScriptLoadError: ${remotes.catalog}` },
    ]);

    runtime.failing.add(lastGood);
    const { loadExposed: loadAgain } = await freshRegistry();
    runtime.failing.add(remotes.catalog).add(lastGood);
    await expect(loadAgain('catalog', 'ServicesPage')).resolves.toBe(`ServicesPage from ${configured}`);
    expect(runtime.reports.map((report) => report.entry)).toEqual([remotes.catalog, lastGood]);
  });

  it("loads a marketplace's own rollout first, and falls back to the defaults", async () => {
    const { applyRemoteOverrides, loadExposed } = await freshRegistry();
    applyRemoteOverrides([spotlight]);
    expect(runtime.registerCalls.at(-1)).toEqual({ name: 'atrium_catalog', entry: override, force: true });
    await expect(loadExposed('catalog', 'ServicesPage')).resolves.toBe(`ServicesPage from ${override}`);

    runtime.failing.add(override);
    applyRemoteOverrides([]);
    applyRemoteOverrides([spotlight]);
    await expect(loadExposed('catalog', 'ServicesPage')).resolves.toBe(
      `ServicesPage from ${remotes.catalog}`,
    );
  });

  it("gives a browser in a marketplace's canary the canary, and one outside it the stable release", async () => {
    const canary = { entry: 'https://cdn/catalog/ccc/mf-manifest.json', version: 'ccc', percent: 50 };
    const ids = Array.from(
      { length: 50 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const inside = ids.find((id) => canaryBucket(id, 'catalog', 'ccc') < 50) as string;
    const outside = ids.find((id) => canaryBucket(id, 'catalog', 'ccc') >= 50) as string;

    const { applyRemoteOverrides, loadExposed } = await freshRegistry();
    vi.spyOn(document, 'cookie', 'get').mockReturnValue(`atrium-browser=${inside}`);
    applyRemoteOverrides([{ ...spotlight, canary }]);
    await expect(loadExposed('catalog', 'ServicesPage')).resolves.toBe(`ServicesPage from ${canary.entry}`);
    vi.spyOn(document, 'cookie', 'get').mockReturnValue(`atrium-browser=${outside}`);
    applyRemoteOverrides([{ ...spotlight, canary }]);
    await expect(loadExposed('catalog', 'ServicesPage')).resolves.toBe(`ServicesPage from ${override}`);
  });

  it('says the part is unavailable when no entry can be loaded', async () => {
    const { loadExposed, RemoteUnavailableError } = await freshRegistry();
    runtime.failing.add(remotes.scheduling);
    const failure = loadExposed('scheduling', 'SchedulePage');
    await expect(failure).rejects.toBeInstanceOf(RemoteUnavailableError);
    await expect(failure).rejects.toThrow('The scheduling part of the page could not be loaded.');
  });

  it('starts again from the first entry before a retry, so a recovered release loads again', async () => {
    const { loadExposed, resetRemote } = await freshRegistry();
    runtime.failing.add(remotes.catalog).add(lastGood).add(configured);
    await expect(loadExposed('catalog', 'ServicesPage')).rejects.toThrow();
    runtime.failing.clear();
    resetRemote('catalog');
    expect(runtime.registerCalls.at(-1)).toEqual({
      name: 'atrium_catalog',
      entry: remotes.catalog,
      force: true,
    });
    await expect(loadExposed('catalog', 'ServicesPage')).resolves.toBe(
      `ServicesPage from ${remotes.catalog}`,
    );
  });
});
