import type { Plugin } from 'graphql-yoga';
import { errorFields } from '../logger';
import { requestLogger } from './request-id';

type OnRequestPayload = Parameters<NonNullable<Plugin['onRequest']>>[0];

/**
 * An endpoint plugin (one answering in `onRequest`) whose failures are logged and answered 500
 * 'Internal error' as plain text. The server's own answer to an error thrown there is the error's
 * stack trace, which no endpoint may show. (GraphQL errors are masked by yoga instead.)
 */
export function withPlainErrors(plugin: Plugin): Plugin {
  const { onRequest } = plugin;
  if (!onRequest) return plugin;
  const fail = (payload: OnRequestPayload, error: unknown) => {
    requestLogger().error(errorFields(error), 'Request failed');
    payload.endResponse(
      new payload.fetchAPI.Response('Internal error', {
        status: 500,
        headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
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
