import { createDatabase } from './adapters/database/create-database';
import type { Database } from './adapters/database/database';
import { defaultOidcDevPort, oidcDevClients } from './adapters/oidc-dev-provider/dev-clients';
import { loadConfig } from './config';
import { migrate } from './db/migrate';
import { seedDemo } from './db/seed';
import { serveUntilStopped } from './start-server';

const usage = `Usage: cli <command>

Commands:
  migrate   apply pending database migrations
  seed      migrate, then write the demo marketplaces (1, 2 and 3); safe to repeat
  serve     migrate and start the API server (seeds too when SEED_DEMO=1)
  oidc-dev-provider
            start the local OpenID Connect provider standing in for Google and Apple
            (port OIDC_DEV_PORT, default 4001); development only

Environment: PORT, DATABASE_URL (else PGlite in PGLITE_DIR), NODE_ENV, CATALOG_OVERRIDE_ENTRY, SEED_DEMO;
identity variables are listed in the package README.`;

/** Runs one command; resolves to an exit code, or null while the server keeps running. */
async function run(command: string | undefined): Promise<number | null> {
  switch (command) {
    case 'migrate':
      await withDatabase(async (database) => {
        const { applied } = await migrate(database);
        console.log(
          applied.length > 0 ? `Applied migrations ${applied.join(', ')}` : 'Database is up to date',
        );
      });
      return 0;
    case 'seed': {
      const config = loadConfig();
      await withDatabase(async (database) => {
        const { applied } = await migrate(database);
        if (applied.length > 0) console.log(`Applied migrations ${applied.join(', ')}`);
        const { marketplaceIds } = await seedDemo(database, {
          catalogOverrideEntry: config.catalogOverrideEntry,
        });
        console.log(`Seeded demo marketplaces ${marketplaceIds.join(', ')}`);
      });
      return 0;
    }
    case 'serve':
      await serveUntilStopped(loadConfig());
      return null;
    case 'oidc-dev-provider':
      await serveOidcDevProvider();
      return null;
    case 'help':
    case '--help':
      console.log(usage);
      return 0;
    default:
      console.error(command ? `Unknown command: ${command}\n\n${usage}` : usage);
      return 1;
  }
}

async function withDatabase(work: (database: Database) => Promise<void>): Promise<void> {
  const database = await createDatabase(loadConfig().database);
  try {
    await work(database);
  } finally {
    // Closing flushes PGlite to disk.
    await database.close();
  }
}

/** Runs the local OpenID Connect provider until SIGTERM or SIGINT. */
async function serveOidcDevProvider(): Promise<void> {
  // Loaded only here: the provider's dependencies are not needed by the other commands.
  const { startOidcDevProvider } = await import('./adapters/oidc-dev-provider/dev-provider');
  const port = Number(process.env.OIDC_DEV_PORT || defaultOidcDevPort);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error('OIDC_DEV_PORT must be a port number');
  // WEB_ORIGINS (as for the API) adds hosts whose /auth/*/callback the provider may redirect to.
  const webOrigins = process.env.WEB_ORIGINS?.split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  const provider = await startOidcDevProvider({ port, webOrigins });
  console.log(`OIDC dev provider (Google and Apple stand-in) at ${provider.issuer}
  discovery: ${provider.issuer}/.well-known/openid-configuration
  clients:   ${oidcDevClients.google.clientId} / ${oidcDevClients.google.clientSecret}
             ${oidcDevClients.apple.clientId} / ${oidcDevClients.apple.clientSecret}`);
  const stop = () => {
    provider.close().then(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

try {
  const exitCode = await run(process.argv[2]);
  if (exitCode !== null) process.exit(exitCode);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
