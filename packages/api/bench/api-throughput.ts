// Benchmark: requests per second of the production API build for the `marketplace` query, next to
// a bare `{ __typename }` baseline measured in the same run (autocannon, loopback).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

// Not 4190: fetch refuses it (ManageSieve is on the Fetch standard's list of bad ports).
const port = 4290;
const url = `http://127.0.0.1:${port}/graphql`;
const seconds = Number(process.env.BENCH_SECONDS ?? 10);

const marketplaceQuery = `query Marketplace($id: ID!) { marketplace(id: $id) {
  id name logo primaryColor providesAtHome
  clinicOrganizations { id name address phone timeZone }
  categories { id name procedures { id name price duration addOns { id name price } addOnsFeatured { id } } }
  paymentSettings { paymentCollectionMethod paymentDepositType paymentDepositValue }
  checkoutNotes { id label type }
  remoteOverrides { remote entry }
} }`;

async function waitForHealth() {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return;
    } catch {
      // starting
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('API did not start');
}

function run(title: string, body: object) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    autocannon(
      {
        title,
        url,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        connections: 10,
        duration: seconds,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'atrium-bench-'));
const env: NodeJS.ProcessEnv = {
  ...process.env,
  PORT: String(port),
  PGLITE_DIR: dataDir,
  SEED_DEMO: '1',
  NODE_ENV: 'production',
};
delete env.DATABASE_URL;
const server = spawn(process.execPath, [path.resolve(import.meta.dirname, '../dist/server.mjs')], {
  env,
  stdio: 'ignore',
});
try {
  await waitForHealth();
  await run('warm-up', { query: marketplaceQuery, variables: { id: '1' } });
  const baseline = await run('{ __typename }', { query: '{ __typename }' });
  const marketplace = await run('marketplace(id: 1)', { query: marketplaceQuery, variables: { id: '1' } });
  console.log(`\nAPI throughput (production build, PGlite, 10 connections, ${seconds} s each)`);
  for (const result of [baseline, marketplace]) {
    const errors = result.errors + result.non2xx;
    console.log(
      `  ${result.title?.padEnd(20)} ${Math.round(result.requests.average)} req/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms${errors ? `  (${errors} errors)` : ''}`,
    );
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
