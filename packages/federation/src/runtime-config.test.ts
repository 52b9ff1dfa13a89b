import { describe, expect, it } from 'vitest';
import { parseRuntimeConfig } from './runtime-config';

const remotes = {
  catalog: 'http://localhost:3001/mf-manifest.json',
  scheduling: 'http://localhost:3002/mf-manifest.json',
  checkout: 'http://localhost:3003/mf-manifest.json',
  account: 'http://localhost:3004/mf-manifest.json',
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
