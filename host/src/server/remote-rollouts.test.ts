import { beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({ calls: [] as (string | null)[], answer: null as unknown, down: false }));
vi.mock('@atrium/graphql-client', () => ({
  fetchRemoteRollouts: async (marketplaceId: string | null) => {
    api.calls.push(marketplaceId);
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (api.down) throw new Error('connect ECONNREFUSED');
    return api.answer;
  },
}));

const { createRemoteRollouts } = await import('./remote-rollouts');

const rollout = (version: string, marketplaceId: string | null = null) => ({
  remote: 'catalog' as const,
  marketplaceId,
  entry: `https://cdn/catalog/${version}/mf-manifest.json`,
  version,
  fallbackEntry: null,
  canary: null,
});

describe("the host's reading of the release registry", () => {
  beforeEach(() => {
    api.calls.length = 0;
    api.down = false;
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });

  it('asks on every page, so a promotion shows on the next load', async () => {
    const read = createRemoteRollouts();
    api.answer = { defaults: [rollout('aaa')], overrides: [] };
    expect((await read(null)).defaults[0]?.version).toBe('aaa');
    api.answer = { defaults: [rollout('bbb')], overrides: [] };
    expect((await read(null)).defaults[0]?.version).toBe('bbb');
    expect(api.calls).toEqual([null, null]);
  });

  it('shares one request between pages asking at once', async () => {
    const read = createRemoteRollouts();
    api.answer = { defaults: [rollout('aaa')], overrides: [] };
    await Promise.all([read('2'), read('2'), read('2')]);
    expect(api.calls).toEqual(['2']);
  });

  it('keeps the last good answer while the API is down', async () => {
    const read = createRemoteRollouts();
    api.answer = { defaults: [rollout('aaa')], overrides: [rollout('spotlight', '2')] };
    await read('2');
    api.down = true;
    expect(await read('2')).toEqual(api.answer);
    // Another marketplace: the defaults last read, and its own rollouts unknown (null, not none).
    expect(await read('3')).toEqual({ defaults: [rollout('aaa')], overrides: null });
  });

  it('answers with no rollouts when the API has never answered (config.json stands)', async () => {
    const read = createRemoteRollouts();
    api.down = true;
    expect(await read(null)).toEqual({ defaults: [], overrides: null });
  });
});
