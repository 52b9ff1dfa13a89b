import { createServer } from 'node:http';
import { createDatabase } from './adapters/database/create-database';
import { createPayments } from './adapters/payments/create-payments-processor';
import { createApp } from './app';
import type { AppConfig } from './config';
import { migrate } from './db/migrate';
import { seedDemo } from './db/seed';
import { startRenewalTimer } from './services/memberships/renewals';

export interface RunningServer {
  /** The GraphQL endpoint, e.g. http://localhost:4000/graphql. */
  url: string;
  port: number;
  /** Stops accepting requests, lets in-flight ones finish, then closes the database. */
  close(): Promise<void>;
}

// In-flight requests get this long to finish on shutdown before their connections are cut.
const shutdownGraceMs = 10_000;

/** Opens the database, migrates it (and seeds the demo when configured), then listens. */
export async function startServer(config: AppConfig): Promise<RunningServer> {
  const database = await createDatabase(config.database);
  try {
    await migrate(database);
    if (config.seedDemo) await seedDemo(database, { catalogOverrideEntry: config.catalogOverrideEntry });
  } catch (error) {
    await database.close();
    throw error;
  }

  const app = createApp({ db: database, config });
  const server = createServer(app);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    await database.close();
    throw error;
  }

  const renewals = startRenewalTimer(
    {
      db: database.db,
      payments: createPayments(config.checkout.payments, database.db),
      clock: () => new Date(),
    },
    config.membershipRenewalIntervalMs,
    (error) => console.error('Membership renewals failed:', error),
  );

  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  let closing: Promise<void> | undefined;
  return {
    url: `http://localhost:${port}/graphql`,
    port,
    close() {
      closing ??= (async () => {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        const forceClose = setTimeout(() => server.closeAllConnections(), shutdownGraceMs);
        forceClose.unref();
        await closed;
        clearTimeout(forceClose);
        await renewals.stop();
        await app.dispose();
        await database.close();
      })();
      return closing;
    },
  };
}

/** Starts the server and shuts it down cleanly on SIGTERM or SIGINT (PGlite must flush to disk). */
export async function serveUntilStopped(config: AppConfig): Promise<void> {
  const server = await startServer(config);
  const databaseLabel = config.database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
  console.log(`Atrium API listening on ${server.url} (${databaseLabel}, ${config.nodeEnv})`);
  const stop = (signal: NodeJS.Signals) => {
    console.log(`${signal} received, shutting down`);
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('Shutdown failed:', error);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
