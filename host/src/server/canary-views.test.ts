import { canaryBucket } from '@atrium/federation';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { HOST_SECRET_HEADER } from './api-proxy';
import { browserIdSignature } from './browser-id';
import { CANARY_VIEWS_PATH } from './canary-views';
import { developmentHostSecret } from './host-config';
import { createHostServer } from './host-server';
import { fakeMarketplace, hostDist, send, startFakeApi } from './test-support';

const dist = hostDist();
let api: Awaited<ReturnType<typeof startFakeApi>>;
let host: { base: string; close(): Promise<unknown> };

const inCanary = '123e4567-e89b-12d3-a456-426614174000';
const outOfCanary = '123e4567-e89b-12d3-a456-426614174004';
const alsoInCanary = '123e4567-e89b-12d3-a456-426614174003';
const canaryVersion = 'c0ffee123456';
// The canary's share: just enough for the first browser, not the second.
const percent = canaryBucket(inCanary, 'catalog', canaryVersion) + 1;
const cookie = (id: string) => `atrium-browser=${id}.${browserIdSignature(id, developmentHostSecret)}`;

beforeAll(async () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  expect(canaryBucket(outOfCanary, 'catalog', canaryVersion)).toBeGreaterThanOrEqual(percent);
  expect(canaryBucket(alsoInCanary, 'catalog', canaryVersion)).toBeLessThan(percent);
  api = await startFakeApi(
    (operationName, variables) => {
      if (operationName === 'Marketplace') return { marketplace: fakeMarketplace(String(variables.id)) };
      const catalog = {
        remote: 'catalog',
        marketplaceId: null,
        entry: 'http://localhost:3001/stable/mf-manifest.json',
        version: 'aaaaaaaaaaaa',
        fallbackEntry: null,
        canary: { entry: 'http://localhost:3001/canary/mf-manifest.json', version: canaryVersion, percent },
        canaryRemoval: null,
      };
      return { defaults: [catalog], ...(variables.withMarketplace ? { marketplace: [] } : {}) };
    },
    (_request, res) => res.writeHead(204).end(),
  );
  const server = createHostServer({
    distDir: dist.dir,
    apiUrl: api.origin,
    remoteOrigins: ['http://localhost:3001'],
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  host = {
    base: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
});
beforeEach(() => {
  api.requests.length = 0;
});
afterAll(async () => {
  await host.close();
  await api.close();
  dist.dispose();
});

const views = () => api.requests.filter((request) => request.path === CANARY_VIEWS_PATH);
const page = (id: string) =>
  send(`${host.base}/7/services`, { headers: { accept: 'text/html', cookie: cookie(id) } });

describe('canary views', () => {
  it('tell the API, with the host secret, which browser a page sent to a canary, once for many pages', async () => {
    await page(inCanary);
    await vi.waitFor(() => expect(views()).toHaveLength(1));
    const [view] = views();
    expect(view?.method).toBe('POST');
    expect(view?.headers[HOST_SECRET_HEADER]).toBe(developmentHostSecret);
    expect(JSON.parse(view?.body ?? '')).toEqual({
      browserId: inCanary,
      canaries: [{ remote: 'catalog', entry: 'http://localhost:3001/canary/mf-manifest.json' }],
    });
    await page(inCanary);
    await page(inCanary);
    expect(views()).toHaveLength(1);
  });

  it('say nothing of a browser the page sent to the stable release', async () => {
    await page(outOfCanary);
    // A browser in the canary after it: its view is the only one told.
    await page(alsoInCanary);
    await vi.waitFor(() => expect(views()).toHaveLength(1));
    expect(JSON.parse(views()[0]?.body ?? '').browserId).toBe(alsoInCanary);
  });
});
