import { AsyncLocalStorage } from 'node:async_hooks';
import { type DestinationStream, type Logger, pino } from 'pino';

export type { Logger } from 'pino';

/** pino's levels, most severe first; `silent` logs nothing. */
export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

export function isLogLevel(value: unknown): value is LogLevel {
  return typeof value === 'string' && (logLevels as readonly string[]).includes(value);
}

/**
 * Keys whose values never reach a log line, at the top level and two levels down: personal data
 * (email, phone, address, date of birth, names), card details, passwords, passcodes, tokens and
 * secrets, request headers and cookies, GraphQL variables and SQL parameters. Log ids instead.
 */
export const redactedKeys = [
  'email',
  'emails',
  'to',
  'recipient',
  'phone',
  'phoneNumber',
  'mobile',
  'address',
  'addressLine1',
  'addressLine2',
  'street',
  'postalCode',
  'zip',
  'dob',
  'givenName',
  'familyName',
  'firstName',
  'lastName',
  'card',
  'cardNumber',
  'cvc',
  'cvv',
  'password',
  'newPassword',
  'currentPassword',
  'passcode',
  'token',
  'sessionToken',
  'accessToken',
  'refreshToken',
  'idToken',
  'authorizationCode',
  'secret',
  'clientSecret',
  'operatorKey',
  'apiKey',
  'authorization',
  'cookie',
  'cookies',
  'headers',
  'variables',
  'params',
  'parameters',
  'values',
] as const;

const redactPaths = redactedKeys.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]);

/** What the logger knows about the request being handled (request-id.ts starts one per request). */
export interface RequestScope {
  requestId: string;
  /** The request's child logger: every line it writes carries `requestId`. */
  log: Logger;
  /** `performance.now()` when the request arrived. */
  startedAt: number;
}

const requestScope = new AsyncLocalStorage<RequestScope>();

/** Runs `work` as the handling of one request: lines logged meanwhile carry its `requestId`. */
export function runInRequestScope<T>(scope: RequestScope, work: () => T): T {
  return requestScope.run(scope, work);
}

/** The request being handled, if any. */
export function currentRequestScope(): RequestScope | undefined {
  return requestScope.getStore();
}

export interface LoggerOptions {
  /** Default: LOG_LEVEL, else `info`; always `silent` under vitest. */
  level?: LogLevel;
  /** Default: standard output. Tests pass a stream to read the lines. */
  destination?: DestinationStream;
}

/**
 * A pino logger writing one JSON object a line: ISO `time`, `level` as a word, `msg`, the redaction
 * of `redactedKeys`, `err` through `errorFields`, and, while a request is handled, its `requestId`
 * (also on lines of the root logger, e.g. from services or graphql-yoga).
 */
export function createLogger(options: LoggerOptions = {}): Logger {
  return pino(
    {
      level: options.level ?? defaultLevel(process.env),
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: redactPaths, censor: '[redacted]' },
      serializers: { err: serializeError, error: serializeError },
      mixin(_fields, _level, instance) {
        const scope = requestScope.getStore();
        // A request's child logger already names it in its bindings; say it once.
        if (!scope || 'requestId' in instance.bindings()) return {};
        return { requestId: scope.requestId };
      },
    },
    options.destination,
  );
}

function defaultLevel(env: NodeJS.ProcessEnv): LogLevel {
  if (env.VITEST) return 'silent';
  return isLogLevel(env.LOG_LEVEL) ? env.LOG_LEVEL : 'info';
}

/** The process's logger. Prefer the GraphQL context's `log` in resolvers: it is the request's child. */
export const logger: Logger = createLogger();

export interface ErrorFields {
  /** The error's class, e.g. `DrizzleQueryError`, or `typeof` a thrown non-error. */
  type: string;
  /** The first line of the message, with email addresses and long numbers taken out. */
  message: string;
  /** A code such as PostgreSQL's SQLSTATE (`23505`) or Node's (`ECONNREFUSED`). */
  code?: string;
  /** For a GraphQL error, the field whose resolver failed, e.g. `createAppointmentRequest`. */
  path?: string;
  cause?: ErrorFields;
  /** Only with `{ stack: true }`: the error's stack frames (what a resolver threw), not its message. */
  stack?: string;
}

/**
 * `{ err: { type, message, code?, path?, cause? } }` for a log line about `error`, without personal
 * data: only the message's first line (Drizzle appends the SQL parameters on the next ones; pg's
 * `detail`, which quotes values, is left out), scrubbed of email addresses and long numbers.
 */
export function errorFields(error: unknown, options: { stack?: boolean } = {}): { err: ErrorFields } {
  const fields = describeError(error, 0);
  if (options.stack) {
    const frames = stackFrames(thrown(error));
    if (frames) fields.stack = frames;
  }
  return { err: fields };
}

/** Messages longer than this are cut: a log line is not the place for documents. */
const maxMessageLength = 300;

/** Takes email addresses and long digit runs (phone numbers, card numbers, dates) out of free text. */
export function scrubText(text: string): string {
  const firstLine = text.split('\n', 1)[0] ?? '';
  const scrubbed = firstLine
    .replace(/[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+/g, '[email]')
    .replace(/\+?\d[\d ().-]{5,}\d/g, '[number]');
  return scrubbed.length > maxMessageLength ? `${scrubbed.slice(0, maxMessageLength)}…` : scrubbed;
}

function describeError(error: unknown, depth: number): ErrorFields {
  if (!(error instanceof Error)) {
    return {
      type: error === null ? 'null' : typeof error,
      message: typeof error === 'string' ? scrubText(error) : '',
    };
  }
  const fields: ErrorFields = {
    type: error.name && error.name !== 'Error' ? error.name : (error.constructor?.name ?? 'Error'),
    message: scrubText(error.message),
  };
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' || typeof code === 'number') fields.code = String(code);
  const path = (error as { path?: unknown }).path;
  if (Array.isArray(path) && path.length > 0) fields.path = path.join('.');
  const cause = causeOf(error);
  if (cause !== undefined && depth < 3) fields.cause = describeError(cause, depth + 1);
  return fields;
}

function causeOf(error: Error): unknown {
  // graphql-js wraps what a resolver threw in a GraphQLError's `originalError`.
  const original = (error as { originalError?: unknown }).originalError;
  return original ?? error.cause ?? undefined;
}

/** What a resolver threw, out of graphql-js's wrapper: its frames show where it happened. */
function thrown(error: unknown): unknown {
  const original = error instanceof Error ? (error as { originalError?: unknown }).originalError : undefined;
  return original instanceof Error ? original : error;
}

function stackFrames(error: unknown): string | undefined {
  if (!(error instanceof Error) || !error.stack) return undefined;
  const frames = error.stack
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .slice(0, 15)
    .map((line) => line.trim());
  return frames.length > 0 ? frames.join('\n') : undefined;
}

function serializeError(value: unknown): unknown {
  // Already described (errorFields), or not an error at all: as given.
  return value instanceof Error ? describeError(value, 0) : value;
}
