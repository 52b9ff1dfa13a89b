/**
 * Expected failures that services report. Resolvers turn them into GraphQL errors with the matching
 * `extensions.code`; anything else is a bug and reaches the client masked.
 */
export class NotFoundError extends Error {
  override readonly name = 'NotFoundError';
}

export class InvalidInputError extends Error {
  override readonly name = 'InvalidInputError';
}
