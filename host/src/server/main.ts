import path from 'node:path';
import { providedSharedEntries } from '../federation/provided-shared';
import { createHostServer } from './host-server';

// Serves the host deployment: its static files, its pages rendered on the server, and (when
// API_URL is set) the API's paths on the same origin, so the browser's cookies stay first-party.
//   PORT             port to listen on (3000)
//   API_URL          the API's origin (http://127.0.0.1:4000); pages read marketplaces from it
//   HOST_DIST_DIR    the host's browser build (the folder above this server build)
//   REMOTE_ORIGINS   the allow-list: origins (comma-separated) remotes may be loaded from, besides
//                    config.json's own entries' (released builds, overrides); nothing else is loaded,
//                    in the browser (Content-Security-Policy) or here

function origins(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean)
    .map((origin) => new URL(origin).origin);
}

const port = Number(process.env.PORT ?? 3000);
if (!Number.isInteger(port) || port <= 0) {
  console.error(`PORT must be a port number, not "${process.env.PORT}".`);
  process.exit(2);
}
const apiUrl = new URL(process.env.API_URL ?? 'http://127.0.0.1:4000').origin;
const distDir = path.resolve(process.env.HOST_DIST_DIR ?? path.join(__dirname, '..'));

// Every shared entry is loaded from the host's own build before any remote: a remote build that
// is replaced (a new version, a tenant's override) then never takes a shared module with it.
await Promise.all(Object.values(providedSharedEntries).map((load) => load()));

const server = createHostServer({
  distDir,
  apiUrl,
  remoteOrigins: origins(process.env.REMOTE_ORIGINS),
});
server.once('error', (error: NodeJS.ErrnoException) => {
  console.error(error.code === 'EADDRINUSE' ? `Port ${port} is already in use.` : error);
  process.exit(1);
});
server.listen(port, '127.0.0.1', () => {
  console.log(`Host serving ${distDir} on http://localhost:${port} (API ${apiUrl})`);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
