import { InvalidInputError } from '../errors';

/**
 * Expected checkout failures, beside the shared NotFoundError and InvalidInputError of ../errors.
 * Resolvers give each its `extensions.code`.
 */

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

/** An operator action without the right operator key: FORBIDDEN. */
export class OperatorKeyError extends Error {
  override readonly name = 'OperatorKeyError';
}

/** Spec 5: what the card form shows for any problem with the card's details or token. */
export const cardErrorMessage =
  'There was an error processing the card. Please verify all fields are filled out properly.';

export const slotTakenMessage = 'This time is no longer available. Please choose another time.';

/** The time was taken by someone else (or is no longer bookable): SLOT_TAKEN, so the page offers another. */
export class SlotTakenError extends InvalidInputError {
  constructor() {
    super(slotTakenMessage);
  }
}
