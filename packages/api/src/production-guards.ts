import { type CheckoutConfig, developmentOperatorKey } from './checkout';
import { developmentHostSecret, developmentTokenSecret, type IdentityConfig } from './identity';
import type { DatabaseConfig } from './kernel/database/database';
import type { ApplePayConfig } from './payments';
import type { ReleasesConfig } from './releases';

/** The parts of the application's configuration the guards read (config.ts puts them together). */
export interface GuardedConfig {
  nodeEnv: 'development' | 'production' | 'test';
  database: DatabaseConfig;
  identity: IdentityConfig;
  checkout: CheckoutConfig;
  applePay: ApplePayConfig;
  releases: ReleasesConfig;
}

/**
 * Why a production server must not start with this configuration: one line per refusal, each naming
 * the variable to set. Empty outside production, and when nothing is wrong. Pure: no I/O.
 *
 * The embedded defaults (PGlite, the sandbox processor, development secrets) make the API run with no
 * configuration at all, which is right on a laptop and wrong in front of real clients.
 */
export function productionProblems(env: Record<string, string | undefined>, config: GuardedConfig): string[] {
  if (config.nodeEnv !== 'production') return [];
  const problems: string[] = [];
  if (config.database.kind !== 'postgres') {
    problems.push(
      'DATABASE_URL: set it to the PostgreSQL server (postgres://…); production refuses the embedded PGlite database',
    );
  }
  if (config.checkout.payments.processor === 'sandbox') {
    problems.push(
      'PAYMENTS_PROCESSOR: set it to stripe (with STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY); production refuses the sandbox processor',
    );
  }
  if (config.applePay.merchantValidation === 'sandbox') {
    problems.push(
      'APPLE_PAY_MERCHANT_ID: set it with APPLE_PAY_MERCHANT_CERT and APPLE_PAY_MERCHANT_KEY (the merchant identity certificate), or APPLE_PAY=off to offer no Apple Pay; production refuses the sandbox Apple Pay merchant validation',
    );
  }
  if (config.checkout.operatorKey === developmentOperatorKey) {
    problems.push(
      'OPERATOR_KEY: set it to a random secret of at least 24 characters; production refuses the development operator key',
    );
  }
  if (config.identity.registrationTokenSecret === developmentTokenSecret) {
    problems.push(
      'AUTH_TOKEN_SECRET: set it to a random secret of at least 32 characters; production refuses the development secret',
    );
  }
  if (config.identity.hostSecret === developmentHostSecret) {
    problems.push(
      "HOST_SECRET: set it to a random secret of at least 32 characters, the same for the host's server; production refuses the development secret",
    );
  }
  if (!env.TRUST_PROXY_HOPS?.trim()) {
    problems.push(
      'TRUST_PROXY_HOPS: set it to the number of proxies in front of the API that append to X-Forwarded-For (0 for none); production needs it explicitly',
    );
  }
  if (config.releases.remoteOrigins.length === 0) {
    problems.push(
      "REMOTE_ORIGINS: set it to the origins (comma-separated) that serve the remotes' releases, e.g. https://cdn.example.com; production has no default",
    );
  }
  return problems;
}
