// The Stripe adapter through the real `stripe` SDK, against a local HTTP stand-in of the endpoints
// it calls. The stand-in answers as Stripe does for its test payment methods (pm_card_visa,
// pm_card_chargeDeclined, pm_card_threeDSecure2Required, pm_card_authenticationRequired), and keeps
// Stripe's idempotency: a repeated Idempotency-Key gets the first answer and creates nothing.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  authenticationFailedMessage,
  authenticationRequiredReason,
  CardAuthenticationRequiredError,
  CardDeclinedError,
  type CardIdentity,
  InvalidCardTokenError,
  type PaymentsProcessor,
} from './payments-processor';
import {
  authenticationState,
  createStripeProcessor,
  idempotencyKeyMetadata,
  refusedChargeResult,
} from './stripe-processor';

type Json = Record<string, unknown>;

interface Recorded {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  params: URLSearchParams;
}

const cards: Record<string, { brand: string; last4: string }> = {
  pm_card_visa: { brand: 'visa', last4: '4242' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002' },
  pm_card_threeDSecure2Required: { brand: 'visa', last4: '3220' },
  pm_card_authenticationRequired: { brand: 'visa', last4: '3184' },
};
const declinedMessage = 'Your card was declined.';

/** A small Stripe: customers, payment methods, SetupIntents, PaymentIntents and refunds. */
class StripeStandIn {
  readonly requests: Recorded[] = [];
  readonly objects = new Map<string, Json>();
  private readonly answers = new Map<string, { status: number; body: Json }>();
  private counter = 0;
  /**
   * Paths whose next answers are lost on the way back (the connection drops after Stripe acted), and
   * how many: the SDK itself retries a closed connection once, with the same key.
   */
  readonly dropNext = new Map<string, number>();

  /** Loses every answer of one call of the path (the SDK's attempt and its own retry). */
  loseAnswer(path: string) {
    this.dropNext.set(path, 2);
  }

  reset() {
    this.requests.length = 0;
    this.objects.clear();
    this.answers.clear();
    this.dropNext.clear();
    this.counter = 0;
  }

  created(prefix: string) {
    return [...this.objects.keys()].filter((id) => id.startsWith(prefix));
  }

  /** The card holder's bank answering the 3-D Secure challenge of a SetupIntent or PaymentIntent. */
  authenticate(id: string, approve: boolean) {
    const intent = this.objects.get(id) as Json;
    intent.status = approve ? 'succeeded' : 'requires_payment_method';
    intent.next_action = null;
    if (!approve) {
      const error = { code: 'payment_intent_authentication_failure', message: authenticationFailedMessage };
      if (id.startsWith('seti_')) intent.last_setup_error = error;
      else intent.last_payment_error = error;
    }
  }

  async handle(request: IncomingMessage, response: ServerResponse) {
    let text = '';
    for await (const chunk of request) text += chunk;
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const params = new URLSearchParams(request.method === 'GET' ? url.search : text);
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    this.requests.push({ method: request.method ?? '', path: url.pathname, idempotencyKey, params });
    const remembered = idempotencyKey ? this.answers.get(idempotencyKey) : undefined;
    const answer = remembered ?? this.route(request.method ?? 'GET', url.pathname, params);
    if (idempotencyKey && !remembered) this.answers.set(idempotencyKey, answer);
    const drops = this.dropNext.get(url.pathname) ?? 0;
    if (drops > 0) {
      this.dropNext.set(url.pathname, drops - 1);
      request.socket.destroy();
      return;
    }
    response.writeHead(answer.status, {
      'content-type': 'application/json',
      'request-id': `req_${this.requests.length}`,
    });
    response.end(JSON.stringify(answer.body));
  }

  private id(prefix: string) {
    return `${prefix}_${String(++this.counter).padStart(6, '0')}`;
  }

  private cardError(code: string, message: string, extra: Json = {}) {
    return { status: 402, body: { error: { type: 'card_error', code, message, ...extra } } };
  }

  private route(method: string, path: string, params: URLSearchParams): { status: number; body: Json } {
    const ok = (body: Json) => ({ status: 200, body });
    const [, , resource, id, action] = path.split('/');
    if (method === 'GET' && id) {
      const object = resource === 'payment_methods' ? this.paymentMethod(id) : this.objects.get(id);
      return object
        ? ok(object)
        : {
            status: 404,
            body: { error: { type: 'invalid_request_error', message: `No such object: '${id}'` } },
          };
    }
    if (resource === 'customers') {
      const customer = { id: this.id('cus'), object: 'customer', email: params.get('email') };
      this.objects.set(customer.id, customer);
      return ok(customer);
    }
    if (resource === 'payment_methods') {
      const token = params.get('card[token]') ?? '';
      if (!token.startsWith('tok_')) {
        return { status: 400, body: { error: { type: 'invalid_request_error', message: 'No such token' } } };
      }
      const paymentMethod = this.paymentMethod(this.id('pm'));
      this.objects.set(paymentMethod.id as string, paymentMethod);
      return ok(paymentMethod);
    }
    if (resource === 'setup_intents') {
      const paymentMethod = params.get('payment_method') ?? '';
      const setupId = this.id('seti');
      const setup: Json = {
        id: setupId,
        object: 'setup_intent',
        client_secret: `${setupId}_secret_${'s'.repeat(24)}`,
        customer: params.get('customer'),
        payment_method: paymentMethod,
        metadata: { atrium_customer_of: params.get('metadata[atrium_customer_of]') },
        status: 'succeeded',
        last_setup_error: null,
        next_action: null,
      };
      if (paymentMethod === 'pm_card_chargeDeclined') {
        return this.cardError('card_declined', declinedMessage, { setup_intent: setup });
      }
      if (
        paymentMethod === 'pm_card_threeDSecure2Required' ||
        paymentMethod === 'pm_card_authenticationRequired'
      ) {
        setup.status = 'requires_action';
        setup.next_action = { type: 'use_stripe_sdk' };
      }
      this.objects.set(setupId, setup);
      return ok(setup);
    }
    if (resource === 'payment_intents' && action === 'confirm' && id) {
      const intent = this.objects.get(id) as Json;
      intent.status = 'requires_action';
      intent.next_action = { type: 'use_stripe_sdk' };
      intent.last_payment_error = null;
      return ok(intent);
    }
    if (resource === 'payment_intents') {
      const paymentMethod = params.get('payment_method') ?? '';
      const intentId = this.id('pi');
      const intent: Json = {
        id: intentId,
        object: 'payment_intent',
        amount: Number(params.get('amount')),
        client_secret: `${intentId}_secret_${'p'.repeat(24)}`,
        customer: params.get('customer'),
        metadata: { [idempotencyKeyMetadata]: params.get(`metadata[${idempotencyKeyMetadata}]`) },
        status: 'succeeded',
        last_payment_error: null,
      };
      this.objects.set(intentId, intent);
      if (paymentMethod === 'pm_card_chargeDeclined') {
        intent.status = 'requires_payment_method';
        return this.cardError('card_declined', declinedMessage, { payment_intent: intent });
      }
      if (paymentMethod === 'pm_card_authenticationRequired') {
        intent.status = 'requires_payment_method';
        intent.last_payment_error = {
          code: 'authentication_required',
          message: 'This payment requires authentication.',
          payment_method: { id: paymentMethod, object: 'payment_method' },
        };
        return this.cardError('authentication_required', 'This payment requires authentication.', {
          payment_intent: intent,
        });
      }
      return ok(intent);
    }
    if (resource === 'refunds') {
      const refund = { id: this.id('re'), object: 'refund', payment_intent: params.get('payment_intent') };
      this.objects.set(refund.id, refund);
      return ok(refund);
    }
    return {
      status: 404,
      body: { error: { type: 'invalid_request_error', message: `Unrecognized ${path}` } },
    };
  }

  private paymentMethod(id: string): Json {
    const card = cards[id] ?? { brand: 'mastercard', last4: '4444' };
    return { id, object: 'payment_method', type: 'card', card: { ...card, exp_month: 12, exp_year: 2031 } };
  }
}

const identity: CardIdentity = {
  firstName: 'Gia',
  lastName: 'Guest',
  email: 'gia@example.com',
  phone: '+12125550142',
  postalCode: '10001',
};

describe('the Stripe adapter through the stripe SDK', () => {
  const standIn = new StripeStandIn();
  let server: Server;
  let processor: PaymentsProcessor;

  beforeAll(async () => {
    server = createServer((request, response) => void standIn.handle(request, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    // No SDK retries: the tests retry as our callers do, to see what the adapter itself sends.
    const stripe = new Stripe('sk_test_standin', {
      host: '127.0.0.1',
      port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    processor = createStripeProcessor(stripe);
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => standIn.reset());

  const creating = () => standIn.requests.filter((request) => request.method === 'POST');

  describe('saveCard', () => {
    it('creates the customer and a confirmed off-session SetupIntent, each with an idempotency key, and saves the card', async () => {
      const saved = await processor.saveCard({ token: 'pm_card_visa', identity, customerReference: null });
      expect(saved).toEqual({
        customerReference: 'cus_000001',
        processorReference: 'pm_card_visa',
        brand: 'VISA',
        lastFour: '4242',
        expirationMonth: 12,
        expirationYear: 2031,
      });
      const [customer, setup] = creating();
      expect(customer?.path).toBe('/v1/customers');
      expect(customer?.params.get('email')).toBe('gia@example.com');
      expect(setup?.path).toBe('/v1/setup_intents');
      expect(Object.fromEntries(setup?.params ?? [])).toMatchObject({
        customer: 'cus_000001',
        payment_method: 'pm_card_visa',
        usage: 'off_session',
        confirm: 'true',
        use_stripe_sdk: 'true',
        'allowed_payment_method_types[0]': 'card',
      });
      for (const request of creating())
        expect(request.idempotencyKey).toMatch(/^atrium-[a-z-]+-[0-9a-f]{64}$/);
    });

    it('turns a legacy token into a PaymentMethod first, with its own key, for the existing customer', async () => {
      await processor.saveCard({ token: 'tok_visa', identity, customerReference: 'cus_known' });
      expect(creating().map((request) => request.path)).toEqual(['/v1/payment_methods', '/v1/setup_intents']);
      expect(creating()[1]?.params.get('customer')).toBe('cus_known');
      expect(creating()[0]?.idempotencyKey).toMatch(/^atrium-payment-method-/);
    });

    it('refuses a declined card with the bank’s reason', async () => {
      await expect(
        processor.saveCard({ token: 'pm_card_chargeDeclined', identity, customerReference: null }),
      ).rejects.toEqual(new CardDeclinedError(declinedMessage));
    });

    it('asks for authentication with the SetupIntent’s client secret, then saves the card once it succeeded', async () => {
      const first = processor.saveCard({
        token: 'pm_card_threeDSecure2Required',
        identity,
        customerReference: null,
      });
      await expect(first).rejects.toBeInstanceOf(CardAuthenticationRequiredError);
      const clientSecret = ((await first.catch((error) => error)) as CardAuthenticationRequiredError)
        .clientSecret;
      const [setupId] = standIn.created('seti_');
      expect(clientSecret).toBe(`${setupId}_secret_${'s'.repeat(24)}`);

      // Resubmitted before the challenge: still waiting.
      await expect(
        processor.saveCard({ token: clientSecret, identity, customerReference: null }),
      ).rejects.toBeInstanceOf(CardAuthenticationRequiredError);

      standIn.authenticate(setupId ?? '', true);
      const saved = await processor.saveCard({ token: clientSecret, identity, customerReference: null });
      expect(saved).toMatchObject({ processorReference: 'pm_card_threeDSecure2Required', lastFour: '3220' });
      expect(saved.customerReference).toBe(standIn.created('cus_')[0]);
      // Completing reads the SetupIntent: no second customer or setup.
      expect(standIn.created('cus_')).toHaveLength(1);
      expect(standIn.created('seti_')).toHaveLength(1);
    });

    it('refuses the card when the challenge failed', async () => {
      const error = (await processor
        .saveCard({ token: 'pm_card_threeDSecure2Required', identity, customerReference: 'cus_known' })
        .catch((thrown) => thrown)) as CardAuthenticationRequiredError;
      standIn.authenticate(standIn.created('seti_')[0] ?? '', false);
      await expect(
        processor.saveCard({ token: error.clientSecret, identity, customerReference: 'cus_known' }),
      ).rejects.toEqual(new CardDeclinedError(authenticationFailedMessage));
    });

    it('refuses a wrong client secret, a bare setup id, and another customer’s setup', async () => {
      const error = (await processor
        .saveCard({ token: 'pm_card_threeDSecure2Required', identity, customerReference: 'cus_known' })
        .catch((thrown) => thrown)) as CardAuthenticationRequiredError;
      const setupId = standIn.created('seti_')[0] ?? '';
      standIn.authenticate(setupId, true);
      const save = (token: string, customerReference: string | null, who = identity) =>
        processor.saveCard({ token, identity: who, customerReference });

      await expect(save(`${setupId}_secret_${'x'.repeat(24)}`, 'cus_known')).rejects.toBeInstanceOf(
        InvalidCardTokenError,
      );
      // A bare id is not a client secret: it goes to Stripe as a PaymentMethod and is refused there.
      await expect(save(setupId, 'cus_known')).rejects.toBeInstanceOf(InvalidCardTokenError);
      await expect(save(error.clientSecret, 'cus_other')).rejects.toBeInstanceOf(InvalidCardTokenError);
      await expect(
        save(error.clientSecret, null, { ...identity, email: 'someone.else@example.com' }),
      ).rejects.toBeInstanceOf(InvalidCardTokenError);
      // The owner's own resubmission is saved.
      await expect(save(error.clientSecret, 'cus_known')).resolves.toMatchObject({
        customerReference: 'cus_known',
      });
    });

    it('sends the same keys when the same card is retried after a lost answer, so Stripe creates one customer and one setup', async () => {
      standIn.loseAnswer('/v1/setup_intents');
      await expect(
        processor.saveCard({ token: 'tok_visa', identity, customerReference: null }),
      ).rejects.toBeDefined();
      // Customer, payment method, and the setup (sent twice: the SDK's own retry keeps the key).
      const firstKeys = creating().map((request) => request.idempotencyKey);
      expect(firstKeys).toHaveLength(4);
      expect(firstKeys[3]).toBe(firstKeys[2]);

      const saved = await processor.saveCard({ token: 'tok_visa', identity, customerReference: null });
      const retryKeys = creating()
        .slice(4)
        .map((request) => request.idempotencyKey);
      expect(retryKeys).toEqual(firstKeys.slice(0, 3));
      expect(standIn.created('cus_')).toEqual([saved.customerReference]);
      expect(standIn.created('pm_')).toEqual([saved.processorReference]);
      expect(standIn.created('seti_')).toHaveLength(1);
    });

    it('gives another card or another identity keys of its own', async () => {
      await processor.saveCard({ token: 'tok_visa', identity, customerReference: null });
      await processor.saveCard({ token: 'tok_mastercard', identity, customerReference: null });
      await processor.saveCard({
        token: 'tok_visa',
        identity: { ...identity, lastName: 'Other' },
        customerReference: null,
      });
      const customerKeys = creating()
        .filter((request) => request.path === '/v1/customers')
        .map((request) => request.idempotencyKey);
      expect(new Set(customerKeys).size).toBe(3);
    });
  });

  describe('charge', () => {
    const charge = (paymentMethod: string, idempotencyKey = 'atrium-appointment-7-confirm-1') =>
      processor.charge({
        customerReference: 'cus_known',
        processorReference: paymentMethod,
        amountCents: 14344,
        idempotencyKey,
        description: 'Appointment 7',
      });

    it('charges off-session with the caller’s key, which the PaymentIntent also carries in its metadata', async () => {
      expect(await charge('pm_card_visa')).toEqual({ ok: true, reference: 'pi_000001' });
      const [request] = creating();
      expect(request?.idempotencyKey).toBe('atrium-appointment-7-confirm-1');
      expect(Object.fromEntries(request?.params ?? [])).toMatchObject({
        amount: '14344',
        currency: 'usd',
        customer: 'cus_known',
        payment_method: 'pm_card_visa',
        off_session: 'true',
        confirm: 'true',
        [`metadata[${idempotencyKeyMetadata}]`]: 'atrium-appointment-7-confirm-1',
      });
    });

    it('answers a repeated key with the first charge, never a second', async () => {
      const first = await charge('pm_card_visa');
      standIn.loseAnswer('/v1/payment_intents');
      await expect(charge('pm_card_visa', 'atrium-appointment-8-confirm-1')).rejects.toBeDefined();
      expect(await charge('pm_card_visa', 'atrium-appointment-8-confirm-1')).toEqual({
        ok: true,
        reference: 'pi_000002',
      });
      expect(await charge('pm_card_visa')).toEqual(first);
      expect(standIn.created('pi_')).toEqual(['pi_000001', 'pi_000002']);
    });

    it('gives a decline as a result with the bank’s reason', async () => {
      expect(await charge('pm_card_chargeDeclined')).toEqual({ ok: false, reason: declinedMessage });
    });

    it('reports a charge the bank wants authenticated, and gets it ready for the client’s challenge', async () => {
      const result = await charge('pm_card_authenticationRequired');
      expect(result).toEqual({
        ok: false,
        reason: authenticationRequiredReason,
        authentication: { reference: 'pi_000001' },
      });
      // The client on the page: confirmed again on-session with the same card, the challenge is theirs.
      expect(await processor.paymentAuthentication('pi_000001')).toEqual({
        status: 'requires_action',
        clientSecret: `pi_000001_secret_${'p'.repeat(24)}`,
      });
      const confirm = creating().find((request) => request.path.endsWith('/confirm'));
      expect(confirm?.params.get('payment_method')).toBe('pm_card_authenticationRequired');
      expect(confirm?.idempotencyKey).toMatch(/^atrium-payment-authentication-[0-9a-f]{64}$/);

      standIn.authenticate('pi_000001', true);
      expect(await processor.paymentAuthentication('pi_000001')).toEqual({
        status: 'succeeded',
        reference: 'pi_000001',
      });
    });

    it('reports a failed challenge as failed', async () => {
      await charge('pm_card_authenticationRequired');
      await processor.paymentAuthentication('pi_000001');
      standIn.authenticate('pi_000001', false);
      expect(await processor.paymentAuthentication('pi_000001')).toEqual({
        status: 'failed',
        reason: authenticationFailedMessage,
      });
    });
  });

  it('refunds a charge with the caller’s key', async () => {
    await processor.refund({ chargeReference: 'pi_000009', idempotencyKey: 'atrium-refund-pi_000009' });
    expect(creating()).toMatchObject([{ path: '/v1/refunds', idempotencyKey: 'atrium-refund-pi_000009' }]);
    expect(creating()[0]?.params.get('payment_intent')).toBe('pi_000009');
  });
});

describe('reading Stripe’s answers', () => {
  it('gives a refused off-session charge the bank wants authenticated the PaymentIntent to authenticate', () => {
    expect(
      refusedChargeResult({
        message: 'This payment requires authentication.',
        code: 'authentication_required',
        payment_intent: { id: 'pi_1' },
      }),
    ).toEqual({ ok: false, reason: authenticationRequiredReason, authentication: { reference: 'pi_1' } });
  });

  it('gives any other refused charge as final, with the bank’s reason', () => {
    expect(
      refusedChargeResult({
        message: 'Your card was declined.',
        code: 'card_declined',
        payment_intent: { id: 'pi_2' },
      }),
    ).toEqual({ ok: false, reason: 'Your card was declined.' });
    expect(refusedChargeResult({ message: 'Needs you.', code: 'authentication_required' })).toEqual({
      ok: false,
      reason: 'Needs you.',
    });
  });

  it('tells where a payment waiting for authentication stands', () => {
    const intent = { id: 'pi_3', client_secret: 'pi_3_secret_x', last_payment_error: null };
    expect(authenticationState({ ...intent, status: 'succeeded' })).toEqual({
      status: 'succeeded',
      reference: 'pi_3',
    });
    expect(authenticationState({ ...intent, status: 'requires_action' })).toEqual({
      status: 'requires_action',
      clientSecret: 'pi_3_secret_x',
    });
    expect(authenticationState({ ...intent, status: 'requires_payment_method' })).toEqual({
      status: 'failed',
      reason: authenticationFailedMessage,
    });
    expect(authenticationState({ ...intent, status: 'canceled' })).toEqual({
      status: 'failed',
      reason: 'The payment could not be completed (canceled).',
    });
  });
});
