import { describe, expect, it } from 'vitest';
import {
  allowedEntries,
  browserIdFromCookies,
  canaryBucket,
  type RemoteRollout,
  remoteEntryChains,
  rolloutEntries,
} from './rollouts';

const configured = {
  catalog: 'http://localhost:3001/mf-manifest.json',
  scheduling: 'http://localhost:3002/mf-manifest.json',
  checkout: 'http://localhost:3003/mf-manifest.json',
  account: 'http://localhost:3004/mf-manifest.json',
  console: 'http://localhost:3005/mf-manifest.json',
};
const release = (version: string) => `https://cdn.example/catalog/${version}/mf-manifest.json`;
const stable: RemoteRollout = {
  remote: 'catalog',
  entry: release('bbb'),
  version: 'bbb',
  fallbackEntry: release('aaa'),
  canary: null,
};
const canary = (percent: number): RemoteRollout => ({
  ...stable,
  canary: { entry: release('ccc'), version: 'ccc', percent },
});
const browsers = Array.from({ length: 2000 }, (_, i) => `browser-${i}-${(i * 7919) % 104729}`);

describe('canary buckets', () => {
  it('puts a browser in the same bucket every time, from 0 to 99', () => {
    for (const id of browsers.slice(0, 50)) {
      const bucket = canaryBucket(id, 'catalog', 'ccc');
      expect(bucket).toBe(canaryBucket(id, 'catalog', 'ccc'));
      expect(bucket).toBeGreaterThanOrEqual(0);
      expect(bucket).toBeLessThan(100);
    }
  });

  it('gives a canary about its share of browsers', () => {
    const inCanary = browsers.filter((id) => rolloutEntries(canary(50), id)[0] === release('ccc')).length;
    expect(inCanary / browsers.length).toBeGreaterThan(0.45);
    expect(inCanary / browsers.length).toBeLessThan(0.55);
    const few = browsers.filter((id) => rolloutEntries(canary(10), id)[0] === release('ccc')).length;
    expect(few / browsers.length).toBeGreaterThan(0.07);
    expect(few / browsers.length).toBeLessThan(0.13);
  });

  it('draws each canary on its own: a new version is not given to the same browsers', () => {
    const first = browsers.filter((id) => canaryBucket(id, 'catalog', 'ccc') < 50);
    const second = new Set(browsers.filter((id) => canaryBucket(id, 'catalog', 'ddd') < 50));
    const both = first.filter((id) => second.has(id)).length;
    expect(both / first.length).toBeGreaterThan(0.4);
    expect(both / first.length).toBeLessThan(0.6);
  });
});

describe('rollout entries', () => {
  it('are the stable release then the last good one', () => {
    expect(rolloutEntries(stable, 'anyone')).toEqual([release('bbb'), release('aaa')]);
  });

  it('start with the canary for a browser in it, and never for a browser without an id', () => {
    const inside = browsers.find((id) => canaryBucket(id, 'catalog', 'ccc') < 50) as string;
    const outside = browsers.find((id) => canaryBucket(id, 'catalog', 'ccc') >= 50) as string;
    expect(rolloutEntries(canary(50), inside)).toEqual([release('ccc'), release('bbb'), release('aaa')]);
    expect(rolloutEntries(canary(50), outside)).toEqual([release('bbb'), release('aaa')]);
    expect(rolloutEntries(canary(99), null)).toEqual([release('bbb'), release('aaa')]);
  });
});

describe('remote entry chains', () => {
  it('are the host’s own entries without a registry', () => {
    const chains = remoteEntryChains({ configured, browserId: 'b' });
    expect(chains.catalog).toEqual([configured.catalog]);
    expect(chains.account).toEqual([configured.account]);
  });

  it('try the marketplace’s rollout, then the default rollout, then the host’s own entry', () => {
    const override: RemoteRollout = {
      remote: 'catalog',
      entry: 'https://cdn.example/catalog/spotlight/mf-manifest.json',
      version: 'spotlight',
    };
    const chains = remoteEntryChains({
      configured,
      defaults: [stable],
      overrides: [override],
      browserId: 'b',
    });
    expect(chains.catalog).toEqual([override.entry, release('bbb'), release('aaa'), configured.catalog]);
    expect(chains.scheduling).toEqual([configured.scheduling]);
  });

  it('leave out entries from origins that are not allowed', () => {
    const evil: RemoteRollout = {
      remote: 'catalog',
      entry: 'https://evil.example/mf-manifest.json',
      version: 'x',
    };
    const allowed = allowedEntries(['https://cdn.example']);
    const chains = remoteEntryChains({
      configured,
      defaults: [stable],
      overrides: [evil],
      browserId: 'b',
      allowed,
    });
    expect(chains.catalog).toEqual([release('bbb'), release('aaa'), configured.catalog]);
  });
});

describe('allowed entries', () => {
  it('match the origin exactly, not a look-alike', () => {
    const allowed = allowedEntries(['https://cdn.example', 'http://localhost:3020/']);
    expect(allowed('https://cdn.example/catalog/x/mf-manifest.json')).toBe(true);
    expect(allowed('http://localhost:3020/catalog/x/mf-manifest.json')).toBe(true);
    expect(allowed('https://cdn.example.evil.test/mf-manifest.json')).toBe(false);
    expect(allowed('http://cdn.example/mf-manifest.json')).toBe(false);
    expect(allowed('https://user@evil.test/mf-manifest.json')).toBe(false);
    expect(allowed('javascript:alert(1)')).toBe(false);
    expect(allowed('/catalog/mf-manifest.json')).toBe(false);
  });
});

describe('browser id from cookies', () => {
  it('reads the atrium-browser cookie among others', () => {
    expect(browserIdFromCookies('a=1; atrium-browser=abc-123; b=2')).toBe('abc-123');
    // The host's signature is not part of the id canaries are drawn by.
    expect(browserIdFromCookies('atrium-browser=abc-123.c2lnbmF0dXJl')).toBe('abc-123');
    expect(browserIdFromCookies('a=1')).toBeNull();
    expect(browserIdFromCookies('')).toBeNull();
  });
});
