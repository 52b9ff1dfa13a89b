import { join, resolve } from 'node:path';
import { z } from 'zod';
import { type CheckoutConfig, loadCheckoutConfig } from './checkout';
import { type IdentityConfig, loadIdentityConfig } from './identity';
import type { DatabaseConfig } from './kernel/database/database';
import { isLogLevel, logLevels } from './kernel/logger';
import { findRepoRoot } from './kernel/paths';
import { type ApplePayConfig, loadApplePayConfig } from './payments';
import { productionProblems } from './production-guards';
import { loadReleasesConfig, type ReleasesConfig } from './releases';
import { loadMediaConfig, type MediaConfig } from './staff';

export interface AppConfig {
  port: number;
  /** Address to listen on; 127.0.0.1 by default, since the API sits behind the host server's proxy. */
  host: string;
  nodeEnv: 'development' | 'production' | 'test';
  database: DatabaseConfig;
  /** Entry of the catalog remote that the demo seed registers as marketplace 2's tenant override. */
  catalogOverrideEntry: string;
  /** Seed the demo marketplaces when the server starts (the CLI `seed` does it on demand). */
  seedDemo: boolean;
  /** Sessions, sign-in providers, mail and SMS (identity-config.ts). */
  identity: IdentityConfig;
  /** The payment processor and the operator key (checkout-config.ts). */
  checkout: CheckoutConfig;
  /** Apple Pay's merchant validation (apple-pay-config.ts). */
  applePay: ApplePayConfig;
  /** The job engine (pg-boss): outbox delivery, renewals, reminders, housekeeping. */
  jobs: JobsConfig;
  /** The release registry: allowed remote origins, canary failure limit (releases-config.ts). */
  releases: ReleasesConfig;
  /**
   * Where uploaded images are kept (an S3-compatible bucket, or local disk) and the upload limit;
   * unset when no MEDIA_* variable is: local disk under <repo root>/.data/media.
   */
  media?: MediaConfig;
}

export interface JobsConfig {
  /** Run the job workers inside the API process (the default); off when `worker.mjs` runs them. */
  inProcess: boolean;
  /** How often idle workers look for jobs, in seconds. */
  pollingIntervalSeconds: number;
  /** Outbox messages one process delivers at once. */
  deliveryConcurrency: number;
  /** Memberships one renewal run takes at most. */
  renewalBatchSize: number;
}

// Unset and empty mean the same thing in shell-driven environments.
const optionalText = z.preprocess((value) => (value === '' ? undefined : value), z.string().optional());

const envSchema = z.object({
  PORT: z.preprocess(
    (value) => (value === '' || value === undefined ? undefined : value),
    z.coerce.number().int().min(1).max(65_535).default(4000),
  ),
  HOST: optionalText.pipe(z.string().trim().min(1).default('127.0.0.1')),
  // Read by logger.ts when it loads; checked here so a typo stops the start instead of being ignored.
  LOG_LEVEL: optionalText.pipe(
    z
      .string()
      .refine(isLogLevel, `LOG_LEVEL must be one of ${logLevels.join(', ')}`)
      .optional(),
  ),
  NODE_ENV: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(['development', 'production', 'test']).default('development'),
  ),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  PGLITE_DIR: optionalText,
  CATALOG_OVERRIDE_ENTRY: optionalText.pipe(z.url().default('http://localhost:3011/mf-manifest.json')),
  SEED_DEMO: optionalText.pipe(z.enum(['0', '1', 'true', 'false']).optional()),
  JOBS_IN_PROCESS: optionalText.pipe(z.enum(['0', '1', 'true', 'false']).default('true')),
  JOB_POLLING_INTERVAL_SECONDS: z.preprocess(
    (value) => (value === '' || value === undefined ? undefined : value),
    // pg-boss polls at most every half second.
    z.coerce.number().min(0.5).max(3600).default(1),
  ),
  OUTBOX_DELIVERY_CONCURRENCY: z.preprocess(
    (value) => (value === '' || value === undefined ? undefined : value),
    z.coerce.number().int().min(1).max(50).default(4),
  ),
  MEMBERSHIP_RENEWAL_BATCH_SIZE: z.preprocess(
    (value) => (value === '' || value === undefined ? undefined : value),
    z.coerce.number().int().min(1).max(10_000).default(100),
  ),
});

/**
 * Reads and validates the environment once, at the edge; everything inside trusts the result.
 * Throws 'Invalid environment' naming every malformed variable; with NODE_ENV=production, throws the
 * refusals of production-guards.ts, one line each.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n  ${problems.join('\n  ')}`);
  }
  const values = parsed.data;
  const config: AppConfig = {
    port: values.PORT,
    host: values.HOST,
    nodeEnv: values.NODE_ENV,
    database: values.DATABASE_URL
      ? { kind: 'postgres', url: values.DATABASE_URL }
      : { kind: 'pglite', dataDir: pgliteDir(values.PGLITE_DIR) },
    catalogOverrideEntry: values.CATALOG_OVERRIDE_ENTRY,
    seedDemo: values.SEED_DEMO === '1' || values.SEED_DEMO === 'true',
    identity: loadIdentityConfig(env, values.NODE_ENV),
    checkout: loadCheckoutConfig(env, values.NODE_ENV),
    applePay: loadApplePayConfig(env),
    jobs: {
      inProcess: values.JOBS_IN_PROCESS === '1' || values.JOBS_IN_PROCESS === 'true',
      pollingIntervalSeconds: values.JOB_POLLING_INTERVAL_SECONDS,
      deliveryConcurrency: values.OUTBOX_DELIVERY_CONCURRENCY,
      renewalBatchSize: values.MEMBERSHIP_RENEWAL_BATCH_SIZE,
    },
    releases: loadReleasesConfig(env, values.NODE_ENV),
    media: loadMediaConfig(env),
  };
  // One line per refusal, each naming the variable to set (server.ts prints the message and exits 1).
  const refusals = productionProblems(env, config);
  if (refusals.length > 0) throw new Error(refusals.join('\n'));
  return config;
}

function pgliteDir(configured: string | undefined): string {
  if (configured) return configured.startsWith('memory://') ? configured : resolve(configured);
  // One embedded database per checkout, shared by the server and the CLI.
  return join(findRepoRoot() ?? process.cwd(), '.data', 'pglite');
}
