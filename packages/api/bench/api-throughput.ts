// Benchmark: requests per second of the production API build (autocannon, loopback, PGlite), all in
// one run against one server:
//   - a bare `{ __typename }`, the baseline;
//   - the browser client's Marketplace query by POST, each request with a variable of its own, so
//     every one misses the public-answer cache: executed, then stored (evicting another at 1,000);
//   - the same query by POST, repeated (answered from the cache);
//   - the same query as a persisted GET (the hash in the URL), as browsers and CDNs fetch it;
//   - that GET revalidated with If-None-Match (each answer a 304 without a body).
// The goal: marketplace >= 0.5x the baseline.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import trustedDocuments from '../src/generated/persisted-documents/persisted-documents.json';

// Not 4190: fetch refuses it (ManageSieve is on the Fetch standard's list of bad ports).
const port = 4290;
const origin = `http://127.0.0.1:${port}`;
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 10;
const goal = 0.5;

// The document the browser sends (packages/graphql-client/src/operations/marketplace.graphql).
const [marketplaceHash, marketplaceQuery] = Object.entries(trustedDocuments).find(([, document]) =>
  /\bquery Marketplace\b/.test(document),
) ?? ['', ''];
if (!marketplaceQuery)
  throw new Error('The Marketplace query is not among the trusted documents (run codegen).');
const variables = { id: '1', procedures: null };
const browserHeaders = {
  accept: 'application/graphql-response+json, application/json',
  'x-graphql-yoga-csrf': '1',
};
const persistedGetPath = `/graphql?${new URLSearchParams({
  operationName: 'Marketplace',
  variables: JSON.stringify(variables),
  extensions: JSON.stringify({
    persistedQuery: { version: 1, sha256Hash: marketplaceHash.replace(/^sha256:/, '') },
  }),
})}`;

/** Starts dist/server.mjs; rejects at once, with what it printed, if it exits before it is healthy. */
async function startServer(dataDir: string): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    PGLITE_DIR: dataDir,
    SEED_DEMO: '1',
    // NODE_ENV=production refuses PGlite and the sandbox processor (src/production-guards.ts): the
    // production build runs as a test deployment, on the embedded processor with a key of its own.
    NODE_ENV: 'test',
    PAYMENTS_PROCESSOR: process.env.PAYMENTS_PROCESSOR || 'sandbox',
    OPERATOR_KEY: process.env.OPERATOR_KEY || randomBytes(24).toString('hex'),
    MEMBERSHIP_RENEWAL_INTERVAL_MS: '0',
  };
  delete env.DATABASE_URL;
  const server = spawn(process.execPath, [path.resolve(import.meta.dirname, '../dist/server.mjs')], {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  server.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<never>((_resolve, reject) => {
    server.once('exit', (code, signal) =>
      reject(
        new Error(`The API exited before it was ready (${signal ?? `code ${code}`}):\n${stderr.trim()}`),
      ),
    );
    server.once('error', reject);
  });
  const healthy = (async () => {
    for (let i = 0; i < 240 && server.exitCode === null; i++) {
      try {
        if ((await fetch(`${origin}/healthz`)).ok) return;
      } catch {
        // starting
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    if (server.exitCode === null) throw new Error(`The API was not healthy after 60 s:\n${stderr.trim()}`);
  })();
  try {
    await Promise.race([healthy, exited]);
  } catch (error) {
    server.kill('SIGKILL');
    throw error;
  }
  exited.catch(() => undefined);
  return server;
}

function run(title: string, options: Partial<autocannon.Options>) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    autocannon(
      { title, url: `${origin}/graphql`, connections, duration: seconds, ...options },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

const post = (body: object): Partial<autocannon.Options> => ({
  method: 'POST',
  headers: { ...browserHeaders, 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

const dataDir = mkdtempSync(path.join(tmpdir(), 'atrium-bench-'));
let server: ChildProcess | undefined;
try {
  server = await startServer(dataDir);
  const first = await fetch(`${origin}${persistedGetPath}`, { headers: browserHeaders });
  const etag = first.headers.get('etag');
  if (first.status !== 200 || !etag)
    throw new Error(`The persisted GET answered ${first.status}, ETag ${etag}`);
  await run('warm-up', post({ query: marketplaceQuery, variables }));

  let nonce = 0;
  const results = [
    await run('{ __typename }', post({ query: '{ __typename }' })),
    await run('marketplace POST, cache miss', {
      ...post({}),
      requests: [
        {
          // An extra variable the operation does not declare: ignored, but part of the cache key.
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify({ query: marketplaceQuery, variables: { ...variables, nonce: nonce++ } }),
          }),
        },
      ],
    }),
    await run('marketplace POST', post({ query: marketplaceQuery, variables })),
    await run('marketplace GET (persisted)', {
      method: 'GET',
      url: `${origin}${persistedGetPath}`,
      headers: browserHeaders,
    }),
    await run('GET If-None-Match (304)', {
      method: 'GET',
      url: `${origin}${persistedGetPath}`,
      headers: { ...browserHeaders, 'if-none-match': etag },
    }),
  ];
  const [baseline] = results as [autocannon.Result];

  console.log(`\nAPI throughput (production build, PGlite, ${connections} connections, ${seconds} s each)`);
  for (const result of results) {
    const failures = result.errors + result.timeouts + result['4xx'] + result['5xx'];
    if (failures > 0) process.exitCode = 1;
    const notModified = result['3xx'] ? `  (${result['3xx']} x 304)` : '';
    const ratio =
      result === baseline ? '' : `  ${(result.requests.average / baseline.requests.average).toFixed(2)}x`;
    console.log(
      `  ${result.title?.padEnd(28)} ${String(Math.round(result.requests.average)).padStart(6)} req/s  ` +
        `p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms${ratio}${notModified}` +
        `${failures ? `  (${failures} failed)` : ''}`,
    );
  }
  const marketplace = Math.min(results[2]?.requests.average ?? 0, results[3]?.requests.average ?? 0);
  const ratio = marketplace / baseline.requests.average;
  console.log(
    `  marketplace / baseline: ${ratio.toFixed(2)}x (goal >= ${goal}x: ${ratio >= goal ? 'met' : 'NOT met'})`,
  );
} finally {
  if (server && server.exitCode === null) {
    const stopped = new Promise((resolve) => server?.once('exit', resolve));
    server.kill('SIGTERM');
    await stopped;
  }
  rmSync(dataDir, { recursive: true, force: true });
}
