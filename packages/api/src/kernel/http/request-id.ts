import { randomUUID } from 'node:crypto';
import type { Plugin } from 'graphql-yoga';
import {
  currentRequestScope,
  errorFields,
  type Logger,
  type LogLevel,
  logger as rootLogger,
  runInRequestScope,
  scrubText,
} from '../logger';

export const requestIdHeader = 'x-request-id';

/** An incoming id is kept only when it cannot smuggle anything into a log line or a header. */
const safeRequestId = /^[A-Za-z0-9._-]{1,64}$/;

/** Probes hit these every few seconds; their successful answers are logged at debug only. */
const probePaths = new Set(['/healthz', '/readyz']);

/** The request's id: a safe incoming `x-request-id` (from the proxy), else a new UUID. */
export function requestIdOf(request: Request): string {
  const given = request.headers.get(requestIdHeader);
  return given && safeRequestId.test(given) ? given : randomUUID();
}

/**
 * One id per request: taken from a safe `x-request-id` or generated, answered in the `x-request-id`
 * response header, and carried by every log line written while the request is handled (its child
 * logger, `requestLogger()`, and the root logger alike). Logs one line per request at info (debug for
 * healthy probes): method, path (never the query string, which can hold an email), status and
 * duration. Put it first among the plugins.
 */
export function useRequestId(base: Logger = rootLogger): Plugin {
  return {
    instrumentation: {
      // Wraps the whole handling, plugin hooks included, so the scope reaches everything it starts.
      request: ({ request }, handle) => {
        const requestId = requestIdOf(request);
        return runInRequestScope(
          { requestId, log: base.child({ requestId }), startedAt: performance.now() },
          handle,
        );
      },
    },
    onResponse({ request, response }) {
      const scope = currentRequestScope();
      if (!scope) return;
      try {
        response.headers.set(requestIdHeader, scope.requestId);
      } catch {
        // A response with immutable headers (Response.error()) goes out without it.
      }
      const path = new URL(request.url, 'http://localhost').pathname;
      const level: LogLevel = probePaths.has(path) && response.status < 400 ? 'debug' : 'info';
      scope.log[level](
        {
          method: request.method,
          path: path.length > 200 ? `${path.slice(0, 200)}…` : path,
          status: response.status,
          durationMs: Math.round((performance.now() - scope.startedAt) * 10) / 10,
        },
        'request',
      );
    },
  };
}

/** The logger of the request being handled (its lines carry `requestId`), else `fallback`. */
export function requestLogger(fallback: Logger = rootLogger): Logger {
  return currentRequestScope()?.log ?? fallback;
}

type YogaLevel = 'debug' | 'info' | 'warn' | 'error';

/**
 * graphql-yoga's `logging` option, routed to pino. Yoga logs what it masks as 'Unexpected error.'
 * with the original error; that error goes out as `errorFields` (type, scrubbed first line, code,
 * cause, stack frames), never its full message or its data. Other arguments that are not text are
 * left out.
 */
export function yogaLogger(base: Logger = rootLogger): Record<YogaLevel, (...args: unknown[]) => void> {
  const write =
    (level: YogaLevel) =>
    (...args: unknown[]) => {
      if (!base.isLevelEnabled(level)) return;
      const error = args.find((arg) => arg instanceof Error);
      const text = args
        .filter((arg): arg is string => typeof arg === 'string')
        .map(scrubText)
        .join(' ');
      if (error) {
        base[level](errorFields(error, { stack: true }), text || 'Unexpected error');
      } else if (text) {
        base[level](text);
      } else if (args.length > 0) {
        base[level](errorFields(args[0]), 'Unexpected error');
      }
    };
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}
