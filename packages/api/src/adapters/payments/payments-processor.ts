import type { CardBrand, PaymentProcessorName } from '../../db/checkout-schema';

/** Who the card belongs to, as the checkout form collected it (spec 7 card identity). */
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

export type ChargeResult = { ok: true; reference: string } | { ok: false; reason: string };

/** The processor refused the card; the message is the processor's reason, fit to show the client. */
export class CardDeclinedError extends Error {
  override readonly name = 'CardDeclinedError';
}

/** The token does not name a card the processor can save (unknown, used before, malformed). */
export class InvalidCardTokenError extends Error {
  override readonly name = 'InvalidCardTokenError';
}

/** The payments port: a processor that keeps cards and charges them. */
export interface PaymentsProcessor {
  readonly name: PaymentProcessorName;
  /**
   * Saves the card the browser tokenized for a customer (created when `customerReference` is null)
   * and verifies it, as a Stripe SetupIntent does: a card that would be declined is refused now.
   * Throws CardDeclinedError or InvalidCardTokenError.
   */
  saveCard(input: {
    token: string;
    identity: CardIdentity;
    customerReference: string | null;
  }): Promise<SavedCard>;
  /**
   * Charges a saved card. The same idempotency key always gives the first attempt's result and
   * never charges twice. A decline is a result, not an exception.
   */
  charge(input: {
    customerReference: string;
    processorReference: string;
    amountCents: number;
    idempotencyKey: string;
    description: string;
  }): Promise<ChargeResult>;
  /** Gives a charge back in full. */
  refund(input: { chargeReference: string; idempotencyKey: string }): Promise<void>;
}
