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

/**
 * A signed-in client's password that is not theirs (changing it needs the current one):
 * INCORRECT_PASSWORD, not UNAUTHENTICATED, because the client is still signed in.
 */
export class IncorrectPasswordError extends Error {
  override readonly name = 'IncorrectPasswordError';
}

/**
 * A change that needs a recent proof of identity from a client who signed in too long ago:
 * REAUTHENTICATION_REQUIRED, so the page asks for a fresh sign-in code.
 */
export class ReauthenticationRequiredError extends Error {
  override readonly name = 'ReauthenticationRequiredError';
}

/** Too many requests of one kind from one email address or one IP address: RATE_LIMITED. */
export class RateLimitedError extends Error {
  override readonly name = 'RateLimitedError';
}

export const signInRequired = 'Please sign in to continue.';
