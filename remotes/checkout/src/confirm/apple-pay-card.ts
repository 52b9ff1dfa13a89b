import type { FormValues } from '@atrium/domain';
import { createApplePayInstrument, createApplePaySession } from '@atrium/graphql-client/apple-pay';
import {
  type ApplePayPaymentRequest,
  type ApplePaySessionConstructor,
  CardAuthenticationFailedError,
  type CardCollector,
  runApplePay,
} from '@atrium/payment-forms';

/**
 * Apple Pay as the checkout's new card: tokenize() shows the Apple Pay sheet and answers the
 * single-use card token the API made of the Apple Pay payment (save false), which the booking takes
 * as `paymentMethod.card.token` like a typed card's — a guest's card and a signed-in client's alike
 * (the booking saves it to the client's wallet, as it does a typed card). Submit calls tokenize()
 * straight from the click, which Safari needs to open the sheet.
 */
export function applePayCard(
  applePay: ApplePaySessionConstructor,
  sheet: { request: ApplePayPaymentRequest; displayName: string },
  personal: () => FormValues,
): CardCollector {
  return {
    async tokenize() {
      const values = personal();
      const attempt = await runApplePay(
        applePay,
        sheet.request,
        {
          displayName: sheet.displayName,
          save: false,
          identity: {
            firstName: String(values.givenName ?? ''),
            lastName: String(values.familyName ?? ''),
            email: String(values.email ?? ''),
            phone: values.phone ? String(values.phone) : null,
            postalCode: null,
          },
        },
        {
          createSession: createApplePaySession,
          createInstrument: (input) => createApplePayInstrument(input),
        },
      );
      // Closing the sheet is no error: an empty message shows nothing under the button.
      if (!attempt?.instrument.token) throw new Error('');
      return {
        token: attempt.instrument.token,
        brand: attempt.network,
        lastFour: attempt.lastFour,
        postalCode: attempt.postalCode,
      };
    },
    // An Apple Pay card is authenticated on the device (its cryptogram), so banks do not ask for
    // 3-D Secure on it; should one ask, the client is told to choose another way to pay.
    async authenticate() {
      throw new CardAuthenticationFailedError();
    },
  };
}
