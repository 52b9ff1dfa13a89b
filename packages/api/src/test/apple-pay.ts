import { randomUUID } from 'node:crypto';
import { sandboxApplePayVersion } from '../payments';

export const applePayOperations = {
  enabled: /* GraphQL */ `query ApplePayEnabled { applePayEnabled }`,
  session: /* GraphQL */ `
    mutation ApplePaySession($input: CreateApplePaySessionInput!) {
      createApplePaySession(input: $input) { merchantSession }
    }`,
  instrument: /* GraphQL */ `
    mutation ApplePayInstrument($input: CreateApplePayInstrumentInput!) {
      createApplePayInstrument(input: $input) {
        paymentInstrument { id brand lastFour expirationMonth expirationYear isPrimary }
        token
      }
    }`,
};

/**
 * A sandbox ApplePayPaymentToken as the stand-in ApplePaySession hands it over: Apple's shape, with
 * the card the token would decrypt to in paymentData.data (base64 JSON, unencrypted).
 */
export function sandboxApplePayToken(
  number = '4242424242424242',
  { transactionIdentifier = randomUUID(), expiry = `${(new Date().getFullYear() + 3) % 100}1231` } = {},
) {
  const data = Buffer.from(
    JSON.stringify({ applicationPrimaryAccountNumber: number, applicationExpirationDate: expiry }),
  ).toString('base64');
  return {
    paymentData: {
      version: sandboxApplePayVersion,
      data,
      signature: 'sandbox',
      header: { transactionId: transactionIdentifier },
    },
    paymentMethod: { displayName: `Visa ${number.slice(-4)}`, network: 'Visa', type: 'credit' },
    transactionIdentifier,
  };
}

export const applePayIdentity = {
  firstName: 'Ada',
  lastName: 'Apple',
  email: 'ada@example.com',
  phone: null,
  postalCode: '10001',
};
