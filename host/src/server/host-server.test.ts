import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { verifiedBrowserId } from './browser-id';
import { developmentHostSecret } from './host-config';
import { createHostServer, type HostServerOptions } from './host-server';
import { PAGE_START_PATH } from './page-start';

const dist = mkdtempSync(path.join(tmpdir(), 'atrium-host-'));
writeFileSync(
  path.join(dist, 'index.html'),
  '<!doctype html><html lang="en"><head><title>Atrium</title><script defer src="/static/js/index.js"></script></head><body><div id="root"></div></body></html>',
);
writeFileSync(
  path.join(dist, 'config.json'),
  JSON.stringify({
    remotes: {
      catalog: 'http://localhost:3001/mf-manifest.json',
      scheduling: 'http://localhost:3002/mf-manifest.json',
      checkout: 'http://localhost:3003/mf-manifest.json',
      account: 'http://localhost:3004/mf-manifest.json',
      console: 'http://localhost:3005/mf-manifest.json',
    },
  }),
);

let base = '';

/** A GET with Node's own client (the test environment's fetch is a browser's, without cookies headers). */
function get(pathname: string, headers: Record<string, string> = {}, origin = base) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      http
        .get(`${origin}${pathname}`, { headers }, (res) => {
          let body = '';
          res.on('data', (chunk) => {
            body += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        })
        .on('error', reject);
    },
  );
}

/** A host server without an API (port 9 refuses): pages fall back to config.json's entries. */
async function startHost(options: Partial<HostServerOptions> = {}) {
  const server = createHostServer({
    distDir: dist,
    apiUrl: 'http://127.0.0.1:9',
    remoteOrigins: ['https://cdn.example'],
    ...options,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

let host: Awaited<ReturnType<typeof startHost>>;

beforeAll(async () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
  host = await startHost();
  base = host.base;
});

afterAll(async () => {
  await host.close();
  rmSync(dist, { recursive: true, force: true });
});

describe("the host's server", () => {
  it('sends pages with a Content-Security-Policy that allows no inline script, and no inline script', async () => {
    const response = await get('/reset-password');
    expect(response.status).toBe(200);
    expect(response.headers['content-security-policy']).toBe(
      "script-src 'self' https://cdn.example http://localhost:3001 http://localhost:3002 http://localhost:3003 http://localhost:3004 http://localhost:3005; object-src 'none'; base-uri 'self'; frame-ancestors 'none'",
    );
    const html = response.body;
    expect(html).not.toMatch(/<script>|<script (?!async src=|id="atrium-state" type="application\/json")/);
    expect(html).toContain(`<script async src="${PAGE_START_PATH}"`);
  });

  it('gives a new browser its id signed with HOST_SECRET, for a year, and keeps one it signed', async () => {
    const first = await get('/reset-password');
    const cookie = first.headers['set-cookie']?.[0] ?? '';
    expect(cookie).toMatch(
      /^atrium-browser=[0-9a-f-]{36}\.[\w-]{43}; Path=\/; Max-Age=31536000; SameSite=Lax$/,
    );
    const value = cookie.split(';')[0]?.split('=')[1] as string;
    expect(verifiedBrowserId(value, developmentHostSecret)).toBe(value.split('.')[0]);
    const again = await get('/reset-password', { cookie: `atrium-browser=${value}` });
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('replaces a browser id it did not sign: made up, unsigned (from before), or signed with another secret', async () => {
    const id = '123e4567-e89b-12d3-a456-426614174000';
    for (const made of [
      '<script>',
      id,
      `${id}.${'A'.repeat(43)}`,
      `${id}.x3y2BbZVahLsJywBRBSxvaU0a5CXbPIjtBFp9zVqJyA`,
    ]) {
      const response = await get('/reset-password', { cookie: `atrium-browser=${made}` });
      const value = response.headers['set-cookie']?.[0]?.split(';')[0]?.split('=')[1] ?? '';
      expect(verifiedBrowserId(value, developmentHostSecret), made).not.toBeNull();
    }
  });

  it('marks the browser id Secure once a trusted proxy says the browser came over HTTPS', async () => {
    const behindProxy = await startHost({ trustProxyHops: 1 });
    try {
      const https = await get('/reset-password', { 'x-forwarded-proto': 'https' }, behindProxy.base);
      expect(https.headers['set-cookie']?.[0]).toMatch(/; SameSite=Lax; Secure$/);
    } finally {
      await behindProxy.close();
    }
    // Without a proxy in front, a client's own X-Forwarded-Proto says nothing.
    const claimed = await get('/reset-password', { 'x-forwarded-proto': 'https' });
    expect(claimed.headers['set-cookie']?.[0]).toMatch(/; SameSite=Lax$/);
  });

  it('serves the page-start script, cached for good', async () => {
    const response = await get(PAGE_START_PATH);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toContain('document.currentScript.dataset');
  });
});
