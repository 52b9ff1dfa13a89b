// Apple Pay (createApplePaySession, createApplePayInstrument). The sandbox and the real
// thing run these same functions; only the adapters behind the ports differ (the merchant validator
// and the processor's Apple Pay tokenizer).

import type { RequestSession } from '../identity';
import { InvalidInputError } from '../kernel/errors';
import {
  type ApplePayMerchantValidator,
  appleMerchantValidationUrl,
  MerchantValidationError,
} from './adapters/apple-pay-merchant';
import type { ApplePayPaymentToken } from './adapters/apple-pay-tokenizer';
import { CardDeclinedError, type CardIdentity, InvalidCardTokenError } from './adapters/payments-processor';
import { PaymentDeclinedError } from './errors';
import { addPaymentInstrument, type PaymentInstrumentView, type WalletPorts } from './payment-instruments';

/** What Apple Pay needs beside the wallet's ports. */
export interface ApplePayPorts {
  /** Null when Apple Pay is not offered (APPLE_PAY=off). */
  merchantValidator: ApplePayMerchantValidator | null;
  /** Host names the marketplace is served on (of WEB_ORIGINS): the only valid merchant domains. */
  servedDomains: readonly string[];
}

export const applePayMessages = {
  notOffered: 'Apple Pay is not offered here.',
  notAppleGateway: 'The Apple Pay validation URL is not one of Apple Pay’s merchant validation servers.',
  notServedDomain: (domain: string) => `${domain} is not a domain this marketplace is served on.`,
  validationFailed: 'Apple Pay could not validate the merchant. Please try again or use a card.',
  unreadableToken: 'The Apple Pay payment could not be read. Please try again or use a card.',
} as const;

/**
 * createApplePaySession: merchant validation for the browser's `onvalidatemerchant`. Only
 * Apple's gateways are called (a page must not make the API present its certificate elsewhere), and
 * only for a domain the marketplace is served on. Returns the merchant session as JSON text, which
 * the browser passes to `completeMerchantValidation` as it is.
 */
export async function createApplePaySession(
  ports: ApplePayPorts,
  input: { validationUrl: string; displayName: string; domain: string },
): Promise<string> {
  if (!ports.merchantValidator) throw new InvalidInputError(applePayMessages.notOffered);
  const validationUrl = appleMerchantValidationUrl(input.validationUrl);
  if (!validationUrl) throw new InvalidInputError(applePayMessages.notAppleGateway);
  if (!ports.servedDomains.includes(input.domain)) {
    throw new InvalidInputError(applePayMessages.notServedDomain(input.domain));
  }
  try {
    const session = await ports.merchantValidator.startSession({
      validationUrl,
      displayName: input.displayName,
      domain: input.domain,
    });
    return JSON.stringify(session);
  } catch (error) {
    // Apple's reason goes to the log (the resolver's), the client gets a message it can act on.
    if (error instanceof MerchantValidationError) {
      throw new ApplePayValidationFailedError(applePayMessages.validationFailed, { cause: error });
    }
    throw error;
  }
}

/** Merchant validation failed at Apple: the client is told to retry or use a card. */
export class ApplePayValidationFailedError extends Error {
  override readonly name = 'ApplePayValidationFailedError';
}

export type ApplePayInstrument =
  | { paymentInstrument: PaymentInstrumentView; token: null }
  | { paymentInstrument: null; token: string };

/**
 * createApplePayInstrument: the Apple Pay token becomes a card of the processor. With save,
 * the signed-in client's wallet keeps it (verified, the first card primary), as createPaymentInstrument
 * does. Without save (a guest at checkout, or a card for one booking) the answer is the processor's
 * single-use card token, which the booking takes as `paymentMethod.card.token` like a typed card.
 */
export async function createApplePayInstrument(
  ports: WalletPorts,
  session: RequestSession,
  input: { token: ApplePayPaymentToken; identity: CardIdentity; save: boolean },
): Promise<ApplePayInstrument> {
  let cardToken: string;
  try {
    cardToken = await ports.payments.applePay.cardToken(input.token, input.identity);
  } catch (error) {
    if (error instanceof InvalidCardTokenError) throw new InvalidInputError(applePayMessages.unreadableToken);
    if (error instanceof CardDeclinedError) throw new PaymentDeclinedError(error.message);
    throw error;
  }
  if (!input.save) return { paymentInstrument: null, token: cardToken };
  const paymentInstrument = await addPaymentInstrument(ports, session, {
    token: cardToken,
    identity: input.identity,
  });
  return { paymentInstrument, token: null };
}
