/**
 * Expected checkout failures, beside the shared NotFoundError and InvalidInputError of ../errors.
 * Resolvers give each its `extensions.code`.
 */

/** The payment processor refused the card: PAYMENT_DECLINED, with the processor's reason. */
export class PaymentDeclinedError extends Error {
  override readonly name = 'PaymentDeclinedError';
}

/** An operator action without the right operator key: FORBIDDEN. */
export class OperatorKeyError extends Error {
  override readonly name = 'OperatorKeyError';
}

/** Spec 5: what the card form shows for any problem with the card's details or token. */
export const cardErrorMessage =
  'There was an error processing the card. Please verify all fields are filled out properly.';

export const slotTakenMessage = 'This time is no longer available. Please choose another time.';
