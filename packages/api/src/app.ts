import type { IncomingMessage } from 'node:http';
import { useCookies } from '@whatwg-node/server-plugin-cookies';
import { createSchema, createYoga } from 'graphql-yoga';
import type { Geocoder } from './catalogue';
import { createGazetteerGeocoder } from './catalogue';
import type { CheckoutConfig, CheckoutPorts } from './checkout';
import { defaultCheckoutConfig, handleProcessorEvent } from './checkout';
import type { AppConfig } from './config';
import type { GraphQLContext } from './graphql-context';
import { csrfHeaderName, hardeningPlugins } from './http/hardening';
import { checkReadiness, useHealthCheck, useReadinessCheck } from './http/health-check';
import { graphqlMaxBodyBytes, useMalformedRequestGuard } from './http/malformed-requests';
import { usePersistedDocuments } from './http/persisted-operations';
import { publicCachePlugins } from './http/public-cache';
import { useStaticAssets } from './http/static-assets';
import {
  createIdentity,
  type IdentityConfig,
  type IdentityOptions,
  loadIdentityConfig,
  useAppleFormPost,
} from './identity';
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
import { createMediaStorage, defaultMediaConfig, type MediaConfig, useMedia } from './staff';
import { loadTypeDefs } from './type-defs';

export interface AppOptions {
  db: Database;
  /** Without `identity`, identity is configured as an empty environment would configure it. */
  config: Pick<AppConfig, 'nodeEnv'> &
    Partial<Pick<AppConfig, 'identity' | 'checkout' | 'applePay' | 'releases' | 'media'>>;
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
 * at POST /auth/apple/form-post, the payment processor's events at POST /webhooks/stripe and (outside
 * production) the dev mailbox at /dev/mailbox. A fetch-style handler, so tests call `app.fetch`
 * in-process and the server hands it to `http.createServer`.
 */
export function createApp(options: AppOptions) {
  const { db, config, geocoder = createGazetteerGeocoder(), logging = true } = options;
  const identityConfig = config.identity ?? loadIdentityConfig({}, config.nodeEnv);
  const checkoutConfig = config.checkout ?? defaultCheckoutConfig(config.nodeEnv);
  const parts: AppParts = {
    database: db,
    geocoder,
    identityConfig,
    identity: createIdentity(db.db, identityConfig, options.identity),
    paymentsConfig: checkoutConfig.payments,
    checkout: checkoutPorts(options, { geocoder, identityConfig, checkoutConfig }),
    releases: releasePorts(options),
    log: logging === true ? logger : logging === false ? createLogger({ level: 'silent' }) : logging,
  };
  const graphqlEndpoint = '/graphql';
  return createYoga<{ req?: IncomingMessage }>({
    schema: createSchema<GraphQLContext>({ typeDefs: loadTypeDefs(), resolvers }),
    graphqlEndpoint,
    context: ({ request, req }) => requestContext(parts, request, req),
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
    logging: yogaLogger(parts.log),
    plugins: [
      // First: the request id and log line cover every other plugin's answers.
      useRequestId(parts.log),
      // The endpoints answer a failure plainly (500 'Internal error'), never with its stack trace.
      ...endpointPlugins(parts, options.jobsRunning).map(withPlainErrors),
      useCookies(),
      // After the cookies: an upload is made with the member's session.
      withPlainErrors(useMedia(mediaPorts(parts, config.media))),
      ...hardeningPlugins(config.nodeEnv),
      // Parameters of the wrong type or nested too deeply: 400, before any plugin below reads them.
      useMalformedRequestGuard(),
      // Text with control characters (NUL, which PostgreSQL refuses) is refused before anything runs.
      useControlCharacterGuard(),
      // In this order: a persisted hash becomes its document before the public cache keys on it.
      usePersistedDocuments(),
      ...publicCachePlugins({ graphqlEndpoint, db: db.db }),
    ],
  });
}

/** What the app is made of, built once and shared by every request. */
interface AppParts {
  database: Database;
  geocoder: Geocoder;
  identityConfig: IdentityConfig;
  identity: ReturnType<typeof createIdentity>;
  paymentsConfig: CheckoutConfig['payments'];
  checkout: CheckoutPorts;
  releases: ReleasePorts;
  log: Logger;
}

/** The checkout's ports: the configured processor and Apple Pay validation unless a test replaces them. */
function checkoutPorts(
  { db, config, checkout: replacements }: AppOptions,
  configured: { geocoder: Geocoder; identityConfig: IdentityConfig; checkoutConfig: CheckoutConfig },
): CheckoutPorts {
  const { geocoder, identityConfig, checkoutConfig } = configured;
  return {
    db: db.db,
    geocoder,
    payments: replacements?.payments ?? createPayments(checkoutConfig.payments, db.db),
    clock: replacements?.clock ?? (() => new Date()),
    operatorKey: checkoutConfig.operatorKey,
    // Client notifications: MAIL_FROM sends them, the first of WEB_ORIGINS is where their links go.
    notifications: notificationSettings(identityConfig),
    applePay: {
      // Without configuration the sandbox, as every other embedded default.
      merchantValidator:
        replacements?.applePayMerchant !== undefined
          ? replacements.applePayMerchant
          : createMerchantValidator(config.applePay ?? { merchantValidation: 'sandbox' }),
      servedDomains: identityConfig.webOrigins.map((origin) => new URL(origin).hostname),
    },
  };
}

/** Uploads and serving of the console's images: local disk unless a bucket is configured. */
function mediaPorts(parts: AppParts, media: MediaConfig = defaultMediaConfig()) {
  return {
    db: parts.database.db,
    storage: createMediaStorage(media.storage),
    session: (request: Request) => parts.identity.forRequest(request).session,
    clock: parts.identity.ports.clock,
    csrfHeader: csrfHeaderName,
    uploadsPerHour: media.uploadsPerHour,
  };
}

/** The release registry's ports, from REMOTE_ORIGINS and the canary limits (defaults without config). */
function releasePorts({ db, config, releases: replacements }: AppOptions): ReleasePorts {
  const releasesConfig = config.releases ?? loadReleasesConfig({}, config.nodeEnv);
  return {
    db: db.db,
    clock: replacements?.clock ?? (() => new Date()),
    remoteOrigins: releasesConfig.remoteOrigins,
    canaryFailureLimit: releasesConfig.canaryFailureLimit,
    canaryFailureSharePercent: releasesConfig.canaryFailureSharePercent,
  };
}

/** The GraphQL context of one request: the shared ports plus what the request presented. */
function requestContext(parts: AppParts, request: Request, req: IncomingMessage | undefined): GraphQLContext {
  const requestIdentity = parts.identity.forRequest(request, req);
  const requestLog = requestLogger(parts.log);
  return {
    db: parts.database.db,
    geocoder: parts.geocoder,
    identity: requestIdentity,
    checkout: { ...parts.checkout, presentedOperatorKey: request.headers.get(operatorKeyHeader) },
    releases: {
      ...parts.releases,
      log: requestLog,
      clientIp: requestIdentity.clientIp,
      browserId: () => browserIdOf(request, parts.identityConfig.hostSecret),
    },
    log: requestLog,
  };
}

/** The endpoints beside GraphQL: health, assets, Apple's form_post, webhooks, canary views, mailbox. */
function endpointPlugins(parts: AppParts, jobsRunning: AppOptions['jobsRunning']) {
  const { database, identity, identityConfig, checkout, log } = parts;
  return [
    useHealthCheck(),
    useReadinessCheck(() => checkReadiness({ database, jobsRunning })),
    useStaticAssets(assetsDir),
    useAppleFormPost(identity.ports),
    useStripeWebhooks(parts.paymentsConfig, {
      clock: checkout.clock,
      log,
      handleEvent: (event) => handleProcessorEvent({ ...checkout, log }, 'stripe', event),
    }),
    useCanaryViews(parts.releases, identityConfig.hostSecret),
    ...(identityConfig.devMailbox ? [useDevMailbox(database.db)] : []),
  ];
}

export type App = ReturnType<typeof createApp>;
