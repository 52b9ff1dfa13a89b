import { type APIResponse, expect, test } from '@playwright/test';
import { ports } from '../support/ports';

// Every kind of answer the deployed site gives, pages rendered on the server by the real remotes
// included: no other site may frame it, no browser guesses a type, and referrers stay on the site.

function expectSecurityHeaders(response: APIResponse, kind: string) {
  const headers = response.headers();
  expect(headers['x-frame-options'], kind).toBe('DENY');
  expect(headers['x-content-type-options'], kind).toBe('nosniff');
  expect(headers['referrer-policy'], kind).toMatch(/^(strict-origin-when-cross-origin|no-referrer)$/);
  expect(headers['content-security-policy'], kind).toContain("frame-ancestors 'none'");
}

test('every page, file, redirect and API answer of the site refuses framing and sniffing', async ({
  request,
}) => {
  const html = { headers: { accept: 'text/html' } };
  const rendered = await request.get('/3/services', html);
  // Rendered on the server from the catalog remote: the list is in the HTML.
  expect(await rendered.text()).toContain('Select a Service');
  expectSecurityHeaders(rendered, 'a page rendered on the server');
  expect(rendered.headers()['content-security-policy']).toMatch(/^script-src 'self' /);

  const pageStart = /<script async src="(\/page-start\.[0-9a-f]{12}\.js)"/.exec(await rendered.text())?.[1];
  const hostScript = /href="(\/static\/js\/[^"]+\.js)"/.exec(
    await (await request.get('/reset-password', html)).text(),
  )?.[1];
  const kinds: [string, Promise<APIResponse>, number][] = [
    ['a page the browser renders (profile)', request.get('/3/profile', html), 200],
    ['a console page', request.get('/3/console/requests', html), 200],
    ['a page of no marketplace', request.get('/reset-password', html), 200],
    ["the site's 404 page", request.get('/3/no-such-page', html), 404],
    ['a missing file', request.get('/static/js/missing.js'), 404],
    ["the host's script", request.get(hostScript ?? '/missing'), 200],
    ['the page-start script', request.get(pageStart ?? '/missing'), 200],
    ["a new visitor's redirect", request.get('/3', { ...html, maxRedirects: 0 }), 302],
    ['GraphQL', request.post('/graphql', { data: { query: '{ health }' } }), 200],
    ['the health check', request.get('/healthz'), 200],
    ['an asset', request.get('/assets/catalog/nocturne-aesthetics/lip-filler.svg'), 200],
    ['a webhook (none with the sandbox processor)', request.post('/webhooks/stripe', { data: '{}' }), 404],
    ['the dev mailbox', request.get('/dev/mailbox'), 200],
  ];
  for (const [kind, answer, status] of kinds) {
    const response = await answer;
    expect(response.status(), kind).toBe(status);
    expectSecurityHeaders(response, kind);
  }
});

test("a remote's deployment serves its files nosniff", async ({ request }) => {
  const manifest = await request.get(`http://localhost:${ports.catalog}/mf-manifest.json`);
  expect(manifest.status()).toBe(200);
  expect(manifest.headers()['x-content-type-options']).toBe('nosniff');
});
