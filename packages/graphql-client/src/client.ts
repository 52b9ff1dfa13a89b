import type { TypedDocumentString } from './generated/graphql';
import {
  type GraphQLErrorEntry,
  GraphQLResponseError,
  HttpError,
  RequestTimeoutError,
} from './request-errors';

// Not graphql-request: its GraphQLClient passes every document through analyzeDocument, which imports
// `parse` and `print` from `graphql`, so the GraphQL parser would ship to the browser. Codegen already
// gives us the document as a string, so a POST of {query, variables, operationName} is all we need.

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
}

export interface RequestOptions {
  /** Cancels the request (TanStack Query passes one per query). */
  signal?: AbortSignal;
  /** Overrides the client's timeout for this request. */
  timeoutMs?: number;
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
const OPERATION_NAME = /\b(?:query|mutation|subscription)\s+([_A-Za-z][_0-9A-Za-z]*)/;

function operationNameOf(query: string): string | undefined {
  return OPERATION_NAME.exec(query)?.[1];
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

/** A GraphQL client: POST, JSON body, cookies included (the session cookie is first-party). */
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

    const request = send<TResult>(fetchImpl, endpoint, {
      method: 'POST',
      credentials: 'include',
      headers: {
        'content-type': 'application/json',
        accept: 'application/graphql-response+json, application/json',
        // The API's CSRF prevention refuses requests a plain form could send without this header.
        'x-graphql-yoga-csrf': '1',
        ...options.headers,
      },
      body: JSON.stringify({ query, variables, operationName: operationNameOf(query) }),
      signal: controller.signal,
    });

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

/** Replaces the page's client; the host calls this at start-up. */
export function configureGraphQLClient(options: GraphQLClientOptions): GraphQLClient {
  defaultClient = createGraphQLClient(options);
  return defaultClient;
}

/** The page's client, created with the defaults on first use. */
export function getGraphQLClient(): GraphQLClient {
  defaultClient ??= createGraphQLClient();
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
