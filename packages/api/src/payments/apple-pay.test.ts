import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { loadIdentityConfig } from '../identity';
import { accountOperations, signedInClient } from '../test/account';
import { applePayIdentity, applePayOperations, sandboxApplePayToken } from '../test/apple-pay';
import {
  at,
  type BookResult,
  type CheckoutTestContext,
  checkoutOperations,
  createCheckoutTestContext,
  daysAhead,
  guest,
  ids,
  type OperatorResult,
  operatorHeaders,
  TestBrowser,
} from '../test/checkout';
import { testDatabases } from '../test/databases';
import { MerchantValidationError } from './adapters/apple-pay-merchant';
import { applePayMessages } from './apple-pay';

const onConfirmation = ids(83);
const gateway = 'https://apple-pay-gateway-cert.apple.com/paymentservices/startSession';

describe.each(testDatabases)('Apple Pay on $name', (factory) => {
  let context: CheckoutTestContext;
  beforeAll(async () => {
    context = await createCheckoutTestContext(factory);
  });
  afterAll(() => context.handle.dispose());

  let count = 0;
  const nextEmail = () => `apple${++count}@example.com`;
  const nextSlot = () =>
    at(
      daysAhead(8 + Math.floor(count / 5)),
      ['09:00', '10:30', '12:00', '13:30', '15:00'][count++ % 5] ?? '',
    );

  const sessionInput = (extra: Record<string, unknown> = {}) => ({
    input: { validationUrl: gateway, displayName: 'Glow Clinic', domain: 'localhost', ...extra },
  });
  const instrumentInput = (token: unknown, save: boolean) => ({
    input: { save, card: { thirdPartyToken: JSON.stringify(token), identity: applePayIdentity } },
  });
  const book = (browser: TestBrowser, input: Record<string, unknown>) =>
    browser.data<BookResult>(checkoutOperations.book, {
      input: {
        marketplaceId: onConfirmation.marketplace,
        idempotencyKey: randomUUID(),
        organizationId: onConfirmation.clinic,
        procedures: [onConfirmation.drip],
        dateRanges: nextSlot(),
        ...input,
      },
    });
  const confirm = async (appointmentId: string) => {
    const response = await new TestBrowser(context.app).post<{ confirmAppointment: OperatorResult }>(
      checkoutOperations.confirm,
      { id: appointmentId },
      operatorHeaders,
    );
    return response.body.data?.confirmAppointment;
  };

  it('is offered by default (the sandbox)', async () => {
    const browser = new TestBrowser(context.app);
    expect(await browser.data(applePayOperations.enabled)).toEqual({ applePayEnabled: true });
  });

  it('answers a sandbox merchant session for Apple’s gateway and the marketplace’s domain', async () => {
    const browser = new TestBrowser(context.app);
    const { createApplePaySession } = await browser.data<{
      createApplePaySession: { merchantSession: string };
    }>(applePayOperations.session, sessionInput());
    expect(JSON.parse(createApplePaySession.merchantSession)).toMatchObject({
      sandbox: true,
      domainName: 'localhost',
      displayName: 'Glow Clinic',
      merchantSessionIdentifier: expect.stringMatching(/^SSH_SANDBOX_/),
    });
  });

  it.each([
    'https://attacker.example/paymentservices/startSession',
    'http://apple-pay-gateway.apple.com/paymentservices/startSession',
    'https://apple-pay-gateway.apple.com.evil.test/paymentservices/startSession',
    'https://apple-pay-gateway.apple.com@evil.test/paymentservices/startSession',
    'https://apple-pay-gateway.apple.com:8443/paymentservices/startSession',
  ])('refuses the validation URL %s', async (validationUrl) => {
    const browser = new TestBrowser(context.app);
    expect(await browser.error(applePayOperations.session, sessionInput({ validationUrl }))).toEqual({
      message: applePayMessages.notAppleGateway,
      code: 'BAD_USER_INPUT',
    });
  });

  it('refuses a domain the marketplace is not served on, and anything but a host name', async () => {
    const browser = new TestBrowser(context.app);
    expect(await browser.error(applePayOperations.session, sessionInput({ domain: 'evil.test' }))).toEqual({
      message: 'evil.test is not a domain this marketplace is served on.',
      code: 'BAD_USER_INPUT',
    });
    for (const domain of ['https://localhost', 'localhost/checkout', 'localhost:3000', '']) {
      expect((await browser.error(applePayOperations.session, sessionInput({ domain }))).code).toBe(
        'BAD_USER_INPUT',
      );
    }
    expect(
      await browser.error(applePayOperations.session, sessionInput({ displayName: 'x'.repeat(65) })),
    ).toEqual({
      message: 'The display name must be at most 64 characters.',
      code: 'BAD_USER_INPUT',
    });
  });

  it('saves a signed-in client’s Apple Pay card to the wallet and books with it', async () => {
    const { browser } = await signedInClient(context.app, '80', nextEmail());
    await browser.data(applePayOperations.session, sessionInput());
    const token = sandboxApplePayToken('4242424242424242', { expiry: '301231' });
    const { createApplePayInstrument } = await browser.data<{
      createApplePayInstrument: { paymentInstrument: { id: string } | null; token: string | null };
    }>(applePayOperations.instrument, instrumentInput(token, true));
    expect(createApplePayInstrument).toEqual({
      paymentInstrument: {
        id: expect.stringMatching(/^\d+$/),
        brand: 'VISA',
        lastFour: '4242',
        expirationMonth: 12,
        expirationYear: 2030,
        isPrimary: true,
      },
      token: null,
    });
    const instrumentId = createApplePayInstrument.paymentInstrument?.id;
    const { viewer } = await browser.data<{ viewer: { paymentInstruments: { id: string }[] } }>(
      accountOperations.wallet,
      { mgId: '80' },
    );
    expect(viewer.paymentInstruments.map((card) => card.id)).toEqual([instrumentId]);

    const { createAppointmentRequest } = await book(browser, {
      paymentMethod: { paymentInstrumentId: instrumentId },
    });
    expect(createAppointmentRequest.status).toBe('PENDING');
    const confirmed = await confirm(createAppointmentRequest.id);
    expect(confirmed).toMatchObject({
      status: 'BOOKED',
      charged: createAppointmentRequest.dueOnConfirmation,
    });
    expect(confirmed?.charged).toBeGreaterThan(0);
  });

  it('gives a guest a single-use card token that books like a new card', async () => {
    const browser = new TestBrowser(context.app);
    const token = sandboxApplePayToken('5555555555554444');
    const answer = await browser.data<{
      createApplePayInstrument: { paymentInstrument: null; token: string };
    }>(applePayOperations.instrument, instrumentInput(token, false));
    expect(answer.createApplePayInstrument).toEqual({
      paymentInstrument: null,
      token: expect.stringMatching(/^tok_sandbox_[0-9a-f]{32}$/),
    });
    // The same Apple Pay payment sent again is the same card, not a second one.
    const again = await browser.data<{ createApplePayInstrument: { token: string } }>(
      applePayOperations.instrument,
      instrumentInput(token, false),
    );
    expect(again.createApplePayInstrument.token).toBe(answer.createApplePayInstrument.token);

    const email = nextEmail();
    const { createAppointmentRequest } = await book(browser, {
      paymentMethod: {
        card: { token: answer.createApplePayInstrument.token, identity: { ...applePayIdentity, email } },
      },
      registerUser: guest(email),
    });
    expect(createAppointmentRequest.status).toBe('PENDING');
    const [card] = await context.sql<{ brand: string; last_four: string }>(
      `select i.brand, i.last_four from appointment_requests r
         join payment_instruments i on i.id = r.payment_instrument_id where r.appointment_id = $1`,
      [Number(createAppointmentRequest.id)],
    );
    expect(card).toEqual({ brand: 'MASTERCARD', last_four: '4444' });
    expect(await confirm(createAppointmentRequest.id)).toMatchObject({ status: 'BOOKED' });
  });

  it('needs a signed-in client to save, refuses an unreadable token and passes on a decline', async () => {
    const guestBrowser = new TestBrowser(context.app);
    expect(
      (await guestBrowser.error(applePayOperations.instrument, instrumentInput(sandboxApplePayToken(), true)))
        .code,
    ).toBe('UNAUTHENTICATED');

    const { browser } = await signedInClient(context.app, '80', nextEmail());
    const encrypted = { ...sandboxApplePayToken(), paymentData: { version: 'EC_v1', data: 'c2VjcmV0' } };
    for (const token of [encrypted, { paymentData: 'nothing' }]) {
      expect(await browser.error(applePayOperations.instrument, instrumentInput(token, true))).toEqual({
        message: applePayMessages.unreadableToken,
        code: 'BAD_USER_INPUT',
      });
    }
    expect(
      await browser.error(
        applePayOperations.instrument,
        instrumentInput(sandboxApplePayToken('4000000000000002'), true),
      ),
    ).toEqual({ message: 'Your card was declined.', code: 'PAYMENT_DECLINED' });
    const { viewer } = await browser.data<{ viewer: { paymentInstruments: unknown[] } }>(
      accountOperations.wallet,
      {
        mgId: '80',
      },
    );
    expect(viewer.paymentInstruments).toEqual([]);
  });

  it('says so when Apple refuses the merchant, and is not offered with APPLE_PAY=off', async () => {
    const identity = loadIdentityConfig({}, 'test');
    const refusing = createApp({
      db: context.handle.database,
      config: { nodeEnv: 'test', identity },
      logging: false,
      checkout: {
        applePayMerchant: {
          kind: 'apple',
          startSession: () => Promise.reject(new MerchantValidationError('Apple Pay answered 400')),
        },
      },
    });
    expect(await new TestBrowser(refusing).error(applePayOperations.session, sessionInput())).toEqual({
      message: applePayMessages.validationFailed,
      code: 'APPLE_PAY_VALIDATION_FAILED',
    });

    const off = createApp({
      db: context.handle.database,
      config: { nodeEnv: 'test', identity, applePay: { merchantValidation: 'off' } },
      logging: false,
    });
    const browser = new TestBrowser(off);
    expect(await browser.data(applePayOperations.enabled)).toEqual({ applePayEnabled: false });
    expect(await browser.error(applePayOperations.session, sessionInput())).toEqual({
      message: applePayMessages.notOffered,
      code: 'BAD_USER_INPUT',
    });
  });
});
