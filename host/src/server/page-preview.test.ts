// An owner's preview on the host's server (a release of a remote tried on their own marketplace): the
// page of the browser that holds the preview token loads the previewed release first; every other
// browser gets what the marketplace's clients get, even when the pages are asked for at the same time.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DOCUMENT_STATE_ID, type DocumentState } from '../document-state';
import { createHostServer } from './host-server';

const ownerToken = 'o'.repeat(43);
const strangerToken = 's'.repeat(43);

const dist = mkdtempSync(path.join(tmpdir(), 'atrium-host-preview-'));
writeFileSync(
  path.join(dist, 'index.html'),
  '<!doctype html><html lang="en"><head><title>Atrium</title></head><body><div id="root"></div></body></html>',
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

let api: http.Server;
let host: http.Server;
let apiOrigin = '';
let hostOrigin = '';
/** The preview tokens the API was asked about, in order. */
const previewReads: string[] = [];

const release = (version: string, marketplaceId: string | null) => ({
  remote: 'catalog',
  marketplaceId,
  entry: `${apiOrigin}/catalog/${version}/mf-manifest.json`,
  version,
  fallbackEntry: null,
  canary: null,
});

const marketplace = () => ({
  id: '5',
  mgId: '5',
  name: 'Preview Spa',
  logo: null,
  favicon: null,
  primaryColor: '#123456',
  navigationGroupId: null,
  providesAtHome: false,
  clinicOrganizations: [],
  categories: [],
  procedures: [],
  checkoutNotes: [],
  paymentSettings: {
    hasPaymentPolicy: false,
    paymentPolicyName: null,
    paymentPolicyText: null,
    requirePaymentPolicyAttestation: false,
    paymentCollectionMethod: 'collect_on_site',
    paymentDepositType: null,
    paymentDepositValue: null,
  },
  remoteOverrides: [],
});

/** A GraphQL answer by operation, as the API would give it. */
function answer(operationName: string, variables: Record<string, unknown>): unknown {
  switch (operationName) {
    case 'Marketplace':
      return { marketplace: marketplace() };
    case 'RemoteRollouts':
      return {
        defaults: [release('aaaaaaaaaaaa', null)],
        ...(variables.withMarketplace
          ? { marketplace: [release('a1a1a1a1a1a1', null), release('bbbbbbbbbbbb', '5')] }
          : {}),
      };
    case 'RemotePreview': {
      previewReads.push(String(variables.token));
      // Only the owner's token, and only on marketplace 5.
      const valid = variables.token === ownerToken && variables.marketplaceId === '5';
      return {
        remotePreview: valid
          ? {
              remote: 'catalog',
              version: 'cccccccccccc',
              entry: `${apiOrigin}/catalog/cccccccccccc/mf-manifest.json`,
              expiresAt: '2026-11-24T11:00:00.000Z',
            }
          : null,
      };
    }
    default:
      throw new Error(`Unexpected operation ${operationName}`);
  }
}

/** A GET of the host's page with Node's own client (the test environment's fetch sends no Cookie). */
function page(pathname: string, cookie?: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; state: DocumentState }>(
    (resolve, reject) => {
      http
        .get(`${hostOrigin}${pathname}`, { headers: cookie ? { cookie } : {} }, (res) => {
          let body = '';
          res.on('data', (chunk) => {
            body += chunk;
          });
          res.on('end', () => {
            const json = new RegExp(
              `<script id="${DOCUMENT_STATE_ID}" type="application/json">(.*?)</script>`,
              's',
            ).exec(body)?.[1];
            if (!json)
              return reject(
                new Error(`No document state in ${pathname}: ${res.statusCode} ${body.slice(0, 300)}`),
              );
            resolve({ status: res.statusCode ?? 0, headers: res.headers, state: JSON.parse(json) });
          });
        })
        .on('error', reject);
    },
  );
}

/** The marketplace's own rollouts of catalog as the page hands them to the browser, in order. */
function catalogOverrides(state: DocumentState): string[] {
  const query = state.queries.queries.find(
    (entry) => (entry.state.data as { id?: string } | undefined)?.id === '5',
  );
  const data = query?.state.data as { remoteOverrides: { remote: string; version: string }[] };
  return data.remoteOverrides
    .filter((rollout) => rollout.remote === 'catalog')
    .map((rollout) => rollout.version);
}

beforeAll(async () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
  api = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://api');
    // The test environment's fetch is a browser's (happy-dom): it asks across origins as one does.
    res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
    res.setHeader('Access-Control-Allow-Credentials', 'true');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? '',
        'Access-Control-Allow-Methods': 'GET, POST',
      });
      res.end();
      return;
    }
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      if (url.pathname !== '/graphql') {
        res.writeHead(404).end();
        return;
      }
      const params =
        req.method === 'GET'
          ? {
              operationName: url.searchParams.get('operationName') ?? '',
              variables: JSON.parse(url.searchParams.get('variables') ?? '{}'),
            }
          : (JSON.parse(body) as { operationName: string; variables: Record<string, unknown> });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: answer(params.operationName, params.variables ?? {}) }));
    });
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  apiOrigin = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  host = createHostServer({ distDir: dist, apiUrl: apiOrigin, remoteOrigins: [apiOrigin] });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  hostOrigin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => host.close(resolve));
  await new Promise((resolve) => api.close(resolve));
  rmSync(dist, { recursive: true, force: true });
});

beforeEach(() => {
  previewReads.length = 0;
});

describe("an owner's preview on the host's server", () => {
  it("loads the previewed release first in the owner's browser, then the marketplace's own", async () => {
    const { status, state, headers } = await page('/5/services', `atrium-preview=${ownerToken}`);
    expect(status).toBe(200);
    expect(previewReads).toEqual([ownerToken]);
    expect(catalogOverrides(state)).toEqual(['cccccccccccc', 'bbbbbbbbbbbb']);
    expect(state.preview).toEqual({
      marketplaceId: '5',
      remote: 'catalog',
      version: 'cccccccccccc',
      expiresAt: '2026-11-24T11:00:00.000Z',
    });
    // Kept by no shared cache.
    expect(headers['cache-control']).toBe('private, no-cache');
  });

  it('gives every other browser what the clients get, even asked at the same time', async () => {
    const [owner, plain, stranger] = await Promise.all([
      page('/5/services', `atrium-preview=${ownerToken}`),
      page('/5/services'),
      page('/5/services', `atrium-preview=${strangerToken}`),
    ]);
    expect(catalogOverrides(owner.state)).toEqual(['cccccccccccc', 'bbbbbbbbbbbb']);
    for (const other of [plain, stranger]) {
      expect(catalogOverrides(other.state)).toEqual(['bbbbbbbbbbbb']);
      expect(other.state.preview).toBeNull();
    }
    expect(plain.headers['cache-control']).toBe('no-cache');
  });

  it('never asks with a malformed token', async () => {
    const { state } = await page('/5/services', 'atrium-preview=not-a-token');
    expect(previewReads).toEqual([]);
    expect(state.preview).toBeNull();
  });
});
