import type { IncomingMessage } from 'node:http';
import { useCookies } from '@whatwg-node/server-plugin-cookies';
import { createSchema, createYoga } from 'graphql-yoga';
import type { Geocoder } from './catalogue';
import { createGazetteerGeocoder } from './catalogue';
import type { CheckoutPorts } from './checkout';
import { defaultCheckoutConfig, handleProcessorEvent } from './checkout';
import type { AppConfig } from './config';
import type { GraphQLContext } from './graphql-context';
import { hardeningPlugins } from './http/hardening';
import { checkReadiness, useHealthCheck, useReadinessCheck } from './http/health-check';
import { graphqlMaxBodyBytes, useMalformedRequestGuard } from './http/malformed-requests';
import { usePersistedDocuments } from './http/persisted-operations';
import { publicCachePlugins } from './http/public-cache';
import { useStaticAssets } from './http/static-assets';
import { createIdentity, type IdentityOptions, loadIdentityConfig, useAppleFormPost } from './identity';
import type { Database } from './kernel/database/database';
import { useControlCharacterGuard } from './kernel/http/control-characters';
import { withPlainErrors } from './kernel/http/plain-errors';
import { requestLogger, useRequestId, yogaLogger } from './kernel/http/request-id';
import { maskServiceErrors } from './kernel/http/service-unavailable';
import { createLogger, type Logger, logger } from './kernel/logger';
import { operatorKeyHeader } from './kernel/operator-key';
import { assetsDir } from './kernel/paths';
import { notificationSettings, useDevMailbox } from './notifications';
import {
  type ApplePayMerchantValidator,
  createMerchantValidator,
  createPayments,
  type Payments,
  useStripeWebhooks,
} from './payments';
import type { ReleasePorts } from './releases';
import { browserIdOf, loadReleasesConfig, useCanaryViews } from './releases';
import { resolvers } from './resolvers';
import { loadTypeDefs } from './type-defs';

export interface AppOptions {
  db: Database;
  /** Without `identity`, identity is configured as an empty environment would configure it. */
  config: Pick<AppConfig, 'nodeEnv'> &
    Partial<Pick<AppConfig, 'identity' | 'checkout' | 'applePay' | 'releases'>>;
  /** Defaults to the offline ZIP gazetteer. */
  geocoder?: Geocoder;
  /**
   * Where the app logs (request lines, yoga's unexpected errors, the context's `log`): `true` (the
   * default) the process's logger, `false` nowhere (tests that provoke unexpected errors), or a logger.
   */
  logging?: boolean | Logger;
  /** Whether the job engine runs, for GET /readyz; omitted, its check is reported `skipped`. */
  jobsRunning?: () => boolean;
  /** Replacements for identity ports (clock, mail, SMS, providers), for tests. */
  identity?: IdentityOptions;
  /** Replacements for checkout ports (payment processor, clock), for tests. */
  checkout?: {
    payments?: Payments;
    clock?: () => Date;
    /** Apple Pay merchant validation (null: Apple Pay off); default from config.applePay. */
    applePayMerchant?: ApplePayMerchantValidator | null;
  };
  /** Replacements for release registry ports (the clock), for tests. */
  releases?: { clock?: () => Date };
}

/**
 * The HTTP application: GraphQL at /graphql (POST, or GET with a persisted query; public answers
 * cached, see http/public-cache.ts), /healthz, /readyz, /assets/*, Apple sign-in's form_post answer
 * at POST /auth/apple/form-post, the payment processor's events at POST /webhooks/stripe and (outside production) the dev mailbox at /dev/mailbox. A fetch-style handler, so tests
 * call `app.fetch` in-process and the server hands it to `http.createServer`.
 */
export function createApp({
  db,
  config,
  geocoder = createGazetteerGeocoder(),
  logging = true,
  jobsRunning,
  identity: identityOptions,
  checkout: checkoutOptions,
  releases: releasesOptions,
}: AppOptions) {
  const schema = createSchema<GraphQLContext>({ typeDefs: loadTypeDefs(), resolvers });
  const identityConfig = config.identity ?? loadIdentityConfig({}, config.nodeEnv);
  const identity = createIdentity(db.db, identityConfig, identityOptions);
  const checkoutConfig = config.checkout ?? defaultCheckoutConfig(config.nodeEnv);
  const checkout: CheckoutPorts = {
    db: db.db,
    geocoder,
    payments: checkoutOptions?.payments ?? createPayments(checkoutConfig.payments, db.db),
    clock: checkoutOptions?.clock ?? (() => new Date()),
    operatorKey: checkoutConfig.operatorKey,
    // Client notifications: MAIL_FROM sends them, the first of WEB_ORIGINS is where their links go.
    notifications: notificationSettings(identityConfig),
    applePay: {
      // Without configuration the sandbox, as every other embedded default.
      merchantValidator:
        checkoutOptions?.applePayMerchant !== undefined
          ? checkoutOptions.applePayMerchant
          : createMerchantValidator(config.applePay ?? { merchantValidation: 'sandbox' }),
      servedDomains: identityConfig.webOrigins.map((origin) => new URL(origin).hostname),
    },
  };
  const releasesConfig = config.releases ?? loadReleasesConfig({}, config.nodeEnv);
  const releases: ReleasePorts = {
    db: db.db,
    clock: releasesOptions?.clock ?? (() => new Date()),
    remoteOrigins: releasesConfig.remoteOrigins,
    canaryFailureLimit: releasesConfig.canaryFailureLimit,
    canaryFailureSharePercent: releasesConfig.canaryFailureSharePercent,
  };
  const graphqlEndpoint = '/graphql';
  const log = logging === true ? logger : logging === false ? createLogger({ level: 'silent' }) : logging;
  return createYoga<{ req?: IncomingMessage }>({
    schema,
    graphqlEndpoint,
    context: ({ request, req }): GraphQLContext => {
      const requestIdentity = identity.forRequest(request, req);
      const requestLog = requestLogger(log);
      return {
        db: db.db,
        geocoder,
        identity: requestIdentity,
        checkout: { ...checkout, presentedOperatorKey: request.headers.get(operatorKeyHeader) },
        releases: {
          ...releases,
          log: requestLog,
          clientIp: requestIdentity.clientIp,
          browserId: () => browserIdOf(request, identityConfig.hostSecret),
        },
        log: requestLog,
      };
    },
    // Unexpected errors become 'Unexpected error.' and never carry a stack trace, in any environment;
    // a database out of reach is SERVICE_UNAVAILABLE (HTTP 503) instead.
    maskedErrors: { isDev: false, maskError: maskServiceErrors },
    graphiql: config.nodeEnv !== 'production',
    landingPage: false,
    // No uploads: multipart bodies are refused (415); others are capped (413) before they are parsed.
    multipart: false,
    maxRequestBodySize: graphqlMaxBodyBytes,
    // Browsers reach the API on their own origin through a proxy, so no cross-origin access is granted.
    cors: false,
    logging: yogaLogger(log),
    plugins: [
      // First: the request id and log line cover every other plugin's answers.
      useRequestId(log),
      // The endpoints answer a failure plainly (500 'Internal error'), never with its stack trace.
      ...[
        useHealthCheck(),
        useReadinessCheck(() => checkReadiness({ database: db, jobsRunning })),
        useStaticAssets(assetsDir),
        useAppleFormPost(identity.ports),
        useStripeWebhooks(checkoutConfig.payments, {
          clock: checkout.clock,
          log,
          handleEvent: (event) => handleProcessorEvent({ ...checkout, log }, 'stripe', event),
        }),
        useCanaryViews(releases, identityConfig.hostSecret),
        ...(identityConfig.devMailbox ? [useDevMailbox(db.db)] : []),
      ].map(withPlainErrors),
      useCookies(),
      ...hardeningPlugins(config.nodeEnv),
      // Parameters of the wrong type or nested too deeply: 400, before any plugin below reads them.
      useMalformedRequestGuard(),
      // Text with control characters (NUL, which PostgreSQL refuses) is refused before anything runs.
      useControlCharacterGuard(),
      // In this order: a persisted hash becomes its document before the public cache keys on it.
      usePersistedDocuments(),
      ...publicCachePlugins({ graphqlEndpoint }),
    ],
  });
}

export type App = ReturnType<typeof createApp>;
