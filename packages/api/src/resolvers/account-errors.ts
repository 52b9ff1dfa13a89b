import { GraphQLError } from 'graphql';
import { ForbiddenError } from '../services/account/errors';
import { PaymentDeclinedError } from '../services/checkout/errors';
import { UnauthenticatedError } from '../services/identity/errors';
import { withServiceErrors } from './errors';

/**
 * withServiceErrors, plus what the account and wallet operations can fail with: UNAUTHENTICATED,
 * FORBIDDEN (another client's account) and PAYMENT_DECLINED (a card the processor refused).
 */
export function withAccountErrors<T>(call: () => Promise<T>): Promise<T> {
  return withServiceErrors(async () => {
    try {
      return await call();
    } catch (error) {
      if (error instanceof UnauthenticatedError) {
        throw new GraphQLError(error.message, { extensions: { code: 'UNAUTHENTICATED' } });
      }
      if (error instanceof ForbiddenError) {
        throw new GraphQLError(error.message, { extensions: { code: 'FORBIDDEN' } });
      }
      if (error instanceof PaymentDeclinedError) {
        throw new GraphQLError(error.message, { extensions: { code: 'PAYMENT_DECLINED' } });
      }
      throw error;
    }
  });
}
