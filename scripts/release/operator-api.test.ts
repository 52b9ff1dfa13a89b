import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  operatorApiFromEnv,
  promoteRemoteRelease,
  recordRemoteRelease,
  rollbackRemote,
} from './operator-api';

interface Received {
  url: string | undefined;
  headers: http.IncomingHttpHeaders;
  body: { query: string; variables: Record<string, unknown> };
}

let server: http.Server | null = null;

/** A stand-in API answering every request with `answer`, recording what it received. */
async function apiAnswering(status: number, answer: unknown) {
  const received: Received[] = [];
  server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ url: request.url, headers: request.headers, body: JSON.parse(body) });
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { api: { url: `http://127.0.0.1:${port}`, operatorKey: 'test-operator-key-of-24-chars' }, received };
}

async function stopApi() {
  const running = server;
  server = null;
  if (!running) return;
  running.closeAllConnections();
  await new Promise((resolve) => running.close(resolve));
}

afterEach(stopApi);

const rollout = {
  remote: 'catalog',
  marketplaceId: '2',
  entry: 'http://localhost:3020/catalog/aaaaaaaaaaaa/mf-manifest.json',
  version: 'aaaaaaaaaaaa',
  fallbackEntry: null,
  canary: null,
  canaryRemoval: null,
};

describe('operator API requests', () => {
  it('defaults to the local API and the development operator key, and takes API_URL and OPERATOR_KEY', () => {
    expect(operatorApiFromEnv({})).toEqual({
      url: 'http://127.0.0.1:4000',
      operatorKey: 'atrium-development-operator-key',
    });
    expect(operatorApiFromEnv({ API_URL: 'https://api.example/', OPERATOR_KEY: 'k' })).toEqual({
      url: 'https://api.example',
      operatorKey: 'k',
    });
  });

  it('records a release by POST to /graphql with the operator key and the CSRF header', async () => {
    const release = {
      remote: 'catalog',
      version: 'aaaaaaaaaaaa',
      entry: rollout.entry,
      checksum: 'a'.repeat(64),
    };
    const { api, received } = await apiAnswering(200, {
      data: {
        recordRemoteRelease: { ...release, contractVersion: '1.0.0', releasedAt: 'now', failureReports: 0 },
      },
    });
    const recorded = await recordRemoteRelease(api, {
      remote: 'catalog',
      version: 'aaaaaaaaaaaa',
      entry: rollout.entry,
      checksum: 'a'.repeat(64),
      contractVersion: '1.0.0',
    });
    expect(recorded.version).toBe('aaaaaaaaaaaa');
    expect(received).toHaveLength(1);
    expect(received[0]?.url).toBe('/graphql');
    expect(received[0]?.headers['x-operator-key']).toBe('test-operator-key-of-24-chars');
    expect(received[0]?.headers['x-graphql-yoga-csrf']).toBe('1');
    expect(received[0]?.headers['content-type']).toBe('application/json');
    expect(received[0]?.body.query).toContain('recordRemoteRelease(input: $input)');
    expect(received[0]?.body.variables).toEqual({
      input: {
        remote: 'catalog',
        version: 'aaaaaaaaaaaa',
        entry: rollout.entry,
        checksum: 'a'.repeat(64),
        contractVersion: '1.0.0',
      },
    });
  });

  it('promotes a canary for one marketplace and rolls back', async () => {
    const promote = await apiAnswering(200, { data: { promoteRemoteRelease: rollout } });
    await promoteRemoteRelease(promote.api, {
      remote: 'catalog',
      version: 'aaaaaaaaaaaa',
      marketplaceId: '2',
      percent: 50,
    });
    expect(promote.received[0]?.body.variables).toEqual({
      input: { remote: 'catalog', version: 'aaaaaaaaaaaa', marketplaceId: '2', percent: 50 },
    });
    await stopApi();

    const rollback = await apiAnswering(200, { data: { rollbackRemote: null } });
    expect(await rollbackRemote(rollback.api, 'catalog', null)).toBeNull();
    expect(rollback.received[0]?.body.variables).toEqual({ remote: 'catalog', marketplaceId: null });
  });

  it('throws the API’s error message as the one line', async () => {
    const message =
      'Remote entries must come from an allowed origin; https://evil.example is not one (REMOTE_ORIGINS).';
    const { api } = await apiAnswering(200, {
      data: null,
      errors: [{ message, extensions: { code: 'BAD_USER_INPUT' } }],
    });
    await expect(rollbackRemote(api, 'catalog', null)).rejects.toThrow(message);
  });

  it('says when the API cannot be reached', async () => {
    const { api } = await apiAnswering(200, {});
    await stopApi();
    await expect(rollbackRemote(api, 'catalog', null)).rejects.toThrow(
      `The API at ${api.url} could not be reached (connect ECONNREFUSED ${api.url.replace('http://', '')}); is it running? (API_URL)`,
    );
  });

  it('says what a non-GraphQL answer was', async () => {
    const { api } = await apiAnswering(502, 'Bad gateway');
    await expect(rollbackRemote(api, 'catalog', null)).rejects.toThrow(`The API at ${api.url} answered 502.`);
  });
});
