// For the host server's tests: a host build folder, an API that answers GraphQL by operation and
// records what it was sent, and requests with Node's own client (the test environment's fetch is a
// browser's: it sends no Cookie and keeps Set-Cookie to itself).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A host build: index.html, config.json (remotes on localhost:3001-3005) and one hashed script. */
export function hostDist(): { dir: string; dispose(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'atrium-host-'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><title>Atrium</title><script defer src="/static/js/index.js"></script></head><body><div id="root"></div></body></html>',
  );
  const entry = (port: number) => `http://localhost:${port}/mf-manifest.json`;
  writeFileSync(
    path.join(dir, 'config.json'),
    JSON.stringify({
      remotes: {
        catalog: entry(3001),
        scheduling: entry(3002),
        checkout: entry(3003),
        account: entry(3004),
        console: entry(3005),
      },
    }),
  );
  mkdirSync(path.join(dir, 'static/js'), { recursive: true });
  writeFileSync(path.join(dir, 'static/js/index.js'), 'console.log("host");');
  return { dir, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A marketplace as the API's Marketplace query answers it. */
export function fakeMarketplace(id: string, remoteOverrides: unknown[] = []) {
  return {
    id,
    mgId: id,
    name: `Marketplace ${id}`,
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
    remoteOverrides,
  };
}

export interface ApiRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The GraphQL operation, for /graphql. */
  operationName: string | null;
  body: string;
}

/**
 * An API on a real port: GraphQL answered by `answer(operationName, variables)`, any other path by
 * `other` (404 by default). Every request but CORS preflights is recorded.
 */
export async function startFakeApi(
  answer: (operationName: string, variables: Record<string, unknown>) => unknown,
  other: (request: ApiRequest, res: http.ServerResponse) => void = (_request, res) =>
    res.writeHead(404).end(),
) {
  const requests: ApiRequest[] = [];
  const server = http.createServer((req, res) => {
    // The test environment's fetch is a browser's (happy-dom): it asks across origins as one does.
    res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
    res.setHeader('Access-Control-Allow-Credentials', 'true');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? '',
        'Access-Control-Allow-Methods': 'GET, POST',
      });
      return res.end();
    }
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://api');
      const graphql =
        url.pathname !== '/graphql'
          ? null
          : req.method === 'GET'
            ? {
                operationName: url.searchParams.get('operationName') ?? '',
                variables: JSON.parse(url.searchParams.get('variables') ?? '{}'),
              }
            : (JSON.parse(body) as { operationName: string; variables?: Record<string, unknown> });
      const request: ApiRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        headers: req.headers,
        operationName: graphql?.operationName ?? null,
        body,
      };
      requests.push(request);
      if (!graphql) return other(request, res);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: answer(graphql.operationName, graphql.variables ?? {}) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

export interface HostResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A request to `url` with Node's own client. */
export function send(
  url: string,
  {
    method = 'GET',
    headers = {},
    body,
  }: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<HostResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      let text = '';
      res.on('data', (chunk) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * An API that reads each request, then closes the connection without answering when the request is
 * the `refused`-th on its connection (1: every new connection; 2: every reused one, as an API does
 * that closes an idle kept-alive connection just as it is reused).
 */
export async function closingApi(refused: 1 | 2) {
  const answered: string[] = [];
  let received = 0;
  const perConnection = new WeakMap<Socket, number>();
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      received += 1;
      const nth = (perConnection.get(req.socket) ?? 0) + 1;
      perConnection.set(req.socket, nth);
      if (nth === refused) return req.socket.destroy();
      answered.push(body);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":{"ok":true}}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    origin: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    answered,
    received: () => received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
