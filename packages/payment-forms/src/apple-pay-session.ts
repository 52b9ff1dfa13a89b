// Apple Pay JS in the browser (Safari's window.ApplePaySession): the payment sheet, merchant
// validation through the API, and the card the API makes of the payment token. No React here, so the
// flow is tested with a stand-in ApplePaySession.

import { formatCents } from '@atrium/domain';
import {
  APPLE_PAY_FAILED,
  type ApplePayInstrument,
  type ApplePayInstrumentInput,
  applePayInstrumentErrorMessage,
  applePaySessionErrorMessage,
} from '@atrium/graphql-client/apple-pay';

/** The parts of Apple Pay JS's ApplePaySession the product uses (Apple Pay JS version 3). */
export interface ApplePaySessionLike {
  onvalidatemerchant: ((event: { validationURL: string }) => void) | null;
  onpaymentauthorized: ((event: { payment: ApplePayPaymentLike }) => void) | null;
  oncancel: ((event: unknown) => void) | null;
  begin(): void;
  abort(): void;
  completeMerchantValidation(merchantSession: unknown): void;
  completePayment(result: { status: number }): void;
}

export interface ApplePayPaymentLike {
  token: {
    paymentData: unknown;
    paymentMethod: { displayName?: string; network?: string; type?: string };
    transactionIdentifier: string;
  };
  billingContact?: { postalCode?: string };
}

export interface ApplePaySessionConstructor {
  new (version: number, request: ApplePayPaymentRequest): ApplePaySessionLike;
  canMakePayments(): boolean;
  readonly STATUS_SUCCESS: number;
  readonly STATUS_FAILURE: number;
}

interface ApplePayLineItem {
  label: string;
  amount: string;
  type: 'final' | 'pending';
}

export interface ApplePayPaymentRequest {
  countryCode: string;
  currencyCode: string;
  supportedNetworks: string[];
  merchantCapabilities: string[];
  requiredBillingContactFields: string[];
  total: ApplePayLineItem;
  lineItems: ApplePayLineItem[];
}

declare global {
  interface Window {
    ApplePaySession?: ApplePaySessionConstructor;
  }
}

/** The device's Apple Pay, when it can pay (Safari with a card in Wallet); null elsewhere. */
export function deviceApplePay(): ApplePaySessionConstructor | null {
  if (typeof window === 'undefined' || !window.ApplePaySession) return null;
  try {
    return window.ApplePaySession.canMakePayments() ? window.ApplePaySession : null;
  } catch {
    // Safari throws outside a secure context (http): no Apple Pay there.
    return null;
  }
}

const dollars = (cents: number) => (cents / 100).toFixed(2);

/**
 * The payment sheet. The total is what is due today by the deposit rule, under the marketplace's
 * name; its line says what it is for. With nothing due today the total is 0.00 and a pending line
 * shows what the card is kept for: the amount is collected later (at the appointment, or when the
 * booking is confirmed), never now.
 */
export function applePayPaymentRequest({
  marketplaceName,
  dueTodayCents,
  purpose,
}: {
  marketplaceName: string;
  dueTodayCents: number;
  /** The line explaining the card, e.g. 'Due when your appointment is confirmed', with its amount. */
  purpose: { label: string; amountCents: number | null };
}): ApplePayPaymentRequest {
  const pending = dueTodayCents === 0;
  return {
    countryCode: 'US',
    currencyCode: 'USD',
    supportedNetworks: ['visa', 'masterCard', 'amex', 'discover'],
    merchantCapabilities: ['supports3DS'],
    requiredBillingContactFields: ['postalAddress'],
    lineItems: [
      {
        label:
          purpose.amountCents === null
            ? purpose.label
            : `${purpose.label} (${formatCents(purpose.amountCents)})`,
        amount: dollars(pending ? 0 : dueTodayCents),
        type: pending ? 'pending' : 'final',
      },
    ],
    total: { label: marketplaceName, amount: dollars(dueTodayCents), type: 'final' },
  };
}

/** An Apple Pay attempt that failed, with the message to show the client. */
export class ApplePayError extends Error {
  override readonly name = 'ApplePayError';
}

export interface ApplePayCalls {
  createSession: (input: { validationUrl: string; displayName: string; domain: string }) => Promise<unknown>;
  createInstrument: (input: ApplePayInstrumentInput) => Promise<ApplePayInstrument>;
}

export interface ApplePayAttempt {
  instrument: ApplePayInstrument;
  /** What the sheet showed of the card, e.g. brand 'Visa' and last four '4242'. */
  network: string;
  lastFour: string;
  postalCode: string;
}

/**
 * One Apple Pay attempt: shows the sheet (call it in the click handler: Safari starts a session
 * only from a user gesture), validates the merchant through the API, and turns the authorized
 * payment into a card (saved, or a single-use token). Resolves null when the client closes the sheet.
 * Rejects with ApplePayError: the session call's message, the instrument call's message, or
 * 'Apple session or instrument creation failed, please try again' for anything else.
 */
export function runApplePay(
  ApplePay: ApplePaySessionConstructor,
  request: ApplePayPaymentRequest,
  input: { displayName: string; save: boolean; identity: ApplePayInstrumentInput['card']['identity'] },
  calls: ApplePayCalls,
): Promise<ApplePayAttempt | null> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (outcome: ApplePayAttempt | null | ApplePayError) => {
      if (settled) return;
      settled = true;
      if (outcome instanceof ApplePayError) reject(outcome);
      else resolve(outcome);
    };
    let session: ApplePaySessionLike;
    try {
      session = new ApplePay(3, request);
    } catch {
      finish(new ApplePayError(APPLE_PAY_FAILED));
      return;
    }

    session.onvalidatemerchant = (event) => {
      calls
        .createSession({
          validationUrl: event.validationURL,
          displayName: input.displayName.slice(0, 64),
          domain: window.location.hostname,
        })
        .then(
          (merchantSession) => {
            try {
              session.completeMerchantValidation(merchantSession);
            } catch {
              finish(new ApplePayError(APPLE_PAY_FAILED));
              abortQuietly(session);
            }
          },
          (error: unknown) => {
            finish(new ApplePayError(applePaySessionErrorMessage(error)));
            abortQuietly(session);
          },
        );
    };

    session.onpaymentauthorized = (event) => {
      const { token, billingContact } = event.payment;
      calls
        .createInstrument({
          save: input.save,
          card: { thirdPartyToken: JSON.stringify(token), identity: input.identity },
        })
        .then(
          (instrument) => {
            session.completePayment({ status: ApplePay.STATUS_SUCCESS });
            const displayName = token.paymentMethod.displayName ?? '';
            finish({
              instrument,
              network: token.paymentMethod.network ?? '',
              lastFour: /(\d{4})\s*$/.exec(displayName)?.[1] ?? '',
              postalCode: billingContact?.postalCode ?? '',
            });
          },
          (error: unknown) => {
            session.completePayment({ status: ApplePay.STATUS_FAILURE });
            finish(new ApplePayError(applePayInstrumentErrorMessage(error)));
          },
        );
    };

    // Closing the sheet is no error; after a failure it is the failure that counts.
    session.oncancel = () => finish(null);

    try {
      session.begin();
    } catch {
      finish(new ApplePayError(APPLE_PAY_FAILED));
    }
  });
}

function abortQuietly(session: ApplePaySessionLike) {
  try {
    session.abort();
  } catch {
    // Already closed.
  }
}
