import type { Plugin } from 'graphql-yoga';
import { isDatabaseUnavailable } from '../database/unavailable';
import { errorFields } from '../logger';
import { requestLogger } from './request-id';
import { retryAfterSeconds } from './service-unavailable';

type OnRequestPayload = Parameters<NonNullable<Plugin['onRequest']>>[0];

/**
 * An endpoint plugin (one answering in `onRequest`) whose failures are logged and answered 500
 * 'Internal error' as plain text, or 503 'Service unavailable' with Retry-After while the database is
 * out of reach. The server's own answer to an error thrown there is the error's stack trace, which no
 * endpoint may show. (GraphQL errors are masked by yoga instead.)
 */
export function withPlainErrors(plugin: Plugin): Plugin {
  const { onRequest } = plugin;
  if (!onRequest) return plugin;
  const fail = (payload: OnRequestPayload, error: unknown) => {
    const unavailable = isDatabaseUnavailable(error);
    requestLogger().error(
      errorFields(error),
      unavailable ? 'Request failed: database unavailable' : 'Request failed',
    );
    const headers: Record<string, string> = {
      'content-type': 'text/plain; charset=utf-8',
      'cache-control': 'no-store',
    };
    if (unavailable) headers['retry-after'] = String(retryAfterSeconds);
    payload.endResponse(
      new payload.fetchAPI.Response(unavailable ? 'Service unavailable' : 'Internal error', {
        status: unavailable ? 503 : 500,
        headers,
      }),
    );
  };
  return {
    ...plugin,
    onRequest(payload) {
      try {
        const result = onRequest(payload);
        return result instanceof Promise ? result.catch((error: unknown) => fail(payload, error)) : result;
      } catch (error) {
        fail(payload, error);
      }
    },
  };
}
