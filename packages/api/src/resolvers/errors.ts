import { GraphQLError } from 'graphql';
import type { z } from 'zod';
import { InvalidInputError, NotFoundError } from '../services/errors';

/** Validates resolver input; the first problem becomes a BAD_USER_INPUT error with its message. */
export function parseInput<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const message = result.error.issues[0]?.message ?? 'Invalid input.';
  throw new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });
}

/**
 * Runs a service call and turns its expected failures into GraphQL errors with a code. Anything else
 * is rethrown untouched, so Yoga masks it as 'Unexpected error.'.
 */
export async function withServiceErrors<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof NotFoundError) {
      throw new GraphQLError(error.message, { extensions: { code: 'NOT_FOUND' } });
    }
    if (error instanceof InvalidInputError) {
      throw new GraphQLError(error.message, { extensions: { code: 'BAD_USER_INPUT' } });
    }
    throw error;
  }
}
