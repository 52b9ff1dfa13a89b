import { createSchema, createYoga } from 'graphql-yoga';
import type { Database } from './adapters/database/database';
import { createGazetteerGeocoder } from './adapters/geocoding/gazetteer';
import type { Geocoder } from './adapters/geocoding/geocoder';
import type { AppConfig } from './config';
import type { GraphQLContext } from './graphql-context';
import { useHealthCheck } from './http/health-check';
import { useStaticAssets } from './http/static-assets';
import { assetsDir } from './paths';
import { resolvers } from './resolvers/resolvers';
import { loadTypeDefs } from './schema/load-type-defs';

export interface AppOptions {
  db: Database;
  config: Pick<AppConfig, 'nodeEnv'>;
  /** Defaults to the offline ZIP gazetteer. */
  geocoder?: Geocoder;
  /** Yoga's logger; tests that provoke unexpected errors can turn it off. */
  logging?: boolean;
}

/**
 * The HTTP application: GraphQL at /graphql, /healthz and /assets/*. A fetch-style handler, so tests
 * call `app.fetch` in-process and the server hands it to `http.createServer`.
 */
export function createApp({ db, config, geocoder = createGazetteerGeocoder(), logging = true }: AppOptions) {
  const schema = createSchema<GraphQLContext>({ typeDefs: loadTypeDefs(), resolvers });
  return createYoga({
    schema,
    graphqlEndpoint: '/graphql',
    context: (): GraphQLContext => ({ db: db.db, geocoder }),
    // Unexpected errors become 'Unexpected error.' and never carry a stack trace, in any environment.
    maskedErrors: { isDev: false },
    graphiql: config.nodeEnv !== 'production',
    landingPage: false,
    // Browsers reach the API on their own origin through a proxy, so no cross-origin access is granted.
    cors: false,
    logging,
    plugins: [useHealthCheck(), useStaticAssets(assetsDir)],
  });
}

export type App = ReturnType<typeof createApp>;
