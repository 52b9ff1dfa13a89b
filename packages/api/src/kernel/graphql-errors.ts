import { GraphQLError } from 'graphql';
import type { z } from 'zod';
import { InvalidInputError, NotFoundError } from './errors';

/**
 * Validates resolver input; the first problem becomes a BAD_USER_INPUT error with its message (or
 * the error code a custom issue names in its `code` param, e.g. NOT_FOUND for an id out of range).
 */
export function parseInput<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const [issue] = result.error.issues;
  const code = issue?.code === 'custom' && typeof issue.params?.code === 'string' ? issue.params.code : null;
  throw new GraphQLError(issue?.message ?? 'Invalid input.', {
    extensions: { code: code ?? 'BAD_USER_INPUT' },
  });
}

/** A service failure a caller expects, and the GraphQL error code (and message, if not its own) it becomes. */
export interface ExpectedError {
  /** Any error class, whatever its constructor takes. */
  error: new (
    ...args: never[]
  ) => Error;
  code: string;
  message?: string;
  /** More for the client beside the code (e.g. the client secret of a 3-D Secure challenge). */
  extensions?: (error: never) => Record<string, unknown>;
}

/** Every operation's expected failures: NOT_FOUND and BAD_USER_INPUT. */
const commonErrors: ExpectedError[] = [
  { error: NotFoundError, code: 'NOT_FOUND' },
  { error: InvalidInputError, code: 'BAD_USER_INPUT' },
];

/**
 * Runs a service call and turns its expected failures (NOT_FOUND, BAD_USER_INPUT and the caller's
 * `expected`) into GraphQL errors with a code. Anything else is rethrown untouched, so Yoga masks it
 * as 'Unexpected error.'.
 */
export async function withServiceErrors<T>(
  call: () => Promise<T>,
  expected: readonly ExpectedError[] = [],
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const known = [...expected, ...commonErrors].find((entry) => error instanceof entry.error);
    if (!known || !(error instanceof Error)) throw error;
    const extra = known.extensions ? known.extensions(error as never) : {};
    throw new GraphQLError(known.message ?? error.message, { extensions: { ...extra, code: known.code } });
  }
}
