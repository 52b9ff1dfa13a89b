/** The card messages. */
export const CARD_TOKEN_ERROR =
  'There was an error processing the card. Please verify all fields are filled out properly.';
export const PAYMENT_FORM_NOT_READY = 'Payment form not ready. Please try again.';
export const PAYMENT_PROCESSING_FAILED =
  'Failed to process payment information. Please check your card details and try again.';

/** Stripe's words for a failed or abandoned 3-D Secure challenge. */
export const AUTHENTICATION_FAILED =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

/** The client did not pass their bank's 3-D Secure challenge (the message is for them). */
export class CardAuthenticationFailedError extends Error {
  override readonly name = 'CardAuthenticationFailedError';
  constructor(message = AUTHENTICATION_FAILED) {
    super(message);
  }
}

export interface TokenizedCard {
  token: string;
  brand: string;
  lastFour: string;
  postalCode: string;
}

/** What a page taking a card (checkout, the wallet) asks of whichever card form is shown. */
export interface CardCollector {
  /** Turns the entered card into a processor token; throws an Error with the message to show. */
  tokenize(): Promise<TokenizedCard>;
  /**
   * Runs the card's 3-D Secure challenge for a client secret the API gave (Stripe.js
   * handleNextAction, or the sandbox bank's dialog). Resolves when the client passed it; throws
   * CardAuthenticationFailedError (AUTHENTICATION_FAILED, or Stripe's reason) when they did not.
   */
  authenticate(clientSecret: string): Promise<void>;
}

/** The sandbox card form's fields as typed (the domain's cardEntryForm checks them). */
export interface CardFields {
  number: string;
  expiry: string;
  cvc: string;
  addressLine1: string;
  addressCity: string;
  addressState: string;
  addressPostalCode: string;
}

export const emptyCardFields: CardFields = {
  number: '',
  expiry: '',
  cvc: '',
  addressLine1: '',
  addressCity: '',
  addressState: '',
  addressPostalCode: '',
};

export type BillingFields = Pick<
  CardFields,
  'addressLine1' | 'addressCity' | 'addressState' | 'addressPostalCode'
>;
