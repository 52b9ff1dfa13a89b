import cluster from 'node:cluster';
import path from 'node:path';
import { providedSharedEntries } from '../federation/provided-shared';
import { type HostServerConfig, loadHostServerConfig } from './host-config';
import { createHostServer } from './host-server';

// Serves the host deployment: its static files, its pages rendered on the server, and (when
// API_URL is set) the API's paths on the same origin, so the browser's cookies stay first-party.
//   PORT              port to listen on (3000)
//   HOST              address to listen on (127.0.0.1: a proxy in front serves the world)
//   HOST_PROCESSES    server processes sharing the port (1), or auto: one per core
//   API_URL           the API's origin (http://127.0.0.1:4000); pages read marketplaces from it
//   HOST_DIST_DIR     the host's browser build (the folder above this server build)
//   REMOTE_ORIGINS    the allow-list: origins (comma-separated) remotes may be loaded from, besides
//                     config.json's own entries' (released builds, overrides); nothing else is loaded,
//                     in the browser (Content-Security-Policy) or here
//   HOST_SECRET       the secret shared with the API (its HOST_SECRET): the API believes the client
//                     address this server forwards because of it, and it signs browser ids
//   TRUST_PROXY_HOPS  proxies in front of this server that append to X-Forwarded-For (0: browsers
//                     connect to it); the client's address is the one the outermost of them appended
//   NODE_ENV          production: HSTS on every response; HOST_SECRET and TRUST_PROXY_HOPS required

let config: HostServerConfig;
try {
  config = loadHostServerConfig(process.env, path.join(__dirname, '..'));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
}

if (config.processes > 1 && cluster.isPrimary) superviseServers(config);
else await serve(config);

/** One server: loads the shared modules, then listens (in a cluster, on the port its primary shares). */
async function serve(config: HostServerConfig) {
  const { port, bindAddress, apiUrl, distDir } = config;
  // Every shared entry is loaded from the host's own build before any remote: a remote build that
  // is replaced (a new version, a tenant's override) then never takes a shared module with it.
  await Promise.all(Object.values(providedSharedEntries).map((load) => load()));

  const server = createHostServer(config);
  server.once('error', (error: NodeJS.ErrnoException) => {
    console.error(error.code === 'EADDRINUSE' ? `Port ${port} is already in use.` : error);
    process.exit(1);
  });
  server.listen(port, bindAddress, () => {
    if (cluster.isPrimary || cluster.worker?.id === 1)
      console.log(
        `Host serving ${distDir} on http://${bindAddress}:${port} (API ${apiUrl}, ${config.processes} process(es))`,
      );
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => server.close(() => process.exit(0)));
  }
}

/**
 * The primary of HOST_PROCESSES servers sharing the port (each renders pages on its own core). A
 * server that dies after it started is replaced; one that could not start ends them all, with its
 * exit code. SIGINT and SIGTERM are passed on, and the primary exits once every server has.
 */
function superviseServers({ processes }: HostServerConfig) {
  let stopping = false;
  const listening = new Set<number>();
  const start = () => {
    const worker = cluster.fork();
    worker.once('listening', () => listening.add(worker.id));
  };
  cluster.on('exit', (worker, code) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    if (!listening.has(worker.id)) {
      stopping = true;
      for (const other of Object.values(cluster.workers ?? {})) other?.kill();
      process.exit(code || 1);
    }
    console.error(`A host server process exited (${code}); starting another.`);
    start();
  });
  for (let i = 0; i < processes; i++) start();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    });
  }
}
