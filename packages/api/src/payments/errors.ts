import { accountErrors } from '../identity';
import { type ExpectedError, withServiceErrors } from '../kernel/graphql-errors';

/** The payment processor refused the card: PAYMENT_DECLINED, with the processor's reason. */
export class PaymentDeclinedError extends Error {
  override readonly name = 'PaymentDeclinedError';
}

/**
 * The client's bank asks them to authenticate the card (3-D Secure) before it is saved:
 * CARD_AUTHENTICATION_REQUIRED with `extensions.clientSecret`. The browser runs the challenge with it
 * and sends the same request again with the client secret as the card's token.
 */
export class CardAuthenticationRequiredError extends Error {
  override readonly name = 'CardAuthenticationRequiredError';
  constructor(readonly clientSecret: string) {
    super('Your bank asks you to authenticate this card.');
  }
}

/** What the card form shows for any problem with the card's details or token. */
export const cardErrorMessage =
  'There was an error processing the card. Please verify all fields are filled out properly.';

/** A card that needs its holder's authentication: CARD_AUTHENTICATION_REQUIRED with the client secret. */
export const cardAuthenticationRequired: ExpectedError = {
  error: CardAuthenticationRequiredError,
  code: 'CARD_AUTHENTICATION_REQUIRED',
  extensions: (error: CardAuthenticationRequiredError) => ({ clientSecret: error.clientSecret }),
};

/** What an operation that charges or saves a card can fail with, beside the common errors. */
export const paymentErrors: readonly ExpectedError[] = [
  { error: PaymentDeclinedError, code: 'PAYMENT_DECLINED' },
  cardAuthenticationRequired,
];

/**
 * withServiceErrors for the client's wallet and purchases: UNAUTHENTICATED, FORBIDDEN (another
 * client's account), PAYMENT_DECLINED and CARD_AUTHENTICATION_REQUIRED.
 */
export const withWalletErrors = <T>(call: () => Promise<T>): Promise<T> =>
  withServiceErrors(call, [...accountErrors, ...paymentErrors]);
