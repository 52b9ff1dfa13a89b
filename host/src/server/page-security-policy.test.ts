import { parseRuntimeConfig } from '@atrium/federation';
import { describe, expect, it } from 'vitest';
import { pageSecurityPolicy } from './page-security-policy';

const remotes = {
  catalog: 'http://localhost:3001/mf-manifest.json',
  scheduling: 'http://localhost:3002/mf-manifest.json',
  checkout: 'http://localhost:3003/mf-manifest.json',
  account: 'http://localhost:3004/mf-manifest.json',
  console: 'http://localhost:3005/mf-manifest.json',
};

describe("the pages' Content-Security-Policy", () => {
  it('lets scripts come only from the host, its remotes and the allowed origins: no inline script, no eval, no framing', () => {
    const policy = pageSecurityPolicy(parseRuntimeConfig({ remotes }), [
      'https://cdn.example',
      'http://localhost:3001',
    ]);
    expect(policy).toBe(
      "script-src 'self' https://cdn.example http://localhost:3001 http://localhost:3002 http://localhost:3003 http://localhost:3004 http://localhost:3005; object-src 'none'; base-uri 'self'; frame-ancestors 'none'",
    );
    expect(policy).not.toContain('unsafe');
  });

  it('adds the third-party scripts config.json turns on', () => {
    const config = parseRuntimeConfig({
      remotes,
      scriptOrigins: ['https://js.stripe.com'],
      googleMapsApiKey: 'key',
      marketingAnalytics: { scriptHost: 'https://analytics.example/tag' },
    });
    expect(pageSecurityPolicy(config, [])).toContain(
      'http://localhost:3005 https://js.stripe.com https://maps.googleapis.com https://maps.gstatic.com https://analytics.example;',
    );
  });
});
