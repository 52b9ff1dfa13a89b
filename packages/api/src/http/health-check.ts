import type { Plugin } from 'graphql-yoga';
import { readMigrations } from '../db/migrate';
import type { Database } from '../kernel/database/database';
import { errorFields, logger } from '../kernel/logger';

/** `GET /healthz` answers `ok` without touching the database: a liveness probe for load balancers. */
export function useHealthCheck(path = '/healthz'): Plugin {
  return {
    onRequest({ url, endResponse, fetchAPI }) {
      if (url.pathname !== path) return;
      endResponse(
        new fetchAPI.Response('ok', {
          status: 200,
          headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
        }),
      );
    },
  };
}

/**
 * One check's outcome: `ok`; `skipped` (not configured); `failed`; `timeout` (no answer within the
 * bound); `pending` (migrations not yet applied); `stopped` (the job engine is not running).
 */
export type CheckOutcome = 'ok' | 'skipped' | 'failed' | 'timeout' | 'pending' | 'stopped';

export interface Readiness {
  status: 'ready' | 'not ready';
  checks: { database: CheckOutcome; migrations: CheckOutcome; jobs: CheckOutcome };
}

export interface ReadinessPorts {
  database: Pick<Database, 'query'>;
  /** Whether the job engine is running; omitted, the jobs check is `skipped`. */
  jobsRunning?: () => boolean;
  /** Bound on each check, in milliseconds. Default 1000. */
  timeoutMs?: number;
  /** The versions that must be in schema_migrations. Default: the migration files, read once. */
  expectedMigrations?: () => Promise<string[]>;
}

/** The migration files do not change while the process runs: read them once. */
let migrationVersions: Promise<string[]> | undefined;
function shippedMigrationVersions(): Promise<string[]> {
  if (!migrationVersions) {
    const reading = readMigrations().then((migrations) => migrations.map((migration) => migration.version));
    // A failed read is retried by the next check rather than kept.
    reading.catch(() => {
      if (migrationVersions === reading) migrationVersions = undefined;
    });
    migrationVersions = reading;
  }
  return migrationVersions;
}

/**
 * Whether this process can serve: the database answers `select 1`, every shipped migration is in
 * schema_migrations, and the job engine runs. The checks run at once, each bounded by `timeoutMs`,
 * so an answer always comes within about that long. Failures are logged (warn), never answered.
 */
export async function checkReadiness({
  database,
  jobsRunning,
  timeoutMs = 1000,
  expectedMigrations = shippedMigrationVersions,
}: ReadinessPorts): Promise<Readiness> {
  const [databaseOutcome, migrationsOutcome] = await Promise.all([
    bounded('database', timeoutMs, async () => {
      await database.query('select 1');
      return 'ok';
    }),
    bounded('migrations', timeoutMs, async () => {
      const [expected, { rows }] = await Promise.all([
        expectedMigrations(),
        database.query<{ version: string }>('select version from schema_migrations'),
      ]);
      const applied = new Set(rows.map((row) => row.version));
      return expected.every((version) => applied.has(version)) ? 'ok' : 'pending';
    }),
  ]);
  const jobsOutcome = await bounded('jobs', timeoutMs, async () => {
    if (!jobsRunning) return 'skipped';
    return jobsRunning() ? 'ok' : 'stopped';
  });
  const checks = { database: databaseOutcome, migrations: migrationsOutcome, jobs: jobsOutcome };
  const ready = Object.values(checks).every((outcome) => outcome === 'ok' || outcome === 'skipped');
  return { status: ready ? 'ready' : 'not ready', checks };
}

async function bounded(
  check: keyof Readiness['checks'],
  timeoutMs: number,
  run: () => Promise<CheckOutcome>,
): Promise<CheckOutcome> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<CheckOutcome>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  const outcome = run().catch((error: unknown) => {
    logger.warn({ check, ...errorFields(error) }, 'readiness check failed');
    return 'failed' as const;
  });
  try {
    const result = await Promise.race([outcome, timeout]);
    if (result === 'timeout') logger.warn({ check, timeoutMs }, 'readiness check timed out');
    return result;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `GET /readyz`: 200 `{ status: 'ready', checks }` when the process can serve, else 503 with the
 * failing checks named in `checks` (see `checkReadiness`). For the proxy or orchestrator deciding
 * where traffic goes; `/healthz` only says the process is up.
 */
export function useReadinessCheck(check: () => Promise<Readiness>, path = '/readyz'): Plugin {
  // Read the migration files now, so the first probe is as quick as the rest.
  void shippedMigrationVersions().catch(() => undefined);
  return {
    // Not async: every other request passes through synchronously.
    onRequest({ url, endResponse, fetchAPI }) {
      if (url.pathname !== path) return;
      return check().then((readiness) =>
        endResponse(
          new fetchAPI.Response(JSON.stringify(readiness), {
            status: readiness.status === 'ready' ? 200 : 503,
            headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
          }),
        ),
      );
    },
  };
}
