import { join, resolve } from 'node:path';
import { z } from 'zod';
import type { DatabaseConfig } from './adapters/database/database';
import { type CheckoutConfig, loadCheckoutConfig } from './checkout-config';
import { type IdentityConfig, loadIdentityConfig } from './identity-config';
import { findRepoRoot } from './paths';

export interface AppConfig {
  port: number;
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
  /** How often the server charges due membership renewals, in milliseconds; 0 turns it off. */
  membershipRenewalIntervalMs: number;
}

/** Renewals are charged hourly unless MEMBERSHIP_RENEWAL_INTERVAL_MS says otherwise. */
export const defaultMembershipRenewalIntervalMs = 3_600_000;

// Unset and empty mean the same thing in shell-driven environments.
const optionalText = z.preprocess((value) => (value === '' ? undefined : value), z.string().optional());

const envSchema = z.object({
  PORT: z.preprocess(
    (value) => (value === '' || value === undefined ? undefined : value),
    z.coerce.number().int().min(1).max(65_535).default(4000),
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
  MEMBERSHIP_RENEWAL_INTERVAL_MS: z.preprocess(
    (value) => (value === '' || value === undefined ? undefined : value),
    // setInterval holds at most 2^31 - 1 ms.
    z.coerce.number().int().min(0).max(2_147_483_647).default(defaultMembershipRenewalIntervalMs),
  ),
});

/** Reads and validates the environment once, at the edge; everything inside trusts the result. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n  ${problems.join('\n  ')}`);
  }
  const values = parsed.data;
  return {
    port: values.PORT,
    nodeEnv: values.NODE_ENV,
    database: values.DATABASE_URL
      ? { kind: 'postgres', url: values.DATABASE_URL }
      : { kind: 'pglite', dataDir: pgliteDir(values.PGLITE_DIR) },
    catalogOverrideEntry: values.CATALOG_OVERRIDE_ENTRY,
    seedDemo: values.SEED_DEMO === '1' || values.SEED_DEMO === 'true',
    identity: loadIdentityConfig(env, values.NODE_ENV),
    checkout: loadCheckoutConfig(env, values.NODE_ENV),
    membershipRenewalIntervalMs: values.MEMBERSHIP_RENEWAL_INTERVAL_MS,
  };
}

function pgliteDir(configured: string | undefined): string {
  if (configured) return configured.startsWith('memory://') ? configured : resolve(configured);
  // One embedded database per checkout, shared by the server and the CLI.
  return join(findRepoRoot() ?? process.cwd(), '.data', 'pglite');
}
