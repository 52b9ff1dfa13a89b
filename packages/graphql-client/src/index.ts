// The shared client every page loads: the GraphQL client, query defaults, error messages and the
// marketplace query the shell needs. Feature operations live in entries of their own (e.g.
// '@atrium/graphql-client/places'), bundled by the remotes that use them.
export type { GraphQLClient, GraphQLClientOptions, RequestOptions } from './client';
export {
  configureGraphQLClient,
  createGraphQLClient,
  DEFAULT_GRAPHQL_ENDPOINT,
  execute,
  getGraphQLClient,
} from './client';
export type { ErrorAction } from './errors';
export {
  ERROR_ACTIONS,
  errorCode,
  errorExtensions,
  errorMessage,
  fallbackMessage,
  GENERIC_ERROR_MESSAGE,
  serverMessage,
} from './errors';
export type {
  CheckoutNoteType,
  CoordinatesInput,
  MarketplaceQuery,
  MarketplaceQueryVariables,
  PaymentCollectionMethod,
  PaymentDepositType,
  ProceduresInput,
  RemoteName,
  TypedDocumentString,
} from './generated/graphql';
export type { GraphQLProviderProps } from './graphql-provider';
export { GraphQLProvider } from './graphql-provider';
export type {
  Marketplace,
  MarketplaceCategory,
  MarketplaceClinic,
  MarketplaceProcedure,
} from './operations/marketplace';
export {
  fetchMarketplace,
  MarketplaceDocument,
  marketplaceQueryOptions,
  useMarketplace,
} from './operations/marketplace';
export type {
  RemotePreviewView,
  RemoteRolloutsAnswer,
  RemoteRolloutView,
} from './operations/remote-rollouts';
export { endRemotePreview, fetchRemoteRollouts, reportRemoteFailure } from './operations/remote-rollouts';
export { MARKETPLACE_HEADER, pageMarketplaceId } from './page-marketplace';
export {
  createPersistOptions,
  createQueryClient,
  createQueryPersister,
  PERSIST_MAX_AGE_MS,
  PERSIST_THROTTLE_MS,
  QUERY_CACHE_STORAGE_KEY,
  QUERY_DEFAULTS,
} from './query-client';
export type { GraphQLErrorEntry } from './request-errors';
export { GraphQLResponseError, HttpError, RequestTimeoutError } from './request-errors';
