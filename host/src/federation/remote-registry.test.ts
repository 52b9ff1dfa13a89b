import { beforeEach, describe, expect, it, vi } from 'vitest';

// The Module Federation runtime is the boundary here: record what is registered and make loads
// succeed or fail per entry URL, to test the override and fallback rules on their own.
const runtime = vi.hoisted(() => ({
  entries: new Map<string, string>(),
  failing: new Set<string>(),
  registerCalls: [] as { name: string; entry: string; force: boolean }[],
}));

vi.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: (remotes: { name: string; entry: string }[], options?: { force?: boolean }) => {
    for (const remote of remotes) {
      runtime.entries.set(remote.name, remote.entry);
      runtime.registerCalls.push({ name: remote.name, entry: remote.entry, force: Boolean(options?.force) });
    }
  },
  loadRemote: async (id: string) => {
    const [name, module] = id.split('/');
    const entry = runtime.entries.get(name ?? '') ?? '';
    if (runtime.failing.has(entry)) throw new Error(`ScriptLoadError: ${entry}`);
    return { default: `${module} from ${entry}` };
  },
}));

const defaults = {
  catalog: 'https://cdn/catalog/mf-manifest.json',
  scheduling: 'https://cdn/scheduling/mf-manifest.json',
  checkout: 'https://cdn/checkout/mf-manifest.json',
  account: 'https://cdn/account/mf-manifest.json',
};
const override = 'https://cdn/catalog-spotlight/mf-manifest.json';

async function freshRegistry() {
  vi.resetModules();
  runtime.entries.clear();
  runtime.failing.clear();
  runtime.registerCalls.length = 0;
  const registry = await import('./remote-registry');
  registry.registerDefaultRemotes(defaults);
  return registry;
}

describe('remote registry', () => {
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('loads from the default entries of the runtime config', async () => {
    const { loadExposed } = await freshRegistry();
    await expect(loadExposed('catalog', 'ServicesPage')).resolves.toBe(
      `ServicesPage from ${defaults.catalog}`,
    );
  });

  it("loads a marketplace's override instead of the default", async () => {
    const { applyRemoteOverrides, loadExposed } = await freshRegistry();
    applyRemoteOverrides([{ remote: 'catalog', entry: override }]);
    await expect(loadExposed('catalog', 'ServicesPage')).resolves.toBe(`ServicesPage from ${override}`);
    expect(runtime.registerCalls.at(-1)).toEqual({ name: 'atrium_catalog', entry: override, force: true });
  });

  it('falls back to the default entry when the override cannot be loaded', async () => {
    const { applyRemoteOverrides, loadExposed } = await freshRegistry();
    applyRemoteOverrides([{ remote: 'catalog', entry: override }]);
    runtime.failing.add(override);
    await expect(loadExposed('catalog', 'ServicesPage')).resolves.toBe(
      `ServicesPage from ${defaults.catalog}`,
    );
  });

  it('reports the remote as unavailable when the default cannot be loaded either', async () => {
    const { loadExposed, RemoteUnavailableError } = await freshRegistry();
    runtime.failing.add(defaults.scheduling);
    const failure = loadExposed('scheduling', 'SchedulePage');
    await expect(failure).rejects.toBeInstanceOf(RemoteUnavailableError);
    await expect(failure).rejects.toThrow('The scheduling part of the page could not be loaded.');
  });

  it('goes back to the defaults for a marketplace without overrides', async () => {
    const { applyRemoteOverrides, loadExposed } = await freshRegistry();
    applyRemoteOverrides([{ remote: 'catalog', entry: override }]);
    applyRemoteOverrides([]);
    await expect(loadExposed('catalog', 'ServicesPage')).resolves.toBe(
      `ServicesPage from ${defaults.catalog}`,
    );
  });

  it('re-registers the current entry before a retry so a recovered remote loads again', async () => {
    const { loadExposed, resetRemote } = await freshRegistry();
    runtime.failing.add(defaults.scheduling);
    await expect(loadExposed('scheduling', 'SchedulePage')).rejects.toThrow();
    runtime.failing.clear();
    resetRemote('scheduling');
    expect(runtime.registerCalls.at(-1)).toEqual({
      name: 'atrium_scheduling',
      entry: defaults.scheduling,
      force: true,
    });
    await expect(loadExposed('scheduling', 'SchedulePage')).resolves.toBe(
      `SchedulePage from ${defaults.scheduling}`,
    );
  });
});
