import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHostServer } from './host-server';
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

let server: http.Server;
let base = '';

/** A GET with Node's own client (the test environment's fetch is a browser's, without cookies headers). */
function get(pathname: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      http
        .get(`${base}${pathname}`, { headers }, (res) => {
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

beforeAll(async () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
  // No API answers here (port 9 refuses): pages fall back to config.json's entries.
  server = createHostServer({
    distDir: dist,
    apiUrl: 'http://127.0.0.1:9',
    remoteOrigins: ['https://cdn.example'],
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dist, { recursive: true, force: true });
});

describe("the host's server", () => {
  it('sends pages with a Content-Security-Policy that allows no inline script, and no inline script', async () => {
    const response = await get('/reset-password');
    expect(response.status).toBe(200);
    expect(response.headers['content-security-policy']).toBe(
      "script-src 'self' https://cdn.example http://localhost:3001 http://localhost:3002 http://localhost:3003 http://localhost:3004 http://localhost:3005; object-src 'none'; base-uri 'self'",
    );
    const html = response.body;
    expect(html).not.toMatch(/<script>|<script (?!async src=|id="atrium-state" type="application\/json")/);
    expect(html).toContain(`<script async src="${PAGE_START_PATH}"`);
  });

  it('gives a new browser its id, for a year, and keeps a known one', async () => {
    const first = await get('/reset-password');
    const cookie = first.headers['set-cookie']?.[0] ?? '';
    expect(cookie).toMatch(/^atrium-browser=[0-9a-f-]{36}; Path=\/; Max-Age=31536000; SameSite=Lax$/);
    const again = await get('/reset-password', { cookie: cookie.split(';')[0] as string });
    expect(again.headers['set-cookie']).toBeUndefined();
    const forged = await get('/reset-password', { cookie: 'atrium-browser=<script>' });
    expect(forged.headers['set-cookie']?.[0]).toMatch(/^atrium-browser=[0-9a-f-]{36};/);
  });

  it('serves the page-start script, cached for good', async () => {
    const response = await get(PAGE_START_PATH);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toContain('document.currentScript.dataset');
  });
});
