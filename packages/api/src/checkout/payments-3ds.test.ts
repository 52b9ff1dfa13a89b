import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticationFailedMessage, cardErrorMessage } from '../payments';
import { accountOperations, signedInClient } from '../test/account';
import {
  at,
  type BookResult,
  type CheckoutTestContext,
  checkoutOperations,
  createCheckoutTestContext,
  daysAhead,
  guest,
  ids,
  newCard,
  type OperatorResult,
  operatorHeaders,
  TestBrowser,
} from '../test/checkout';
import { testDatabases } from '../test/databases';
import { appWithStripeWebhooks, deliverStripeEvent } from '../test/webhooks';
import { authenticationPendingReason } from './operator-actions';

const onSite = ids(80);
const onConfirmation = ids(83);
/** Stripe's 3-D Secure test cards: authentication when saved; when saved and on every charge. */
const authenticateOnSave = '4000002500003155';
const authenticateAlways = '4000002760003184';

const operations = {
  authenticate: /* GraphQL */ `
    mutation Authenticate($clientSecret: String!, $outcome: SandboxAuthenticationOutcome!) {
      sandboxAuthenticate(clientSecret: $clientSecret, outcome: $outcome)
    }`,
  paymentAuthentication: /* GraphQL */ `
    query PaymentAuthentication($token: String!) {
      paymentAuthentication(token: $token) { status amount marketplaceName clientSecret failureReason }
    }`,
  completePaymentAuthentication: /* GraphQL */ `
    mutation CompletePaymentAuthentication($token: String!) {
      completePaymentAuthentication(token: $token) { status amount marketplaceName clientSecret failureReason }
    }`,
};

interface GraphQLErrorBody {
  message: string;
  extensions?: { code?: string; clientSecret?: string };
}

describe.each(testDatabases)('3-D Secure (sandbox processor) on $name', (factory) => {
  let context: CheckoutTestContext;
  let browser: TestBrowser;
  beforeAll(async () => {
    context = await createCheckoutTestContext(factory);
    browser = new TestBrowser(context.app);
  });
  afterAll(() => context.handle.dispose());

  let count = 0;
  const nextEmail = () => `threeds${++count}@example.com`;
  let slotCount = 0;
  const nextSlot = () => {
    const times = ['09:00', '10:30', '12:00', '13:30', '15:00'];
    const index = slotCount++;
    return at(daysAhead(7 + Math.floor(index / times.length)), times[index % times.length] ?? '');
  };

  /** The bank's answer in the sandbox challenge. */
  const bank = (clientSecret: string, outcome: 'APPROVE' | 'FAIL') =>
    browser.post<{ sandboxAuthenticate: boolean }>(operations.authenticate, { clientSecret, outcome });

  const firstError = (body: { errors?: readonly unknown[] }) =>
    body.errors?.[0] as GraphQLErrorBody | undefined;

  /** The client secret of a CARD_AUTHENTICATION_REQUIRED answer (and that it was one). */
  const challengeOf = (body: { errors?: readonly unknown[]; data?: unknown }) => {
    const error = firstError(body);
    expect(error?.extensions?.code).toBe('CARD_AUTHENTICATION_REQUIRED');
    expect(error?.message).toBe('Your bank asks you to authenticate this card.');
    const secret = error?.extensions?.clientSecret;
    expect(secret).toMatch(/^seti_sandbox_[0-9a-f]{24}_secret_[0-9a-f]{32}$/);
    return secret as string;
  };

  describe('saving a card in the wallet', () => {
    const addCard = (as: TestBrowser, card: { token: string; identity: Record<string, unknown> }) =>
      as.post<{ createPaymentInstrument: { id: string; lastFour: string; isPrimary: boolean } }>(
        accountOperations.createPaymentInstrument,
        { input: { save: true, card } },
      );
    const walletRows = (userId: string) =>
      context.sql('select last_four from payment_instruments where user_id = $1', [Number(userId)]);

    it('asks for authentication (4000002500003155), saves nothing, then saves the card once the bank approved', async () => {
      const { browser: client, userId } = await signedInClient(context.app, '80', nextEmail());
      const { card } = await newCard(client, authenticateOnSave);
      const secret = challengeOf((await addCard(client, card)).body);
      expect(await walletRows(userId)).toEqual([]);

      // Resubmitting before the challenge is answered asks again.
      challengeOf((await addCard(client, { ...card, token: secret })).body);
      expect((await bank(secret, 'APPROVE')).body).toEqual({ data: { sandboxAuthenticate: true } });
      // The bank answers once.
      expect(firstError((await bank(secret, 'FAIL')).body)).toMatchObject({
        message: 'Nothing is waiting for authentication with this client secret.',
        extensions: { code: 'BAD_USER_INPUT' },
      });

      const saved = await addCard(client, { ...card, token: secret });
      expect(saved.body.errors).toBeUndefined();
      expect(saved.body.data?.createPaymentInstrument).toMatchObject({ lastFour: '3155', isPrimary: true });
      expect(await walletRows(userId)).toEqual([{ last_four: '3155' }]);
    });

    it("refuses a card whose authentication failed with Stripe's message; another card then saves", async () => {
      const { browser: client, userId } = await signedInClient(context.app, '80', nextEmail());
      const { card } = await newCard(client, authenticateOnSave);
      const secret = challengeOf((await addCard(client, card)).body);
      await bank(secret, 'FAIL');
      expect(firstError((await addCard(client, { ...card, token: secret })).body)).toMatchObject({
        message: authenticationFailedMessage,
        extensions: { code: 'PAYMENT_DECLINED' },
      });
      expect(await walletRows(userId)).toEqual([]);
      expect((await addCard(client, (await newCard(client)).card)).body.errors).toBeUndefined();
      expect(await walletRows(userId)).toEqual([{ last_four: '4242' }]);
    });

    it("refuses another customer's client secret", async () => {
      const owner = await signedInClient(context.app, '80', nextEmail());
      const { card } = await newCard(owner.browser, authenticateOnSave);
      const secret = challengeOf((await addCard(owner.browser, card)).body);
      await bank(secret, 'APPROVE');

      // A client with a processor customer of their own presents the owner's secret.
      const thief = await signedInClient(context.app, '80', nextEmail());
      await addCard(thief.browser, (await newCard(thief.browser)).card);
      expect(firstError((await addCard(thief.browser, { ...card, token: secret })).body)).toMatchObject({
        message: cardErrorMessage,
        extensions: { code: 'BAD_USER_INPUT' },
      });
      expect(await walletRows(thief.userId)).toEqual([{ last_four: '4242' }]);
    });
  });

  describe('checkout with a new card', () => {
    const bookingInput = (place: ReturnType<typeof ids>, extra: Record<string, unknown> = {}) => ({
      marketplaceId: place.marketplace,
      idempotencyKey: randomUUID(),
      organizationId: place.clinic,
      procedures: [place.drip, place.boost],
      dateRanges: nextSlot(),
      registerUser: guest(nextEmail()),
      ...extra,
    });
    const book = (input: Record<string, unknown>) =>
      browser.post<BookResult>(checkoutOperations.book, { input });
    const withToken = (input: Record<string, unknown>, token: string) => {
      const method = input.paymentMethod as { card: { token: string } };
      return { ...input, paymentMethod: { card: { ...method.card, token } } };
    };
    const appointmentsOf = (email: string) =>
      context.sql<{ id: number; status: string }>(
        `select a.id, a.status from appointments a join users u on u.id = a.client_user_id
          where lower(u.email) = $1`,
        [email],
      );
    const confirm = async (id: string) => {
      const response = await browser.post<{ confirmAppointment: OperatorResult }>(
        checkoutOperations.confirm,
        { id },
        operatorHeaders,
      );
      expect(response.body.errors).toBeUndefined();
      return response.body.data?.confirmAppointment;
    };

    it('books a guest after the bank approved, with the same booking key; the card then charges off-session', async () => {
      const input = bookingInput(onConfirmation, {
        paymentMethod: await newCard(browser, authenticateOnSave),
      });
      const secret = challengeOf((await book(input)).body);
      const email = (input.registerUser as { email: string }).email;
      expect(await appointmentsOf(email)).toEqual([]);

      await bank(secret, 'APPROVE');
      const booked = await book(withToken(input, secret));
      expect(booked.body.errors).toBeUndefined();
      const request = booked.body.data?.createAppointmentRequest;
      expect(request).toMatchObject({ status: 'PENDING', dueOnConfirmation: 14344 });
      // The repeat of the same request answers the same appointment.
      expect((await book(withToken(input, secret))).body.data?.createAppointmentRequest).toEqual(request);
      expect(await appointmentsOf(email)).toHaveLength(1);

      expect(await confirm(request?.id ?? '')).toEqual({
        id: request?.id,
        status: 'BOOKED',
        charged: 14344,
        failureReason: null,
      });
    });

    it('refuses the booking when authentication failed; the same key then books with another card', async () => {
      const input = bookingInput(onSite, { paymentMethod: await newCard(browser, authenticateOnSave) });
      const secret = challengeOf((await book(input)).body);
      await bank(secret, 'FAIL');
      expect(firstError((await book(withToken(input, secret))).body)).toMatchObject({
        message: authenticationFailedMessage,
        extensions: { code: 'PAYMENT_DECLINED' },
      });
      const email = (input.registerUser as { email: string }).email;
      expect(await appointmentsOf(email)).toEqual([]);

      const retry = await book({ ...input, paymentMethod: await newCard(browser) });
      expect(retry.body.errors).toBeUndefined();
      expect(retry.body.data?.createAppointmentRequest.status).toBe('PENDING');
      expect(await appointmentsOf(email)).toHaveLength(1);
    });

    describe('an off-session charge the bank wants authenticated (4000002760003184)', () => {
      /** A PENDING appointment paid with the always-authenticate card, saved after approval. */
      const pendingAppointment = async () => {
        const input = bookingInput(onConfirmation, {
          paymentMethod: await newCard(browser, authenticateAlways),
        });
        const secret = challengeOf((await book(input)).body);
        await bank(secret, 'APPROVE');
        const response = await book(withToken(input, secret));
        expect(response.body.errors).toBeUndefined();
        const email = (input.registerUser as { email: string }).email;
        return { id: response.body.data?.createAppointmentRequest.id ?? '', email };
      };
      const mailsTo = (email: string) =>
        context.sql<{ subject: string; text_body: string }>(
          'select subject, text_body from outbox_messages where recipient = $1 and channel = $2 order by id',
          [email, 'email'],
        );
      const linkToken = (text: string, marketplaceId: string) => {
        const match = new RegExp(`/${marketplaceId}/payment/authenticate\\?token=([A-Za-z0-9_-]{43})`).exec(
          text,
        );
        expect(match).not.toBeNull();
        return match?.[1] ?? '';
      };
      const payments = (id: string) =>
        context.sql<{ status: string; idempotency_key: string; amount_cents: number }>(
          'select status, idempotency_key, amount_cents from appointment_payments where appointment_id = $1 order by id',
          [Number(id)],
        );
      const sandboxCharges = (id: string) =>
        context.sql<{ status: string; amount_cents: number }>(
          `select c.status, c.amount_cents from sandbox_charges c
             join appointment_payments p on p.idempotency_key = c.idempotency_key
            where p.appointment_id = $1 order by c.created_at`,
          [Number(id)],
        );
      const pendingResult = (id: string) => ({
        id,
        status: 'PENDING',
        charged: 0,
        failureReason: authenticationPendingReason,
      });

      it('stays PENDING with the reason, mails one link, and is BOOKED after the client authenticates, charged once', async () => {
        const { id, email } = await pendingAppointment();
        expect(await confirm(id)).toEqual(pendingResult(id));
        // A second confirmation neither charges again nor mails again.
        expect(await confirm(id)).toEqual(pendingResult(id));
        const linkMails = (await mailsTo(email)).filter((mail) =>
          mail.subject.endsWith('please authenticate your payment'),
        );
        expect(linkMails).toHaveLength(1);
        expect(linkMails[0]?.subject).toBe('Checkout Test 83: please authenticate your payment');
        const token = linkToken(linkMails[0]?.text_body ?? '', '83');
        expect(await payments(id)).toEqual([
          {
            status: 'requires_action',
            idempotency_key: `atrium-appointment-${id}-confirm-1`,
            amount_cents: 14344,
          },
        ]);

        const page = await browser.post<{ paymentAuthentication: Record<string, unknown> }>(
          operations.paymentAuthentication,
          { token },
        );
        expect(page.body.data?.paymentAuthentication).toEqual({
          status: 'REQUIRES_ACTION',
          amount: 14344,
          marketplaceName: 'Checkout Test 83',
          clientSecret: expect.stringMatching(/^ch_sandbox_[0-9a-f]{24}_secret_[0-9a-f]{32}$/),
          failureReason: null,
        });
        const clientSecret = page.body.data?.paymentAuthentication.clientSecret as string;
        // The browser's word is not taken: before the bank answers, completing changes nothing.
        const early = await browser.post<{ completePaymentAuthentication: { status: string } }>(
          operations.completePaymentAuthentication,
          { token },
        );
        expect(early.body.data?.completePaymentAuthentication.status).toBe('REQUIRES_ACTION');
        expect((await context.sql('select status from appointments where id = $1', [Number(id)]))[0]).toEqual(
          {
            status: 'PENDING',
          },
        );

        await bank(clientSecret, 'APPROVE');
        const done = await browser.post<{ completePaymentAuthentication: Record<string, unknown> }>(
          operations.completePaymentAuthentication,
          { token },
        );
        expect(done.body.data?.completePaymentAuthentication).toEqual({
          status: 'SUCCEEDED',
          amount: 14344,
          marketplaceName: 'Checkout Test 83',
          clientSecret: null,
          failureReason: null,
        });
        // Completing again books nothing more.
        await browser.post(operations.completePaymentAuthentication, { token });
        expect((await context.sql('select status from appointments where id = $1', [Number(id)]))[0]).toEqual(
          {
            status: 'BOOKED',
          },
        );
        expect(await payments(id)).toEqual([
          { status: 'succeeded', idempotency_key: `atrium-appointment-${id}-confirm-1`, amount_cents: 14344 },
        ]);
        expect(await sandboxCharges(id)).toEqual([{ status: 'succeeded', amount_cents: 14344 }]);
        const confirmations = (await mailsTo(email)).filter((mail) =>
          mail.subject.endsWith('your appointment is confirmed'),
        );
        expect(confirmations).toHaveLength(1);
      });

      it('stays PENDING when the client fails the challenge; the next confirmation is a new attempt with a new link', async () => {
        const { id, email } = await pendingAppointment();
        await confirm(id);
        const [mail] = await mailsTo(email).then((mails) =>
          mails.filter((m) => m.subject.endsWith('please authenticate your payment')),
        );
        const token = linkToken(mail?.text_body ?? '', '83');
        const page = await browser.post<{ paymentAuthentication: { clientSecret: string } }>(
          operations.paymentAuthentication,
          { token },
        );
        await bank(page.body.data?.paymentAuthentication.clientSecret ?? '', 'FAIL');
        const done = await browser.post<{ completePaymentAuthentication: Record<string, unknown> }>(
          operations.completePaymentAuthentication,
          { token },
        );
        expect(done.body.data?.completePaymentAuthentication).toMatchObject({
          status: 'FAILED',
          failureReason: authenticationFailedMessage,
        });
        expect((await context.sql('select status from appointments where id = $1', [Number(id)]))[0]).toEqual(
          {
            status: 'PENDING',
          },
        );

        expect(await confirm(id)).toEqual(pendingResult(id));
        expect((await payments(id)).map((row) => [row.status, row.idempotency_key])).toEqual([
          ['failed', `atrium-appointment-${id}-confirm-1`],
          ['requires_action', `atrium-appointment-${id}-confirm-2`],
        ]);
        const linkMails = (await mailsTo(email)).filter((m) =>
          m.subject.endsWith('please authenticate your payment'),
        );
        expect(linkMails).toHaveLength(2);
      });

      it("is BOOKED when Stripe's webhook reports the authenticated payment first, charged and mailed once", async () => {
        const { id, email } = await pendingAppointment();
        await confirm(id);
        const [attempt] = await context.sql<{ key: string; reference: string; secret: string }>(
          `select p.idempotency_key as key, p.processor_reference as reference, c.client_secret as secret
             from appointment_payments p join sandbox_charges c on c.idempotency_key = p.idempotency_key
            where p.appointment_id = $1`,
          [Number(id)],
        );
        // The client passed the bank's challenge; the processor tells us before they are back on our page.
        await bank(attempt?.secret ?? '', 'APPROVE');
        const webhooks = appWithStripeWebhooks(context.handle.database);
        const intent = {
          id: attempt?.reference,
          object: 'payment_intent',
          status: 'succeeded',
          metadata: { atrium_idempotency_key: attempt?.key },
        };
        expect(await deliverStripeEvent(webhooks, 'payment_intent.succeeded', intent)).toMatchObject({
          status: 200,
          text: 'Received.',
        });
        expect((await context.sql('select status from appointments where id = $1', [Number(id)]))[0]).toEqual(
          {
            status: 'BOOKED',
          },
        );
        // The same news again (another event id) and the client's return to the page book nothing more.
        await deliverStripeEvent(webhooks, 'payment_intent.succeeded', intent);
        const [mail] = (await mailsTo(email)).filter((m) =>
          m.subject.endsWith('please authenticate your payment'),
        );
        const page = await browser.post<{ paymentAuthentication: { status: string } }>(
          operations.paymentAuthentication,
          { token: linkToken(mail?.text_body ?? '', '83') },
        );
        expect(page.body.data?.paymentAuthentication.status).toBe('SUCCEEDED');
        expect(await payments(id)).toEqual([
          { status: 'succeeded', idempotency_key: `atrium-appointment-${id}-confirm-1`, amount_cents: 14344 },
        ]);
        expect(await sandboxCharges(id)).toEqual([{ status: 'succeeded', amount_cents: 14344 }]);
        expect(
          (await mailsTo(email)).filter((m) => m.subject.endsWith('your appointment is confirmed')),
        ).toHaveLength(1);
      });

      it('refuses a link token that names no payment', async () => {
        const response = await browser.post(operations.paymentAuthentication, { token: 'A'.repeat(43) });
        expect(firstError(response.body)).toMatchObject({
          message: 'This payment link is not valid. Please use the link in your latest email.',
          extensions: { code: 'NOT_FOUND' },
        });
      });
    });
  });
});
