import { errorCode } from '../errors';
import { GraphQLResponseError, HttpError } from '../request-errors';

/**
 * Answers after which the server holds nothing for the key: it refused the request outright (bad
 * input, a declined card, no session, another request's key), so the next press is a new attempt.
 */
const refusalCodes = new Set([
  'BAD_USER_INPUT',
  'PAYMENT_DECLINED',
  'NOT_FOUND',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'IDEMPOTENCY_KEY_REUSED',
]);

/**
 * Whether a failed purchase call ends its attempt. Only a definite refusal from the server does; a
 * timeout, a network error, a 5xx, an unexpected server error or IDEMPOTENCY_KEY_IN_PROGRESS (the
 * first request with the key is still running) leaves the outcome unknown (the card may have been
 * charged), so the retry must send the same key and get the first request's answer.
 */
export function endsAttempt(error: unknown): boolean {
  if (error instanceof GraphQLResponseError) {
    const code = errorCode(error);
    return code !== undefined && refusalCodes.has(code);
  }
  return error instanceof HttpError && error.status >= 400 && error.status < 500;
}

/**
 * One idempotency key per purchase attempt on an item (a package, a membership definition, a
 * membership to renew): the first press makes it, every retry of the same attempt reuses it until the
 * server gives a definite answer (success or refusal), and the next press then makes a new one.
 */
export class AttemptKeys {
  private readonly keys = new Map<string, string>();

  /** Calls `send` with the item's current key and keeps or ends the attempt by the outcome. */
  async run<T>(item: string, send: (idempotencyKey: string) => Promise<T>): Promise<T> {
    let key = this.keys.get(item);
    if (key === undefined) {
      key = crypto.randomUUID();
      this.keys.set(item, key);
    }
    try {
      const result = await send(key);
      this.end(item, key);
      return result;
    } catch (error) {
      if (endsAttempt(error)) this.end(item, key);
      throw error;
    }
  }

  private end(item: string, key: string): void {
    if (this.keys.get(item) === key) this.keys.delete(item);
  }
}
