import { GraphQLError } from 'graphql';
import { maskError, type YogaMaskedErrorOpts } from 'graphql-yoga';
import { isDatabaseUnavailable } from '../database/unavailable';

/** Seconds a client should wait before trying again while the database is out of reach. */
export const retryAfterSeconds = 5;

export const serviceUnavailableMessage = 'The service is briefly unavailable. Please try again in a moment.';

/**
 * Yoga's error masking, except that a failure because the database is out of reach (restarting,
 * failing over) becomes SERVICE_UNAVAILABLE with HTTP 503 and Retry-After: the client may try again,
 * and a proxy or monitor sees an outage rather than a bug. Everything else stays 'Unexpected error.'.
 */
export const maskServiceErrors: YogaMaskedErrorOpts['maskError'] = (error, message, isDev) => {
  if (!isDatabaseUnavailable(error)) return maskError(error, message, isDev);
  const located = error instanceof GraphQLError ? error : undefined;
  return new GraphQLError(serviceUnavailableMessage, {
    nodes: located?.nodes,
    path: located?.path,
    extensions: {
      code: 'SERVICE_UNAVAILABLE',
      http: { status: 503, headers: { 'retry-after': String(retryAfterSeconds) } },
    },
  });
};
