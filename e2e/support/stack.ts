import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createStaticServer, listen } from '../../scripts/lib/static-server.mjs';
import { type Deployment, ports, remoteOrigins } from './ports';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// One run folder per port offset, so that two runs at once keep their deployments and data apart.
const offset = process.env.E2E_PORT_OFFSET;
export const runDir = path.join(repoRoot, offset ? `e2e/.run-${offset}` : 'e2e/.run');
export const deployDir = (deployment: Deployment) => path.join(runDir, 'deploy', deployment);
/** RELEASE_DIR of this run: `pnpm release` writes here, the `releases` deployment serves it. */
export const releaseDir = deployDir('releases');

const builds: Record<Exclude<Deployment, 'releases'>, string> = {
  host: 'host/dist',
  catalog: 'remotes/catalog/dist',
  scheduling: 'remotes/scheduling/dist',
  checkout: 'remotes/checkout/dist',
  account: 'remotes/account/dist',
  console: 'remotes/console/dist',
  spotlight: 'remotes/catalog/dist-spotlight',
};

/** Copies a build into its deployment folder, replacing what was there (a redeploy). */
export function deploy(deployment: keyof typeof builds, buildDir = path.join(repoRoot, builds[deployment])) {
  if (!existsSync(buildDir)) throw new Error(`${buildDir} is missing: run \`pnpm build\` first.`);
  const target = deployDir(deployment);
  rmSync(target, { recursive: true, force: true });
  cpSync(buildDir, target, { recursive: true });
  if (deployment === 'host') writeRuntimeConfig();
}

/** Writes the host's config.json (what its server embeds in pages), with `patch` over the defaults. */
function writeRuntimeConfig(patch: Record<string, unknown> = {}) {
  const entry = (port: number) => `http://localhost:${port}/mf-manifest.json`;
  const config = {
    remotes: {
      catalog: entry(ports.catalog),
      scheduling: entry(ports.scheduling),
      checkout: entry(ports.checkout),
      account: entry(ports.account),
      console: entry(ports.console),
    },
    graphqlEndpoint: '/graphql',
    googleMapsApiKey: null,
    ...patch,
  };
  writeFileSync(path.join(deployDir('host'), 'config.json'), JSON.stringify(config, null, 2));
}

type Server = ReturnType<typeof http.createServer>;

/** The whole product as separate deployments, with a control endpoint to stop or start one. */
export class Stack {
  private servers = new Map<Deployment, Server>();
  private host: ChildProcess | null = null;
  private api: ChildProcess | null = null;
  private oidc: ChildProcess | null = null;
  private control: Server | null = null;

  async start() {
    rmSync(runDir, { recursive: true, force: true });
    mkdirSync(runDir, { recursive: true });
    for (const deployment of Object.keys(builds) as (keyof typeof builds)[]) deploy(deployment);
    mkdirSync(releaseDir, { recursive: true });
    await this.startApi();
    for (const deployment of [...Object.keys(builds), 'releases'] as Deployment[])
      await this.startDeployment(deployment);
    await this.startControl();
  }

  async stop() {
    await Promise.all([...this.servers.keys(), 'host' as const].map((d) => this.stopDeployment(d)));
    await new Promise<void>((resolve) => (this.control ? this.control.close(() => resolve()) : resolve()));
    await Promise.all([this.api, this.oidc].map((child) => child && stopChild(child)));
  }

  private async startApi() {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(ports.api),
      PGLITE_DIR: path.join(runDir, 'pglite'),
      MEDIA_DIR: path.join(runDir, 'media'),
      SEED_DEMO: '1',
      CATALOG_OVERRIDE_ENTRY: `http://localhost:${ports.spotlight}/mf-manifest.json`,
      REMOTE_ORIGINS: remoteOrigins,
      NODE_ENV: 'test',
      OIDC_DEV_PORT: String(ports.oidc),
      WEB_ORIGINS: `http://localhost:${ports.host}`,
      TRUST_PROXY_HOPS: '1',
      // Every journey signs in from the same address, and the few seeded staff accounts sign in from
      // several journeys at once; those limits have their own API tests (the per-email one stands).
      PASSCODE_LIMIT_PER_IP: '0',
      PASSCODE_LIMIT_PER_EMAIL_AND_IP: '0',
      REGISTER_LIMIT_PER_IP: '0',
      // A line per request would bury the test report; warnings and errors still show.
      LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
    };
    // The e2e journeys run on the embedded database, whatever the API tests use.
    delete env.DATABASE_URL;
    this.api = spawn(process.execPath, [path.join(repoRoot, 'packages/api/dist/server.mjs')], {
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    // Migrating and seeding a fresh embedded database takes a while on a busy machine.
    await waitFor(`http://127.0.0.1:${ports.api}/healthz`, 180_000);
    // The local OpenID Connect provider that stands in for Google and Apple.
    this.oidc = spawn(
      process.execPath,
      [path.join(repoRoot, 'packages/api/dist/cli.mjs'), 'oidc-dev-provider'],
      {
        env,
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    await waitFor(`http://127.0.0.1:${ports.oidc}/.well-known/openid-configuration`, 30_000);
  }

  async startDeployment(deployment: Deployment) {
    if (deployment === 'host') return this.startHost();
    if (this.servers.has(deployment)) return;
    const server = createStaticServer({ dir: deployDir(deployment) });
    await listen(server, ports[deployment]);
    this.servers.set(deployment, server);
  }

  /** The host's own server (pages rendered on the server, its files, the API on its origin). */
  private async startHost() {
    if (this.host) return;
    this.host = spawn(process.execPath, [path.join(deployDir('host'), 'server/server.js')], {
      env: {
        ...process.env,
        PORT: String(ports.host),
        API_URL: `http://127.0.0.1:${ports.api}`,
        REMOTE_ORIGINS: remoteOrigins,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await waitFor(`http://127.0.0.1:${ports.host}/config.json`, 30_000);
  }

  async stopDeployment(deployment: Deployment) {
    if (deployment === 'host') {
      const host = this.host;
      this.host = null;
      return host ? stopChild(host) : undefined;
    }
    const server = this.servers.get(deployment);
    if (!server) return;
    this.servers.delete(deployment);
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }

  private async startControl() {
    this.control = http.createServer(async (req, res) => {
      const [, action, deployment] = (req.url ?? '').split('/') as [string, string, Deployment];
      try {
        if (req.method !== 'POST' || !(deployment in builds || deployment === 'releases'))
          throw new Error(`Unknown control request ${req.url}`);
        if (action === 'stop') await this.stopDeployment(deployment);
        else if (action === 'start') await this.startDeployment(deployment);
        else if (action === 'redeploy' && deployment !== 'releases') deploy(deployment, await readBody(req));
        else if (action === 'configure' && deployment === 'host')
          writeRuntimeConfig(JSON.parse(await readBody(req)));
        else throw new Error(`Unknown action ${action}`);
        res.writeHead(204).end();
      } catch (error) {
        res.writeHead(400).end(String(error));
      }
    });
    await listen(this.control, ports.control);
  }
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

async function waitFor(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      // Each try gives up after 2 s: a server still starting may accept and not answer.
      if ((await fetch(url, { signal: AbortSignal.timeout(2000) })).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}
