import { parseRuntimeConfig } from '@atrium/federation';
import type { RemoteRolloutView } from '@atrium/graphql-client';
import { describe, expect, it } from 'vitest';
import { pageEntries } from './page-entries';

const config = parseRuntimeConfig({
  remotes: {
    catalog: 'http://localhost:3001/mf-manifest.json',
    scheduling: 'http://localhost:3002/mf-manifest.json',
    checkout: 'http://localhost:3003/mf-manifest.json',
    account: 'http://localhost:3004/mf-manifest.json',
    console: 'http://localhost:3005/mf-manifest.json',
  },
});

const rollout = (
  fields: Partial<RemoteRolloutView> & Pick<RemoteRolloutView, 'entry'>,
): RemoteRolloutView => ({
  remote: 'catalog',
  marketplaceId: null,
  version: 'v1',
  fallbackEntry: null,
  canary: null,
  ...fields,
});

const defaults = [
  rollout({
    entry: 'https://cdn.example/catalog/v2/mf-manifest.json',
    fallbackEntry: 'https://cdn.example/catalog/v1/mf-manifest.json',
  }),
  rollout({ remote: 'scheduling', entry: 'https://elsewhere.example/scheduling/mf-manifest.json' }),
];
const own = [
  rollout({
    marketplaceId: '5',
    entry: 'https://cdn.example/catalog/spotlight/mf-manifest.json',
    canary: { entry: 'https://cdn.example/catalog/canary/mf-manifest.json', version: 'v9', percent: 100 },
  }),
];

const entries = (browserId: string | null = 'browser-1') =>
  pageEntries({
    config,
    remoteOrigins: ['https://cdn.example'],
    rollouts: { defaults, overrides: own, preview: null },
    browserId,
  });

describe("a page's remote entries", () => {
  it("give the browser's config.json the defaults' entries first, then their fallbacks and the host's own", () => {
    expect(entries().runtime).toEqual({
      remotes: {
        catalog: 'https://cdn.example/catalog/v2/mf-manifest.json',
        scheduling: 'http://localhost:3002/mf-manifest.json',
        checkout: 'http://localhost:3003/mf-manifest.json',
        account: 'http://localhost:3004/mf-manifest.json',
        console: 'http://localhost:3005/mf-manifest.json',
      },
      remoteFallbacks: {
        catalog: [
          'https://cdn.example/catalog/v1/mf-manifest.json',
          'http://localhost:3001/mf-manifest.json',
        ],
      },
    });
  });

  it("try a marketplace's own rollout (its canary for a browser drawn into it) before the defaults", () => {
    expect(entries().chains(own).catalog).toEqual([
      'https://cdn.example/catalog/canary/mf-manifest.json',
      'https://cdn.example/catalog/spotlight/mf-manifest.json',
      'https://cdn.example/catalog/v2/mf-manifest.json',
      'https://cdn.example/catalog/v1/mf-manifest.json',
      'http://localhost:3001/mf-manifest.json',
    ]);
  });

  it('load nothing from an origin off the allow-list', () => {
    expect(entries().allowed('https://elsewhere.example/scheduling/mf-manifest.json')).toBe(false);
    expect(entries().allowed('http://localhost:3002/mf-manifest.json')).toBe(true);
    expect(entries().chains().scheduling).toEqual(['http://localhost:3002/mf-manifest.json']);
  });

  it('name the canaries the browser is sent to first, and none for a browser without an id', () => {
    expect(entries().canaries(own)).toEqual([
      { remote: 'catalog', entry: 'https://cdn.example/catalog/canary/mf-manifest.json' },
    ]);
    expect(entries(null).canaries(own)).toEqual([]);
    expect(entries().canaries([])).toEqual([]);
  });
});
