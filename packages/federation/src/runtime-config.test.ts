import { describe, expect, it } from 'vitest';
import { parseRuntimeConfig } from './runtime-config';

const remotes = {
  catalog: 'http://localhost:3001/mf-manifest.json',
  scheduling: 'http://localhost:3002/mf-manifest.json',
  checkout: 'http://localhost:3003/mf-manifest.json',
  account: 'http://localhost:3004/mf-manifest.json',
  console: 'http://localhost:3005/mf-manifest.json',
};

describe('parseRuntimeConfig: marketing analytics', () => {
  it('is off when config.json leaves it out or sets it to null', () => {
    expect(parseRuntimeConfig({ remotes }).marketingAnalytics).toBeNull();
    expect(parseRuntimeConfig({ remotes, marketingAnalytics: null }).marketingAnalytics).toBeNull();
  });

  it('takes a script host and a partner hash', () => {
    const config = parseRuntimeConfig({
      remotes,
      marketingAnalytics: { scriptHost: 'https://analytics.example', partnerHash: 'p4rtn3r' },
    });
    expect(config.marketingAnalytics).toEqual({
      scriptHost: 'https://analytics.example',
      partnerHash: 'p4rtn3r',
    });
  });

  it('keeps a missing partner hash as null, for identification to report', () => {
    const config = parseRuntimeConfig({
      remotes,
      marketingAnalytics: { scriptHost: 'https://analytics.example' },
    });
    expect(config.marketingAnalytics).toEqual({ scriptHost: 'https://analytics.example', partnerHash: null });
  });

  it.each([{}, { scriptHost: '/analytics' }, { scriptHost: 'not a url' }, 'https://analytics.example'])(
    'refuses %j: a script host URL is needed',
    (marketingAnalytics) => {
      expect(() => parseRuntimeConfig({ remotes, marketingAnalytics })).toThrow(
        'config.json: "marketingAnalytics" needs a "scriptHost" URL.',
      );
    },
  );
});

describe('parseRuntimeConfig: release fallbacks and script origins', () => {
  it('defaults to none', () => {
    const config = parseRuntimeConfig({ remotes });
    expect(config.remoteFallbacks).toEqual({});
    expect(config.scriptOrigins).toEqual([]);
  });

  it('reads fallbacks per remote and origins of scripts', () => {
    const config = parseRuntimeConfig({
      remotes,
      remoteFallbacks: { catalog: ['https://cdn.example/catalog/a/mf-manifest.json'], unknown: ['x'] },
      scriptOrigins: ['https://js.stripe.com/v3/'],
    });
    expect(config.remoteFallbacks).toEqual({ catalog: ['https://cdn.example/catalog/a/mf-manifest.json'] });
    expect(config.scriptOrigins).toEqual(['https://js.stripe.com']);
  });

  it('refuses fallbacks that are not URLs and script origins that are not origins', () => {
    expect(() => parseRuntimeConfig({ remotes, remoteFallbacks: { catalog: [42] } })).toThrow(
      'config.json: the fallbacks of remote "catalog" must be a list of URLs.',
    );
    expect(() => parseRuntimeConfig({ remotes, scriptOrigins: ['not a url'] })).toThrow(
      'config.json: "scriptOrigins" must list origins such as https://js.stripe.com.',
    );
  });
});
