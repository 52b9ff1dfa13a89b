import type { Marketplace, RemoteRolloutView } from '@atrium/graphql-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readPageMarketplace, withPreview } from './page-marketplace';
import type { PageRollouts } from './remote-rollouts';
import { fakeMarketplace } from './test-support';

const own: RemoteRolloutView = {
  remote: 'catalog',
  marketplaceId: '5',
  entry: 'https://cdn.example/catalog/bbbb/mf-manifest.json',
  version: 'bbbb',
  fallbackEntry: null,
  canary: null,
};
const preview = {
  remote: 'catalog' as const,
  version: 'cccc',
  entry: 'https://cdn.example/catalog/cccc/mf-manifest.json',
  expiresAt: '2026-11-24T11:00:00.000Z',
};
const marketplace = (remoteOverrides: RemoteRolloutView[] = []) =>
  fakeMarketplace('5', remoteOverrides) as unknown as Marketplace;
const rollouts = (fields: Partial<PageRollouts>): PageRollouts => ({
  defaults: [],
  overrides: null,
  preview: null,
  ...fields,
});
const graphQLError = (code: string) =>
  Object.assign(new Error(code), { errors: [{ message: code, extensions: { code } }] });

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a page's marketplace", () => {
  it("takes the marketplace's own rollouts from the registry's answer, which is newer than the cached marketplace", async () => {
    const read = await readPageMarketplace(
      '5',
      Promise.resolve(marketplace()),
      rollouts({ overrides: [own] }),
    );
    expect(read).toEqual({ found: true, marketplace: marketplace([own]), preview: null });
  });

  it('keeps the rollouts the marketplace came with when the registry did not answer for it', async () => {
    const read = await readPageMarketplace('5', Promise.resolve(marketplace([own])), rollouts({}));
    expect(read).toEqual({ found: true, marketplace: marketplace([own]), preview: null });
  });

  it("puts an owner's preview first, and tells the page which release it shows until when", async () => {
    const read = await readPageMarketplace(
      '5',
      Promise.resolve(marketplace()),
      rollouts({ overrides: [own], preview }),
    );
    expect(read).toEqual({
      found: true,
      marketplace: marketplace([
        {
          remote: 'catalog',
          marketplaceId: '5',
          entry: 'https://cdn.example/catalog/cccc/mf-manifest.json',
          version: 'cccc',
          fallbackEntry: null,
          canary: null,
        },
        own,
      ]),
      preview: {
        marketplaceId: '5',
        remote: 'catalog',
        version: 'cccc',
        expiresAt: '2026-11-24T11:00:00.000Z',
      },
    });
  });

  it('is a 404 for an id that names no marketplace', async () => {
    const read = await readPageMarketplace('999', Promise.reject(graphQLError('NOT_FOUND')), rollouts({}));
    expect(read).toEqual({ found: false, status: 404 });
  });

  it('leaves the page to the browser (200) when the API cannot be reached, and says so', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const down = new TypeError('fetch failed');
    const read = await readPageMarketplace('5', Promise.reject(down), rollouts({}));
    expect(read).toEqual({ found: false, status: 200 });
    expect(warn).toHaveBeenCalledWith('Marketplace 5 could not be read; the browser will try.', down);
  });
});

describe('an owner’s preview in front of the marketplace’s rollouts', () => {
  it('copies the rollouts unchanged without a preview', () => {
    const overrides = [own];
    const result = withPreview(overrides, null, '5');
    expect(result).toEqual([own]);
    expect(result).not.toBe(overrides);
  });
});
