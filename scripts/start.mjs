// `npm start`: install what is missing, build everything, migrate and seed the embedded database,
// then run the API, the host and each remote on its own port as separate deployments.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { ensurePnpm, envWithTools, repoRoot, run, waitForUrl } from './lib/tools.mjs';

const ports = {
  api: 4000,
  host: 3000,
  catalog: 3001,
  scheduling: 3002,
  checkout: 3003,
  account: 3004,
  console: 3005,
  spotlight: 3011,
  releases: 3020,
  oidc: 4001,
};
// Released remote builds (`pnpm release <remote>`), served as a CDN would serve them.
const releaseDir = path.resolve(repoRoot, process.env.RELEASE_DIR || '.releases');
// The allow-list of origins remotes may be loaded from: the API refuses releases and overrides from
// anywhere else, and the host's Content-Security-Policy lets no other script run.
const remoteOrigins = ['catalog', 'scheduling', 'checkout', 'account', 'console', 'spotlight', 'releases']
  .map((name) => `http://localhost:${ports[name]}`)
  .join(',');
const api = `http://127.0.0.1:${ports.api}`;
const env = envWithTools({
  CATALOG_OVERRIDE_ENTRY: `http://localhost:${ports.spotlight}/mf-manifest.json`,
  OIDC_DEV_PORT: String(ports.oidc),
  REMOTE_ORIGINS: process.env.REMOTE_ORIGINS || remoteOrigins,
  RELEASE_DIR: releaseDir,
  RELEASE_BASE_URL: `http://localhost:${ports.releases}`,
  // The host's proxy is the one hop in front of the API (which believes it thanks to HOST_SECRET; the
  // development default of both is the same, so it needs setting only in production).
  TRUST_PROXY_HOPS: '1',
});

const pnpm = ensurePnpm();
run(pnpm, ['install', '--frozen-lockfile'], { env });
run(pnpm, ['build'], { env });
run(process.execPath, ['packages/api/dist/cli.mjs', 'seed'], { env });

const children = [];
function start(name, args, extraEnv = {}) {
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: { ...env, ...extraEnv },
    stdio: 'inherit',
  });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`✖ ${name} stopped (${signal ?? `exit ${code}`}); shutting down.`);
      stop(1);
    }
  });
  children.push(child);
}
const serve = (dir, port, ...extra) => ['scripts/serve.mjs', '--dir', dir, '--port', String(port), ...extra];

// The API logs a JSON line per request at info; here only warnings and errors (LOG_LEVEL=info for all).
start('api', ['packages/api/dist/server.mjs'], {
  PORT: String(ports.api),
  LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
});
// Stands in for Google and Apple sign-in, so both work offline.
start('sign-in provider', ['packages/api/dist/cli.mjs', 'oidc-dev-provider']);
// The host's own server renders pages and forwards the API's paths, as in production.
start('host', ['host/dist/server/server.js'], {
  PORT: String(ports.host),
  API_URL: api,
  // The host listens on 127.0.0.1: browsers of this machine (which send no X-Forwarded-For) or one
  // proxy in front (a tunnel, a reverse proxy) that appends each client's address. Set
  // HOST_TRUST_PROXY_HOPS for another number of proxies in front of it.
  TRUST_PROXY_HOPS: process.env.HOST_TRUST_PROXY_HOPS || '1',
});
for (const remote of ['catalog', 'scheduling', 'checkout', 'account', 'console']) {
  start(remote, serve(path.join('remotes', remote, 'dist'), ports[remote]));
}
start('catalog (spotlight edition)', serve('remotes/catalog/dist-spotlight', ports.spotlight));
mkdirSync(releaseDir, { recursive: true });
start('released remote builds', serve(releaseDir, ports.releases));

let stopping = false;
function stop(code = 0) {
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 1000).unref();
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

try {
  await waitForUrl(`${api}/healthz`);
  await waitForUrl(`http://127.0.0.1:${ports.host}/config.json`);
  const host = `http://localhost:${ports.host}`;
  console.log(`
Atrium is running.
  Glow Mobile IV (at home + 3 clinics):   ${host}/1
  Nocturne Aesthetics (12 clinics):       ${host}/2
  Solace Wellness Studio (one clinic):    ${host}/3
Sign-in: demo@glow.example / demo-pass-123 (also demo@nocturne.example, demo@solace.example);
  emails and text messages land in the dev mailbox: ${host}/dev/mailbox
Staff (sign in with a code from the dev mailbox): owner@glow.example, frontdesk@glow.example,
  practitioner@glow.example (1); owner@nocturne.example, frontdesk@nocturne.example (2);
  owner@solace.example, frontdesk@solace.example (3)
Press Ctrl+C to stop.`);
} catch (error) {
  console.error(`✖ ${error.message}`);
  stop(1);
}
