import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applePayIdentity, sandboxApplePayToken } from '../../test/apple-pay';
import { applePayIdempotencyKey, createStripeApplePayTokenizer } from './apple-pay-tokenizer';
import { InvalidCardTokenError } from './payments-processor';

/** An Apple Pay token as Safari gives it (encrypted paymentData, EC_v1). */
const appleToken = {
  paymentData: {
    version: 'EC_v1',
    data: 'cGF5bWVudCBkYXRhIGVuY3J5cHRlZCBmb3IgdGhlIG1lcmNoYW50',
    signature: 'MIAGCSqGSIb3DQEHAqCAMIACAQExDzANBglghkgBZQMEAgEFADCABgkqhkiG9w0BBwEAAKCAMIID',
    header: {
      ephemeralPublicKey: 'MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE',
      publicKeyHash: 'LbsUwAT6w1JV9tFXocU813TCHks+LSuFF0R/eBkrWnQ=',
      transactionId: 'b0f2a5c1',
    },
  },
  paymentMethod: { displayName: 'Visa 0224', network: 'Visa', type: 'debit' },
  transactionIdentifier: 'B0F2A5C1D3E4',
};

describe('the Stripe Apple Pay tokenizer, through the stripe SDK against a local stand-in of POST /v1/tokens', () => {
  let server: Server;
  let stripe: Stripe;
  const requests: { path?: string; idempotencyKey?: string; form: URLSearchParams }[] = [];
  const tokensByKey = new Map<string, string>();

  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
        const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
        requests.push({ path: request.url, idempotencyKey, form });
        response.setHeader('content-type', 'application/json');
        if (form.get('pk_token_transaction_id') === 'REFUSED') {
          response.statusCode = 400;
          response.end(
            JSON.stringify({ error: { type: 'invalid_request_error', message: 'Invalid Apple Pay token.' } }),
          );
          return;
        }
        // Stripe's idempotency: the same key answers the first result again.
        const key = idempotencyKey ?? String(requests.length);
        const id = tokensByKey.get(key) ?? `tok_${requests.length}`;
        tokensByKey.set(key, id);
        response.end(JSON.stringify({ id, object: 'token', type: 'card', used: false }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    stripe = new Stripe('sk_test_apple_pay', {
      host: '127.0.0.1',
      port: (server.address() as AddressInfo).port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('sends the pk_token fields and an idempotency key from Apple’s transaction id', async () => {
    requests.length = 0;
    const token = await createStripeApplePayTokenizer(stripe).cardToken(appleToken, applePayIdentity);
    expect(token).toMatch(/^tok_/);
    expect(requests).toHaveLength(1);
    const [sent] = requests;
    expect(sent?.path).toBe('/v1/tokens');
    expect(sent?.idempotencyKey).toBe(applePayIdempotencyKey(appleToken));
    expect(Object.fromEntries(sent?.form ?? [])).toEqual({
      pk_token: JSON.stringify(appleToken.paymentData),
      pk_token_transaction_id: 'B0F2A5C1D3E4',
      pk_token_payment_network: 'Visa',
      pk_token_instrument_name: 'Visa 0224',
      'card[name]': 'Ada Apple',
      'card[address_zip]': '10001',
    });
  });

  it('gets the same card token back for a retried Apple Pay payment', async () => {
    const tokenizer = createStripeApplePayTokenizer(stripe);
    const other = { ...appleToken, transactionIdentifier: 'C0FFEE' };
    const first = await tokenizer.cardToken(other, applePayIdentity);
    expect(await tokenizer.cardToken(other, applePayIdentity)).toBe(first);
    expect(await tokenizer.cardToken(appleToken, applePayIdentity)).not.toBe(first);
  });

  it('reports a token Stripe refuses as an invalid card token', async () => {
    const refused = { ...sandboxApplePayToken(), transactionIdentifier: 'REFUSED' };
    await expect(createStripeApplePayTokenizer(stripe).cardToken(refused, applePayIdentity)).rejects.toEqual(
      new InvalidCardTokenError('Invalid Apple Pay token.'),
    );
  });
});
