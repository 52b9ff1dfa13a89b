// Apple Pay payment tokens into processor card tokens. The browser's ApplePayPaymentToken carries the
// card encrypted for the merchant (paymentData); the processor decrypts it. What comes back is a
// single-use card token of that processor, taken by saveCard and by a booking's new card like a
// token from the card form, so an Apple Pay card follows the same rules as a typed one.
import { createHash } from 'node:crypto';
import { isCreditCardNumber } from '@atrium/domain';
import type Stripe from 'stripe';
import type { Db } from '../../kernel/database/database';
import { sandboxCards } from '../tables';
import { type CardIdentity, InvalidCardTokenError } from './payments-processor';
import { cardBrand, sandboxTestCards } from './sandbox-processor';

/** Apple Pay JS ApplePayPaymentToken, as the browser received it in onpaymentauthorized. */
export interface ApplePayPaymentToken {
  /** The encrypted payment data (version, data, signature, header); opaque to us. */
  paymentData: Record<string, unknown>;
  paymentMethod: { displayName?: string | null; network?: string | null; type?: string | null };
  transactionIdentifier: string;
}

/** The processor side of Apple Pay (a field of Payments). */
export interface ApplePayTokenizer {
  /**
   * A single-use card token for the Apple Pay token. The same Apple Pay payment always gives the
   * same card token (a retried request is no second card). Throws InvalidCardTokenError when the
   * processor cannot read the token.
   */
  cardToken(token: ApplePayPaymentToken, identity: CardIdentity): Promise<string>;
}

/** What Stripe's tokens endpoint takes for an Apple Pay token (top-level pk_token parameters). */
interface ApplePayTokenParams {
  pk_token: string;
  pk_token_instrument_name?: string;
  pk_token_payment_network?: string;
  pk_token_transaction_id: string;
  card?: { name?: string; address_zip?: string };
}

/**
 * Stripe creates a card token from an Apple Pay token itself (POST /v1/tokens with pk_token, the
 * payment data as JSON, and pk_token_instrument_name, pk_token_payment_network,
 * pk_token_transaction_id: what Stripe's own iOS SDK sends). The idempotency key comes from Apple's
 * transaction identifier, so a retry gets the first token back instead of a second one.
 */
export function createStripeApplePayTokenizer(stripe: Pick<Stripe, 'tokens'>): ApplePayTokenizer {
  return {
    async cardToken(token, identity) {
      const params: ApplePayTokenParams = {
        pk_token: JSON.stringify(token.paymentData),
        pk_token_transaction_id: token.transactionIdentifier,
        ...(token.paymentMethod.displayName
          ? { pk_token_instrument_name: token.paymentMethod.displayName }
          : {}),
        ...(token.paymentMethod.network ? { pk_token_payment_network: token.paymentMethod.network } : {}),
        card: {
          name: `${identity.firstName} ${identity.lastName}`.trim(),
          ...(identity.postalCode ? { address_zip: identity.postalCode } : {}),
        },
      };
      try {
        // The SDK's types describe card and bank tokens only; the endpoint takes these as well.
        const created = await stripe.tokens.create(params as unknown as Stripe.TokenCreateParams, {
          idempotencyKey: applePayIdempotencyKey(token),
        });
        return created.id;
      } catch (error) {
        if (error instanceof Error && (error as { type?: unknown }).type === 'StripeInvalidRequestError') {
          throw new InvalidCardTokenError(error.message);
        }
        throw error;
      }
    },
  };
}

/** One key per Apple Pay payment. */
export function applePayIdempotencyKey(token: ApplePayPaymentToken): string {
  return `apple-pay-token-${sha256(token.transactionIdentifier)}`;
}

/** The version a sandbox Apple Pay token carries in paymentData (Apple's are EC_v1 or RSA_v1). */
export const sandboxApplePayVersion = 'SANDBOX_v1';

/**
 * The embedded processor's Apple Pay: a sandbox token's paymentData.data is base64 JSON of what an
 * Apple Pay token decrypts to (applicationPrimaryAccountNumber, applicationExpirationDate YYMMDD),
 * unencrypted. It becomes a sandbox card like one from the card form, with Stripe's test numbers
 * deciding its outcomes. Real Apple Pay tokens (encrypted) are refused.
 */
export function createSandboxApplePayTokenizer(
  db: Db,
  clock: () => Date = () => new Date(),
): ApplePayTokenizer {
  return {
    async cardToken(token) {
      const card = decodeSandboxPaymentData(token.paymentData, clock());
      const outcome = sandboxTestCards[card.number] ?? {};
      // Derived from Apple's transaction id: a retried request finds the same card token.
      const cardToken = `tok_sandbox_${sha256(`apple-pay:${token.transactionIdentifier}`).slice(0, 32)}`;
      await db
        .insert(sandboxCards)
        .values({
          token: cardToken,
          brand: card.brand,
          lastFour: card.number.slice(-4),
          expirationMonth: card.expirationMonth,
          expirationYear: card.expirationYear,
          saveDeclineReason: outcome.onSave ?? null,
          chargeDeclineReason: outcome.onCharge ?? null,
          createdAt: clock(),
        })
        .onConflictDoNothing();
      return cardToken;
    },
  };
}

const unreadable = () => new InvalidCardTokenError('The Apple Pay payment could not be read.');

function decodeSandboxPaymentData(paymentData: Record<string, unknown>, now: Date) {
  if (paymentData.version !== sandboxApplePayVersion || typeof paymentData.data !== 'string')
    throw unreadable();
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(paymentData.data, 'base64').toString('utf8'));
  } catch {
    throw unreadable();
  }
  const { applicationPrimaryAccountNumber: number, applicationExpirationDate: expiry } = (decoded ?? {}) as {
    applicationPrimaryAccountNumber?: unknown;
    applicationExpirationDate?: unknown;
  };
  if (typeof number !== 'string' || typeof expiry !== 'string' || !/^\d{6}$/.test(expiry)) throw unreadable();
  const brand = cardBrand(number);
  const expirationYear = 2000 + Number(expiry.slice(0, 2));
  const expirationMonth = Number(expiry.slice(2, 4));
  const expired = Date.UTC(expirationYear, expirationMonth, 1) <= now.getTime();
  if (
    !isCreditCardNumber(number) ||
    brand === null ||
    expirationMonth < 1 ||
    expirationMonth > 12 ||
    expired
  ) {
    throw unreadable();
  }
  return { number, brand, expirationMonth, expirationYear };
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
