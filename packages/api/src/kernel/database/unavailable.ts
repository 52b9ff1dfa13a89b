/**
 * SQLSTATEs of a server that cannot serve right now: a restart or failover cuts sessions (57P01
 * admin shutdown, 57P02 crash shutdown), refuses them while it starts (57P03), runs out of slots
 * (53300), or leaves a writer on a primary just demoted to a replica (25006 read-only transaction).
 * Class 08 (connection exception) is matched as a class.
 */
const unavailableSqlStates = new Set(['57P01', '57P02', '57P03', '53300', '25006']);

/** Socket errors of a server that is down, restarting or unreachable. */
const socketErrorCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * node-postgres reports a lost or unobtainable connection with a plain Error and no code, so its own
 * messages are the only mark (pg/lib/client.js, pg-pool/index.js).
 */
const driverMessages = [
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
];

/**
 * Whether an error means the database is out of reach (down, restarting, failing over), as opposed to
 * a bug or a refused statement. The one place that decides it: GraphQL answers SERVICE_UNAVAILABLE,
 * the endpoints 503, and the job engine waits for the database to return. Looks through the causes
 * Drizzle (`cause`), GraphQL (`originalError`) and a failed dual-stack connect (`errors`) wrap it in.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const pending = [error];
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current !== 'object' || current === null || seen.has(current)) continue;
    seen.add(current);
    if (isUnavailableItself(current)) return true;
    const { cause, originalError, errors } = current as {
      cause?: unknown;
      originalError?: unknown;
      errors?: unknown;
    };
    pending.push(cause, originalError, ...(Array.isArray(errors) ? errors : []));
  }
  return false;
}

function isUnavailableItself(error: object): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (unavailableSqlStates.has(code) || socketErrorCodes.has(code)) return true;
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  return typeof message === 'string' && driverMessages.some((known) => message.startsWith(known));
}
