import { configureGraphQLClient } from './client';

/** A recorded call of the fake fetch. */
export interface FetchCall {
  url: string;
  init: RequestInit;
}

/**
 * A fake fetch for tests: records each call and answers with the given responses in turn (the last
 * one repeats). No network is touched.
 */
export function fakeFetch(...responses: Array<() => Response>) {
  const calls: FetchCall[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    calls.push({ url: String(input), init });
    const respond = responses[Math.min(calls.length, responses.length) - 1];
    if (!respond) throw new Error('fakeFetch has no response to give');
    return respond();
  };
  return { fetch: fetchImpl as typeof fetch, calls };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A fetch that never answers but rejects once its signal aborts, as the browser's does. */
export function hangingFetch() {
  const signals: AbortSignal[] = [];
  const fetchImpl = (_input: RequestInfo | URL, init: RequestInit = {}) =>
    new Promise<Response>((_resolve, reject) => {
      const { signal } = init;
      if (signal) {
        signals.push(signal);
        signal.addEventListener('abort', () =>
          reject(new DOMException('The operation was aborted.', 'AbortError')),
        );
      }
    });
  return { fetch: fetchImpl as typeof fetch, signals };
}

/** A GraphQL call as `graphqlFetch` recorded it. */
export interface GraphQLCall {
  operationName: string;
  variables: Record<string, unknown>;
}

type GraphQLAnswer =
  | { data: unknown }
  | { errors: { message: string; extensions?: Record<string, unknown> }[] };

/**
 * For a page's tests: the GraphQL client's fetch answers each operation by its handler (by operation
 * name; an operation without one fails the call) and records every call.
 */
export function graphqlFetch(
  handlers: Record<string, (variables: Record<string, unknown>) => GraphQLAnswer>,
) {
  const calls: GraphQLCall[] = [];
  const fetchImpl = async (_input: RequestInfo | URL, init: RequestInit = {}) => {
    const body = JSON.parse(String(init.body)) as GraphQLCall;
    calls.push({ operationName: body.operationName, variables: body.variables ?? {} });
    const handler = handlers[body.operationName];
    if (!handler) throw new Error(`No answer for ${body.operationName}`);
    return jsonResponse(handler(body.variables ?? {}));
  };
  configureGraphQLClient({ fetch: fetchImpl as typeof fetch });
  return {
    calls,
    of: (name: string) => calls.filter((call) => call.operationName === name),
    fetch: fetchImpl as typeof fetch,
  };
}
