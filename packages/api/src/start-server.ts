import { createServer } from 'node:http';
import { createApp } from './app';
import type { AppConfig } from './config';
import { migrate } from './db/migrate';
import { seedDemo } from './db/seed';
import { type JobEngine, startJobEngine } from './jobs/job-engine';
import { createDatabase } from './kernel/database/create-database';
import type { Database } from './kernel/database/database';
import { isDatabaseUnavailable } from './kernel/database/unavailable';
import { errorFields, logger } from './kernel/logger';
import { createMailer, createSmsSender, notificationSettings } from './notifications';
import { createPayments } from './payments';

export interface RunningServer {
  /** The GraphQL endpoint, e.g. http://localhost:4000/graphql. */
  url: string;
  port: number;
  /** Stops taking requests, lets in-flight ones and running jobs finish, then closes the database. */
  close(): Promise<void>;
}

// In-flight requests and running jobs get this long to finish on shutdown.
const shutdownGraceMs = 10_000;

/** Opens the database and migrates it (installing the job engine's schema), seeding when configured. */
export async function openDatabase(config: AppConfig, { seed = false } = {}): Promise<Database> {
  const database = await createDatabase(config.database);
  try {
    await migrate(database);
    if (seed) await seedDemo(database, { catalogOverrideEntry: config.catalogOverrideEntry });
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

/** The job engine's workers on `database`: outbox delivery, renewals, reminders, housekeeping. */
export function startJobs(
  config: AppConfig,
  database: Database,
  onError: (error: unknown, queue: string) => void,
): Promise<JobEngine> {
  const mail = createMailer(config.identity.mail);
  return startJobEngine(
    {
      database,
      mailer: mail,
      sms: createSmsSender(config.identity.sms),
      payments: createPayments(config.checkout.payments, database.db),
      clock: () => new Date(),
      notifications: notificationSettings(config.identity),
    },
    {
      pollingIntervalSeconds: config.jobs.pollingIntervalSeconds,
      deliveryConcurrency: config.jobs.deliveryConcurrency,
      renewalBatchSize: config.jobs.renewalBatchSize,
      onError,
      onStop: () => mail?.close(),
    },
  );
}

/**
 * One line per failed job attempt (the job engine retries it or records it as failed); while the
 * database is out of reach, a warning per failed poll instead, since the workers poll on until it returns.
 */
export function logJobError(error: unknown, queue: string): void {
  if (isDatabaseUnavailable(error)) {
    logger.warn({ queue, ...errorFields(error) }, 'Job engine waiting for the database');
    return;
  }
  logger.error({ queue, ...errorFields(error) }, 'Job failed');
}

let outageGuardInstalled = false;

/**
 * Keeps the process running through a database restart or failover. pg-boss 10 completes and fails a
 * job without awaiting the statement, so one that meets the outage rejects unhandled, which would end
 * the process; such a rejection is logged instead (the job expires and runs again once the database
 * is back). Any other unhandled rejection still ends the process, as Node's default does.
 */
export function surviveDatabaseOutages(): void {
  if (outageGuardInstalled) return;
  outageGuardInstalled = true;
  process.on('unhandledRejection', (reason) => {
    if (!isDatabaseUnavailable(reason)) throw reason;
    logger.warn(errorFields(reason), 'Database unavailable: a background statement failed');
  });
}

/** Opens the database, migrates it (and seeds the demo when configured), starts the jobs, then listens. */
export async function startServer(config: AppConfig): Promise<RunningServer> {
  const database = await openDatabase(config, { seed: config.seedDemo });
  let jobs: JobEngine | null = null;
  try {
    if (config.jobs.inProcess) {
      jobs = await startJobs(config, database, logJobError);
    }
  } catch (error) {
    await database.close();
    throw error;
  }
  const engine = jobs;

  const app = createApp({ db: database, config, jobsRunning: engine ? () => engine.isRunning() : undefined });
  // Idle keep-alive connections are kept a minute, not Node's 5 s: a client (the host's proxy, a
  // load balancer) that reuses a connection the server has just closed gets a reset instead of an
  // answer, and under load its own idle timer (the server's hint less a second) can fire that late.
  const server = createServer(app);
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    await engine?.stop();
    await database.close();
    throw error;
  }

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
        await Promise.all([closed, engine?.stop(shutdownGraceMs)]);
        clearTimeout(forceClose);
        await app.dispose();
        await database.close();
      })();
      return closing;
    },
  };
}

/** Runs `start`, then shuts down cleanly on SIGTERM or SIGINT (PGlite must flush to disk). */
export async function runUntilStopped(
  start: () => Promise<{ close(): Promise<void> }>,
  onStarted: (running: { close(): Promise<void> }) => void,
): Promise<void> {
  surviveDatabaseOutages();
  const running = await start();
  onStarted(running);
  const stop = (signal: NodeJS.Signals) => {
    logger.info({ signal }, 'Shutting down: finishing requests and jobs in progress');
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error(errorFields(error), 'Shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

/** Starts the server and shuts it down cleanly on SIGTERM or SIGINT. */
export function serveUntilStopped(config: AppConfig): Promise<void> {
  const databaseLabel = config.database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
  return runUntilStopped(
    () => startServer(config),
    (server) => {
      const { url } = server as RunningServer;
      const jobs = config.jobs.inProcess ? 'jobs in process' : 'jobs in a separate worker';
      logger.info(
        { url, database: databaseLabel, nodeEnv: config.nodeEnv, jobs },
        `Atrium API listening on ${url}`,
      );
    },
  );
}
