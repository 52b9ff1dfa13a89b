import type { CardBrand, PaymentProcessorName } from '../tables';

/** Who the card belongs to, as the checkout form collected it: the processor's customer is made from it. */
export interface CardIdentity {
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  postalCode: string | null;
}

/** A card the processor holds for a customer; never the number. */
export interface SavedCard {
  /** The processor's customer, created on the first card. */
  customerReference: string;
  /** The processor's payment method. */
  processorReference: string;
  brand: CardBrand;
  lastFour: string;
  expirationMonth: number;
  expirationYear: number;
}

/**
 * A charge's outcome. A failure with `authentication` is not final: the client's bank asks them to
 * authenticate the payment (3-D Secure) first; `reference` names the processor's payment to
 * authenticate (a Stripe PaymentIntent).
 */
export type ChargeResult =
  | { ok: true; reference: string }
  | { ok: false; reason: string; authentication?: { reference: string } };

/** Where a payment waiting for the client's authentication stands, as the processor says. */
export type PaymentAuthenticationState =
  | { status: 'requires_action'; clientSecret: string }
  | { status: 'succeeded'; reference: string }
  | { status: 'failed'; reason: string };

/** Stripe's words for a failed or abandoned 3-D Secure challenge, shown to the client. */
export const authenticationFailedMessage =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

/** The reason a charge waiting for the client's authentication gives. */
export const authenticationRequiredReason = 'This payment requires the card holder to authenticate it.';

/**
 * Saving the card needs its holder's authentication (3-D Secure). The browser runs the challenge
 * with `clientSecret` (the setup's, a Stripe SetupIntent's), then calls saveCard again with the
 * client secret in place of the token.
 */
export class CardAuthenticationRequiredError extends Error {
  override readonly name = 'CardAuthenticationRequiredError';
  constructor(readonly clientSecret: string) {
    super('Your bank asks you to authenticate this card.');
  }
}

/** The processor refused the card; the message is the processor's reason, fit to show the client. */
export class CardDeclinedError extends Error {
  override readonly name = 'CardDeclinedError';
}

/** The token does not name a card the processor can save (unknown, used before, malformed). */
export class InvalidCardTokenError extends Error {
  override readonly name = 'InvalidCardTokenError';
}

/** A card the browser tokenized (or, after a challenge, the setup's client secret), and whose it is. */
export interface SaveCardInput {
  token: string;
  identity: CardIdentity;
  customerReference: string | null;
}

/** An off-session charge of a saved card. */
export interface ChargeInput {
  customerReference: string;
  processorReference: string;
  amountCents: number;
  idempotencyKey: string;
  description: string;
}

export interface RefundInput {
  chargeReference: string;
  /** Cents to give back; the whole charge (what is left of it) when omitted. */
  amountCents?: number;
  idempotencyKey: string;
}

/**
 * A refund's outcome: accepted (the processor's refund, on its way to the card) or refused, with the
 * processor's reason (more than is left of the charge, a charge that cannot be refunded).
 */
export type RefundResult = { ok: true; reference: string } | { ok: false; reason: string };

/** The payments port: a processor that keeps cards and charges them. */
export interface PaymentsProcessor {
  readonly name: PaymentProcessorName;
  /**
   * Saves the card the browser tokenized for a customer (created when `customerReference` is null)
   * and verifies it, as a Stripe SetupIntent does: a card that would be declined is refused now.
   * A card whose bank asks for authentication throws CardAuthenticationRequiredError; once the
   * client authenticated, `token` is that error's client secret, and the card is saved only if that
   * setup succeeded and belongs to `customerReference` (when given). Retrying with the same token
   * repeats the same processor requests (stable idempotency keys), never a second customer or setup.
   * Throws CardDeclinedError or InvalidCardTokenError.
   */
  saveCard(input: SaveCardInput): Promise<SavedCard>;
  /**
   * Charges a saved card off-session. The same idempotency key always gives the first attempt's
   * result and never charges twice; the processor's payment carries the key (Stripe: metadata
   * `atrium_idempotency_key`). A decline is a result, not an exception; so is a bank asking for the
   * client's authentication (`authentication` set).
   */
  charge(input: ChargeInput): Promise<ChargeResult>;
  /**
   * Gets a charge that needs the client's authentication ready for the browser's challenge and
   * tells where it stands (succeeded or failed once the client answered). The server asks the
   * processor; it never takes the browser's word for it.
   */
  paymentAuthentication(reference: string): Promise<PaymentAuthenticationState>;
  /**
   * Gives a charge back, in full or in part. The same idempotency key always gives the first
   * answer and never refunds twice; a refusal is a result, not an exception.
   */
  refund(input: RefundInput): Promise<RefundResult>;
}
