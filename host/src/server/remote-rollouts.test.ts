import { beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({
  calls: [] as (string | null)[],
  tokens: [] as (string | null)[],
  answer: null as unknown,
  // The preview the registry shows for `previewToken` (the one token it knows).
  preview: null as unknown,
  down: false,
}));
vi.mock('@atrium/graphql-client', () => ({
  fetchRemoteRollouts: async (
    marketplaceId: string | null,
    { previewToken = null }: { previewToken?: string | null } = {},
  ) => {
    api.calls.push(marketplaceId);
    api.tokens.push(previewToken);
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (api.down) throw new Error('connect ECONNREFUSED');
    return { ...(api.answer as object), preview: previewToken === ownerToken ? api.preview : null };
  },
}));
const ownerToken = 'o'.repeat(43);
const strangerToken = 's'.repeat(43);

const { createRemoteRollouts } = await import('./remote-rollouts');
const preview = {
  remote: 'catalog',
  version: 'ppp',
  entry: 'https://cdn/catalog/ppp/mf-manifest.json',
  expiresAt: '2026-11-24T11:00:00.000Z',
};

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
    api.tokens.length = 0;
    api.down = false;
    api.preview = preview;
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
    expect(await read('2')).toEqual({ ...(api.answer as object), preview: null });
    // Another marketplace: the defaults last read, and its own rollouts unknown (null, not none).
    expect(await read('3')).toEqual({ defaults: [rollout('aaa')], overrides: null, preview: null });
  });

  it('answers with no rollouts when the API has never answered (config.json stands)', async () => {
    const read = createRemoteRollouts();
    api.down = true;
    expect(await read(null)).toEqual({ defaults: [], overrides: null, preview: null });
  });

  describe("an owner's preview", () => {
    it("is read with the browser's token and shown to that browser only", async () => {
      const read = createRemoteRollouts();
      api.answer = { defaults: [rollout('aaa')], overrides: [] };
      const [owner, stranger, other] = await Promise.all([
        read('2', ownerToken),
        read('2', strangerToken),
        read('2'),
      ]);
      expect(owner.preview).toEqual(preview);
      expect(stranger.preview).toBeNull();
      expect(other.preview).toBeNull();
      // Three requests: pages asking at once share one only when they carry the same token.
      expect(api.tokens.sort()).toEqual([null, ownerToken, strangerToken].sort());
    });

    it('shares a request only between pages with the same token', async () => {
      const read = createRemoteRollouts();
      api.answer = { defaults: [rollout('aaa')], overrides: [] };
      const answers = await Promise.all([read('2', ownerToken), read('2', ownerToken)]);
      expect(answers.map((answer) => answer.preview)).toEqual([preview, preview]);
      expect(api.tokens).toEqual([ownerToken]);
    });

    it("is never kept as the marketplace's last good answer", async () => {
      const read = createRemoteRollouts();
      api.answer = { defaults: [rollout('aaa')], overrides: [rollout('own', '2')] };
      expect((await read('2', ownerToken)).preview).toEqual(preview);
      api.down = true;
      // Another browser while the API is down: the marketplace's rollouts, never the owner's preview.
      expect(await read('2')).toEqual({
        defaults: [rollout('aaa')],
        overrides: [rollout('own', '2')],
        preview: null,
      });
      // The owner too: without the registry, no preview.
      expect((await read('2', ownerToken)).preview).toBeNull();
    });

    it('never sends a malformed token, or one for a page of no marketplace', async () => {
      const read = createRemoteRollouts();
      api.answer = { defaults: [rollout('aaa')], overrides: [] };
      await read('2', 'not-a-token');
      await read(null, ownerToken);
      await read('0', ownerToken);
      expect(api.tokens).toEqual([null, null, null]);
    });
  });
});
