import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { HOST_SECRET_HEADER } from './api-proxy';
import { developmentHostSecret } from './host-config';
import { createHostServer, type HostServerOptions } from './host-server';
import { closingApi, fakeMarketplace, hostDist, send, startFakeApi } from './test-support';

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
        ? { marketplace: fakeMarketplace(String(variables.id)) }
        : { defaults: [], ...(variables.withMarketplace ? { marketplace: [] } : {}) },
    (_request, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('ok'),
  );
});
beforeEach(() => {
  api.requests.length = 0;
});
afterAll(async () => {
  await Promise.all(hosts.map((host) => host.close()));
  await api.close();
  dist.dispose();
});

/** What the API was told about the client of the request it got at `path`. */
function told(path: string) {
  const request = api.requests.find((entry) => entry.path === path);
  return {
    forwardedFor: request?.headers['x-forwarded-for'],
    secret: request?.headers[HOST_SECRET_HEADER],
    realIp: request?.headers['x-real-ip'],
  };
}

describe("the host's proxy to the API", () => {
  it("drops what a client says of its address and tells the API the socket's, with the host's secret", async () => {
    const base = await startHost({ hostSecret: 'the-host-secret-of-at-least-32-characters' });
    await send(`${base}/healthz`, {
      headers: {
        'x-forwarded-for': '203.0.113.66',
        'x-real-ip': '203.0.113.67',
        [HOST_SECRET_HEADER]: 'guessed',
      },
    });
    expect(told('/healthz')).toEqual({
      forwardedFor: '127.0.0.1',
      secret: 'the-host-secret-of-at-least-32-characters',
      realIp: undefined,
    });
  });

  it('behind a proxy, tells the address that proxy appended, not what the client wrote before it', async () => {
    const base = await startHost({ trustProxyHops: 1 });
    await send(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.66, 198.51.100.7' },
      body: '{"query":"{ health }"}',
    });
    expect(told('/graphql')).toMatchObject({ forwardedFor: '198.51.100.7', secret: developmentHostSecret });
  });

  it("gives the API the page's client address on the calls it makes while rendering that page", async () => {
    const base = await startHost({ trustProxyHops: 1 });
    await send(`${base}/7/services`, { headers: { accept: 'text/html', 'x-forwarded-for': '198.51.100.8' } });
    const calls = api.requests.filter((request) => request.path === '/graphql');
    expect(calls.map((call) => call.operationName).sort()).toEqual(['Marketplace', 'RemoteRollouts']);
    for (const call of calls) {
      expect(call.headers['x-forwarded-for']).toBe('198.51.100.8');
      expect(call.headers[HOST_SECRET_HEADER]).toBe(developmentHostSecret);
    }
  });

  it("forwards the console's image uploads and the images themselves (/media) to the API", async () => {
    const base = await startHost();
    const image = `/media/7/${'a'.repeat(32)}.webp`;
    const upload = await send(`${base}/media/7/logo`, {
      method: 'POST',
      headers: { 'content-type': 'image/png', 'x-graphql-yoga-csrf': '1' },
      body: 'the image',
    });
    const served = await send(`${base}${image}`);
    expect([upload.status, served.status]).toEqual([200, 200]);
    const forwarded = api.requests.map((request) => [request.method, request.path, request.body]);
    expect(forwarded).toEqual([
      ['POST', '/media/7/logo', 'the image'],
      ['GET', image, ''],
    ]);
    expect(api.requests[0]?.headers['x-graphql-yoga-csrf']).toBe('1');
  });

  describe('a kept-alive connection to the API that is closed as it is reused', () => {
    const post = (base: string, body: string) =>
      send(`${base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

    it('sends the request once more on a new connection, and the client gets the answer', async () => {
      const closing = await closingApi(2);
      hosts.push(closing);
      const base = await startHost({ apiUrl: closing.origin });
      const first = await post(base, '{"query":"{ one }"}');
      const second = await post(base, '{"query":"{ two }"}');
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(closing.answered).toEqual(['{"query":"{ one }"}', '{"query":"{ two }"}']);
    });

    it('does not send again what failed on a new connection: the client is told the API is unavailable', async () => {
      const closing = await closingApi(1);
      hosts.push(closing);
      const base = await startHost({ apiUrl: closing.origin });
      const answer = await post(base, '{"query":"{ one }"}');
      expect(answer.status).toBe(502);
      expect(JSON.parse(answer.body).errors[0].message).toBe(
        'The booking service is unavailable. Please try again.',
      );
      expect(closing.received()).toBe(1);
    });
  });
});
