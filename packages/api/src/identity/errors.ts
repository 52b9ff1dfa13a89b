/**
 * Expected identity failures, beside the shared NotFoundError and InvalidInputError of ../errors.
 * Resolvers give each its `extensions.code`.
 */

/** No valid session, or a failed sign-in: UNAUTHENTICATED. */
export class UnauthenticatedError extends Error {
  override readonly name = 'UnauthenticatedError';
}

/**
 * A sign-in code that can no longer be used (expired, replaced, used, or locked after too many wrong
 * guesses): CODE_SPENT, so the page offers a new code at once instead of another try.
 */
export class CodeSpentError extends UnauthenticatedError {}

/** Too many requests of one kind from one email address or one IP address: RATE_LIMITED. */
export class RateLimitedError extends Error {
  override readonly name = 'RateLimitedError';
}

export const signInRequired = 'Please sign in to continue.';
