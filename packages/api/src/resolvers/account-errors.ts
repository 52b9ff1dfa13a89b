import { ForbiddenError } from '../services/account/errors';
import { PaymentDeclinedError } from '../services/checkout/errors';
import { UnauthenticatedError } from '../services/identity/errors';
import { cardAuthenticationRequired, withServiceErrors } from './errors';

/**
 * withServiceErrors, plus what the account and wallet operations can fail with: UNAUTHENTICATED,
 * FORBIDDEN (another client's account), PAYMENT_DECLINED (a card the processor refused) and
 * CARD_AUTHENTICATION_REQUIRED (a card whose bank asks for 3-D Secure).
 */
export const withAccountErrors = <T>(call: () => Promise<T>): Promise<T> =>
  withServiceErrors(call, [
    { error: UnauthenticatedError, code: 'UNAUTHENTICATED' },
    { error: ForbiddenError, code: 'FORBIDDEN' },
    { error: PaymentDeclinedError, code: 'PAYMENT_DECLINED' },
    cardAuthenticationRequired,
  ]);
