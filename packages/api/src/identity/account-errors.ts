/**
 * Expected account failures, beside the shared NotFoundError and InvalidInputError of ../errors and
 * identity's UnauthenticatedError. Resolvers give each its `extensions.code`.
 */

/** Signed in, but asking to act on another client's account: FORBIDDEN. */
export class ForbiddenError extends Error {
  override readonly name = 'ForbiddenError';
}

export const accountMessages = {
  notYourProfile: 'You can only update your own profile.',
} as const;
