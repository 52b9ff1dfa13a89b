import type { TypedDocumentString } from './generated/graphql';
import { MARKETPLACE_HEADER, pageMarketplaceId } from './page-marketplace';
import {
  type GraphQLErrorEntry,
  GraphQLResponseError,
  HttpError,
  RequestTimeoutError,
} from './request-errors';

// Not graphql-request: its GraphQLClient passes every document through analyzeDocument, which imports
// `parse` and `print` from `graphql`, so the GraphQL parser would ship to the browser. Codegen already
// gives us the document as a string, so a POST of {query, variables, operationName} is all we need;
// and codegen gives each operation its SHA-256 (`__meta__.hash`), so a public query can be a GET of
// the hash that browsers and CDNs cache, with no hashing in the browser.

export const DEFAULT_GRAPHQL_ENDPOINT = '/graphql';

export interface GraphQLClientOptions {
  /** Same-origin path or URL of the GraphQL endpoint; `/graphql` by default. */
  endpoint?: string;
  /** Abort and fail with RequestTimeoutError after this many ms; no timeout when unset. */
  timeoutMs?: number;
  /** Fetch implementation; the global fetch, looked up at call time, by default. */
  fetch?: typeof fetch;
  /** Extra headers sent with every request. */
  headers?: Record<string, string>;
  /**
   * The marketplace each request is for, read at each request and sent as X-Atrium-Marketplace, so
   * the API acts with the session of that marketplace's group (a browser keeps one per group). The
   * page's client reads the page's marketplace (`pageMarketplaceId`); none is sent when unset or null.
   */
  marketplaceId?: () => string | null | undefined;
}

export interface RequestOptions {
  /** Cancels the request (TanStack Query passes one per query). */
  signal?: AbortSignal;
  /** Overrides the client's timeout for this request. */
  timeoutMs?: number;
  /**
   * Send the query as a persisted GET (its build-time hash and the variables in the URL), which the
   * API answers with `Cache-Control: public` and an ETag when the query is public, so the browser's
   * HTTP cache and CDNs can keep and revalidate it. Only for queries whose answer is the same for
   * every visitor (the API keeps everything else private anyway). An API that does not know the
   * hash is asked again by POST. Queries without a hash, and mutations, always go by POST.
   */
  persistedGet?: boolean;
}

export interface GraphQLClient {
  readonly endpoint: string;
  execute<TResult, TVariables>(
    document: TypedDocumentString<TResult, TVariables>,
    variables: TVariables,
    options?: RequestOptions,
  ): Promise<TResult>;
}

interface GraphQLResponseBody {
  data?: unknown;
  errors?: GraphQLErrorEntry[];
}

// The operation's name, for server logs and tracing. Read from the text because there is no parser
// here (see above); codegen emits the operation before its fragments, so the first match is it.
const OPERATION = /\b(query|mutation|subscription)\s+([_A-Za-z][_0-9A-Za-z]*)/;

function operationNameOf(query: string): string | undefined {
  return OPERATION.exec(query)?.[2];
}

/** The SHA-256 (hex) codegen gave the document, if it is a query (client preset `persistedDocuments`). */
function persistedHashOf(document: object, query: string): string | undefined {
  const hash = (document as { __meta__?: { hash?: unknown } }).__meta__?.hash;
  if (typeof hash !== 'string' || OPERATION.exec(query)?.[1] !== 'query') return undefined;
  return hash.replace(/^sha256:/, '');
}

/**
 * The URL of a persisted GET of a query: operation name, variables and the Apollo-style
 * `persistedQuery` extension naming its hash. The same call always gives the same URL, so it is a
 * stable cache key for browsers and CDNs.
 */
export function persistedQueryUrl<TResult, TVariables>(
  endpoint: string,
  document: TypedDocumentString<TResult, TVariables>,
  variables: TVariables,
): string | undefined {
  const query = document.toString();
  const hash = persistedHashOf(document, query);
  if (!hash) return undefined;
  const params = new URLSearchParams();
  const operationName = operationNameOf(query);
  if (operationName) params.set('operationName', operationName);
  params.set('variables', JSON.stringify(variables ?? {}));
  params.set('extensions', JSON.stringify({ persistedQuery: { version: 1, sha256Hash: hash } }));
  return `${endpoint}${endpoint.includes('?') ? '&' : '?'}${params}`;
}

/** The API answered that it does not hold the document of this hash (yoga's persisted operations). */
function isPersistedQueryNotFound(error: unknown): boolean {
  return error instanceof GraphQLResponseError && error.errors[0]?.message === 'PersistedQueryNotFound';
}

function parseBody(text: string): GraphQLResponseBody | undefined {
  try {
    const body: unknown = JSON.parse(text);
    return typeof body === 'object' && body !== null ? (body as GraphQLResponseBody) : undefined;
  } catch {
    return undefined;
  }
}

async function send<TResult>(fetchImpl: typeof fetch, endpoint: string, init: RequestInit): Promise<TResult> {
  const response = await fetchImpl(endpoint, init);
  const body = parseBody(await response.text());
  if (body?.errors && body.errors.length > 0) {
    throw new GraphQLResponseError(body.errors, body.data ?? null, response.status);
  }
  if (!response.ok) {
    throw new HttpError(response.status);
  }
  if (body?.data === undefined || body.data === null) {
    throw new HttpError(response.status, 'The server answered without data');
  }
  return body.data as TResult;
}

/**
 * A GraphQL client: POST, JSON body, cookies included (the session cookie is first-party); or, for
 * a public query asked with `persistedGet`, a GET of its hash.
 */
export function createGraphQLClient(options: GraphQLClientOptions = {}): GraphQLClient {
  const endpoint = options.endpoint ?? DEFAULT_GRAPHQL_ENDPOINT;

  async function execute<TResult, TVariables>(
    document: TypedDocumentString<TResult, TVariables>,
    variables: TVariables,
    requestOptions: RequestOptions = {},
  ): Promise<TResult> {
    const fetchImpl = options.fetch ?? globalThis.fetch;
    const timeoutMs = requestOptions.timeoutMs ?? options.timeoutMs;
    const query = document.toString();
    const controller = new AbortController();
    const outer = requestOptions.signal;
    const forwardAbort = () => controller.abort(outer?.reason);
    if (outer?.aborted) forwardAbort();
    else outer?.addEventListener('abort', forwardAbort, { once: true });

    const marketplaceId = options.marketplaceId?.();
    const headers = {
      accept: 'application/graphql-response+json, application/json',
      // The API's CSRF prevention refuses requests a plain form could send (a GET among them) without it.
      'x-graphql-yoga-csrf': '1',
      ...(marketplaceId ? { [MARKETPLACE_HEADER]: marketplaceId } : {}),
      ...options.headers,
    };
    const post = () =>
      send<TResult>(fetchImpl, endpoint, {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ query, variables, operationName: operationNameOf(query) }),
        signal: controller.signal,
      });
    const getUrl = requestOptions.persistedGet ? persistedQueryUrl(endpoint, document, variables) : undefined;
    const request = getUrl
      ? send<TResult>(fetchImpl, getUrl, {
          method: 'GET',
          credentials: 'include',
          headers,
          signal: controller.signal,
        }).catch((error: unknown) => {
          if (isPersistedQueryNotFound(error)) return post();
          throw error;
        })
      : post();

    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      if (timeoutMs === undefined) return await request;
      // Raced rather than left to the abort alone, so a fetch that ignores its signal still times out.
      const timeout = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => {
          controller.abort();
          reject(new RequestTimeoutError(timeoutMs));
        }, timeoutMs);
      });
      return await Promise.race([request, timeout]);
    } finally {
      clearTimeout(timer);
      outer?.removeEventListener('abort', forwardAbort);
    }
  }

  return { endpoint, execute };
}

// The page's client. @atrium/graphql-client is a Module Federation singleton, so the host configures it
// once (endpoint, timeout) and every remote's hooks use it.
let defaultClient: GraphQLClient | undefined;

/**
 * Replaces the page's client; the host calls this at start-up. Unless told otherwise, it names the
 * page's marketplace in every request (see `pageMarketplaceId`).
 */
export function configureGraphQLClient(options: GraphQLClientOptions): GraphQLClient {
  defaultClient = createGraphQLClient({ marketplaceId: pageMarketplaceId, ...options });
  return defaultClient;
}

/** The page's client, created with the defaults on first use. */
export function getGraphQLClient(): GraphQLClient {
  defaultClient ??= createGraphQLClient({ marketplaceId: pageMarketplaceId });
  return defaultClient;
}

/** Runs a generated document on the page's client; result and variables are typed by the document. */
export function execute<TResult, TVariables>(
  document: TypedDocumentString<TResult, TVariables>,
  variables: TVariables,
  options?: RequestOptions,
): Promise<TResult> {
  return getGraphQLClient().execute(document, variables, options);
}
