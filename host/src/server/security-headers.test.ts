import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHostServer, type HostServerOptions } from './host-server';
import { PAGE_START_PATH } from './page-start';
import { fakeMarketplace, type HostResponse, hostDist, send, startFakeApi } from './test-support';

const dist = hostDist();
let api: Awaited<ReturnType<typeof startFakeApi>>;
const hosts: { close(): Promise<unknown> }[] = [];

async function startHost(options: Partial<HostServerOptions> = {}): Promise<string> {
  const server = createHostServer({ distDir: dist.dir, apiUrl: api.origin, remoteOrigins: [], ...options });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  hosts.push({ close: () => new Promise((resolve) => server.close(resolve)) });
  const address = server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

beforeAll(async () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  api = await startFakeApi(
    (operationName, variables) =>
      operationName === 'Marketplace'
        ? { marketplace: variables.id === '5' ? fakeMarketplace('5') : null }
        : { defaults: [], ...(variables.withMarketplace ? { marketplace: [] } : {}) },
    // The API's other answers, as plain as they come: the host adds what they lack.
    (_request, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('ok'),
  );
});

afterAll(async () => {
  await Promise.all(hosts.map((host) => host.close()));
  await api.close();
  dist.dispose();
});

/** One request of every kind the host's server answers (the remotes at localhost:300x are down). */
const responseKinds: [string, string, Parameters<typeof send>[1]?][] = [
  ["a marketplace's page, its remote down (the shell)", '/5/services', { headers: { accept: 'text/html' } }],
  ['a page the browser renders (the console)', '/5/console/requests', { headers: { accept: 'text/html' } }],
  ['a page of no marketplace (the SPA fallback)', '/reset-password', { headers: { accept: 'text/html' } }],
  ["the site's 404 page", '/5/no-such-page', { headers: { accept: 'text/html' } }],
  ['a missing file', '/static/js/missing.js'],
  ['a hashed static file', '/static/js/index.js'],
  ['config.json', '/config.json'],
  ['the page-start script', PAGE_START_PATH],
  ["a new visitor's redirect to the marketplace's first page", '/5', { headers: { accept: 'text/html' } }],
  ['a refused method', '/5/services', { method: 'POST' }],
  [
    'GraphQL, forwarded to the API',
    '/graphql',
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ health }"}' },
  ],
  ['the health check, forwarded', '/healthz'],
  ['a webhook, forwarded', '/webhooks/stripe', { method: 'POST' }],
  ['the dev mailbox, forwarded', '/dev/mailbox'],
];

function expectSecurityHeaders(response: HostResponse, kind: string) {
  expect(response.headers['x-frame-options'], kind).toBe('DENY');
  expect(response.headers['x-content-type-options'], kind).toBe('nosniff');
  expect(response.headers['referrer-policy'], kind).toBe('strict-origin-when-cross-origin');
  expect(response.headers['content-security-policy'], kind).toContain("frame-ancestors 'none'");
}

describe("the host's server's security headers", () => {
  it('are on every kind of response: pages, files, redirects, refusals and the API answers it forwards', async () => {
    const base = await startHost();
    const statuses: Record<string, number> = {};
    for (const [kind, path, options] of responseKinds) {
      const response = await send(`${base}${path}`, options);
      statuses[kind] = response.status;
      expectSecurityHeaders(response, kind);
      // Over plain HTTP outside production, no HSTS (a browser would ignore it anyway).
      expect(response.headers['strict-transport-security'], kind).toBeUndefined();
    }
    // Each kind was what its name says.
    expect(Object.values(statuses)).toEqual([
      200, 200, 200, 404, 404, 200, 200, 200, 302, 405, 200, 200, 200, 200,
    ]);
  });

  it("keep a page's own script policy, framing refused in it", async () => {
    const base = await startHost();
    const page = await send(`${base}/5/services`, { headers: { accept: 'text/html' } });
    expect(page.headers['content-security-policy']).toMatch(
      /^script-src 'self' .*; object-src 'none'; base-uri 'self'; frame-ancestors 'none'$/,
    );
  });

  it('add HSTS on every response in production', async () => {
    const base = await startHost({ production: true });
    for (const [kind, path, options] of responseKinds) {
      const response = await send(`${base}${path}`, options);
      expectSecurityHeaders(response, kind);
      expect(response.headers['strict-transport-security'], kind).toBe('max-age=31536000');
    }
  });

  it('add HSTS when a trusted proxy says the browser came over HTTPS, not when a client claims it', async () => {
    const proxied = await startHost({ trustProxyHops: 1 });
    const https = { headers: { accept: 'text/html', 'x-forwarded-proto': 'https' } };
    expect((await send(`${proxied}/5/services`, https)).headers['strict-transport-security']).toBe(
      'max-age=31536000',
    );
    const direct = await startHost();
    expect((await send(`${direct}/5/services`, https)).headers['strict-transport-security']).toBeUndefined();
  });
});
