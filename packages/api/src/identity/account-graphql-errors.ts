import type { ExpectedError } from '../kernel/graphql-errors';
import { withServiceErrors } from '../kernel/graphql-errors';
import { ForbiddenError } from './account-errors';
import { UnauthenticatedError } from './errors';

/** What an operation on a client's own account can fail with: UNAUTHENTICATED and FORBIDDEN. */
export const accountErrors: readonly ExpectedError[] = [
  { error: UnauthenticatedError, code: 'UNAUTHENTICATED' },
  { error: ForbiddenError, code: 'FORBIDDEN' },
];

/** withServiceErrors, plus UNAUTHENTICATED and FORBIDDEN (another client's account). */
export const withAccountErrors = <T>(call: () => Promise<T>): Promise<T> =>
  withServiceErrors(call, accountErrors);
