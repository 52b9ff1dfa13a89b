// Money after a staff action: refunds (full, partial, exactly once across a retried request, two
// desks at once and a replayed webhook), the refund a cancellation gives and its mail, a no-show's
// fee, and a failed charge's trace on the request.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  at,
  type CheckoutTestContext,
  checkoutOperations,
  createCheckoutTestContext,
  daysAhead,
  guest,
  ids,
  moveIntoPast,
  newCard,
  sandboxToken,
  TestBrowser,
} from '../test/checkout';
import { testDatabases } from '../test/databases';
import { mailbox } from '../test/identity';
import { signedInStaff, staffOperations } from '../test/staff';
import { appWithStripeWebhooks, deliverStripeEvent } from '../test/webhooks';

const paymentPage = {
  view: /* GraphQL */ `
    query PaymentPage($token: String!) {
      paymentAuthentication(token: $token) { status amount failureReason canReplaceCard cardReplaced }
    }`,
  replace: /* GraphQL */ `
    mutation ReplaceCard($token: String!, $card: ReplacementCardInput!) {
      replacePaymentCard(token: $token, card: $card) { status amount failureReason canReplaceCard cardReplaced }
    }`,
};

const onSite = ids(80);
const deposit = ids(81);

interface PaymentResult {
  id: string;
  purpose: string;
  status: string;
  amount: number;
  failureReason: string | null;
  attemptedBy: string | null;
  refunded: number;
  refundable: number;
  refunds: { amount: number; status: string; reason: string | null; refundedBy: string | null }[];
}

describe.each(testDatabases)('staff money on $name', (factory) => {
  let context: CheckoutTestContext;
  let desk80: TestBrowser;
  let desk81: TestBrowser;
  let owner81: TestBrowser;
  let clients = 0;
  let days = 0;

  const request = async (place: ReturnType<typeof ids>, card: string) => {
    const browser = new TestBrowser(context.app);
    const email = `money-client${++clients}@example.com`;
    const date = daysAhead(5 + days++);
    const { createAppointmentRequest } = await browser.data<{ createAppointmentRequest: { id: string } }>(
      checkoutOperations.book,
      {
        input: {
          marketplaceId: place.marketplace,
          idempotencyKey: randomUUID(),
          organizationId: place.clinic,
          procedures: [place.drip, place.boost],
          dateRanges: at(date, '10:00'),
          registerUser: guest(email),
          paymentMethod: await newCard(browser, card),
        },
      },
    );
    return { id: createAppointmentRequest.id, email, date };
  };

  const paymentsOf = async (desk: TestBrowser, marketplaceId: string, id: string, date: string) => {
    const { staffRequests } = await desk.data<{ staffRequests: { id: string; payments: PaymentResult[] }[] }>(
      staffOperations.payments,
      { marketplaceId, filter: { date } },
    );
    return staffRequests.find((row) => row.id === id)?.payments ?? [];
  };

  /** A deposit request confirmed by the front desk: its charge of $21.52 (15 % of $143.44). */
  const confirmed = async () => {
    const made = await request(deposit, '4242424242424242');
    const { staffConfirmAppointment } = await desk81.data<{ staffConfirmAppointment: { charged: number } }>(
      staffOperations.confirm,
      { marketplaceId: deposit.marketplace, id: made.id },
    );
    expect(staffConfirmAppointment.charged).toBe(2152);
    const [payment] = await paymentsOf(desk81, deposit.marketplace, made.id, made.date);
    if (!payment) throw new Error('The confirmation charge is not listed.');
    return { ...made, payment };
  };

  const refund = (
    desk: TestBrowser,
    paymentId: string,
    amount: number,
    requestKey: string,
    reason?: string,
  ) =>
    desk.post<{ staffRefundPayment: { paymentId: string; refunded: number; left: number } }>(
      staffOperations.refund,
      { marketplaceId: deposit.marketplace, paymentId, refund: { amount, requestKey }, reason },
    );

  const count = async (text: string, params: unknown[]) =>
    Number((await context.sql<{ n: string | number }>(text, params))[0]?.n ?? 0);

  beforeAll(async () => {
    context = await createCheckoutTestContext(factory);
    desk80 = await signedInStaff(context, {
      marketplaceId: 80,
      email: 'desk80@money.test',
      role: 'front_desk',
    });
    desk81 = await signedInStaff(context, {
      marketplaceId: 81,
      email: 'desk81@money.test',
      role: 'front_desk',
    });
    owner81 = await signedInStaff(context, { marketplaceId: 81, email: 'owner81@money.test', role: 'owner' });
  });
  afterAll(() => context.handle.dispose());

  it('refunds part of a charge once per request key, mails the amount, and logs who did it', async () => {
    const { payment, email, id, date } = await confirmed();
    expect(payment).toMatchObject({
      purpose: 'CONFIRMATION',
      status: 'SUCCEEDED',
      amount: 2152,
      refundable: 2152,
    });
    expect(payment.attemptedBy).toBe('desk81@money.test');

    const key = randomUUID();
    const first = await refund(desk81, payment.id, 1000, key, 'Started late');
    expect(first.body.data?.staffRefundPayment).toEqual({
      paymentId: payment.id,
      refunded: 1000,
      left: 1152,
    });
    // The same request again (a lost answer, a double click): the first refund, nothing more.
    const again = await refund(desk81, payment.id, 1000, key, 'Started late');
    expect(again.body.data?.staffRefundPayment).toEqual({
      paymentId: payment.id,
      refunded: 1000,
      left: 1152,
    });

    const reference = (
      await context.sql<{ r: string }>(
        'select processor_reference as r from appointment_payments where id = $1',
        [Number(payment.id)],
      )
    )[0]?.r;
    expect(
      await count('select count(*) as n from sandbox_refunds where charge_reference = $1', [reference]),
    ).toBe(1);
    const mails = (await mailbox(context.app, email)).filter((mail) => mail.subject?.includes('we refunded'));
    expect(mails.map((mail) => mail.subject)).toEqual(['Checkout Test 81: we refunded $10.00']);
    expect(mails[0]?.text).toContain('We refunded $10.00 to your card.');
    expect(mails[0]?.text).toContain('Reason: Started late');
    expect(
      await count(
        "select count(*) as n from activity_log where action = 'payment.refund' and actor = 'desk81@money.test' and subject like $1",
        [`%payment ${payment.id}`],
      ),
    ).toBe(1);

    const [after] = await paymentsOf(desk81, deposit.marketplace, id, date);
    expect(after).toMatchObject({ status: 'SUCCEEDED', refunded: 1000, refundable: 1152 });
    expect(after?.refunds).toEqual([
      expect.objectContaining({
        amount: 1000,
        status: 'SUCCEEDED',
        reason: 'Started late',
        refundedBy: 'desk81@money.test',
      }),
    ]);
  });

  it('refuses more than is left, nothing, a bad key, and another marketplace’s payment', async () => {
    const { payment } = await confirmed();
    expect(
      await desk81.error(staffOperations.refund, {
        marketplaceId: deposit.marketplace,
        paymentId: payment.id,
        refund: { amount: 2153, requestKey: randomUUID() },
      }),
    ).toEqual({ code: 'BAD_USER_INPUT', message: 'The most you can refund is $21.52.' });
    expect(
      await desk81.error(staffOperations.refund, {
        marketplaceId: deposit.marketplace,
        paymentId: payment.id,
        refund: { amount: 0, requestKey: randomUUID() },
      }),
    ).toEqual({ code: 'BAD_USER_INPUT', message: 'Enter an amount of at least $0.01.' });
    expect(
      await desk81.error(staffOperations.refund, {
        marketplaceId: deposit.marketplace,
        paymentId: payment.id,
        refund: { amount: 100, requestKey: 'no' },
      }),
    ).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(
      await desk80.error(staffOperations.refund, {
        marketplaceId: onSite.marketplace,
        paymentId: payment.id,
        refund: { amount: 100, requestKey: randomUUID() },
      }),
    ).toEqual({ code: 'NOT_FOUND', message: `Payment ${payment.id} was not found.` });
  });

  it('gives two desks refunding at once no more than the charge in all', async () => {
    const { payment } = await confirmed();
    const answers = await Promise.all([
      refund(desk81, payment.id, 1500, randomUUID()),
      refund(owner81, payment.id, 1500, randomUUID()),
    ]);
    const made = answers.filter((answer) => answer.body.data?.staffRefundPayment);
    const refused = answers.flatMap((answer) => answer.body.errors ?? []);
    expect(made).toHaveLength(1);
    expect(refused.map((error) => error.message)).toEqual(['The most you can refund is $6.52.']);
    expect(
      await count(
        "select coalesce(sum(amount_cents), 0) as n from appointment_refunds where appointment_payment_id = $1 and status = 'succeeded'",
        [Number(payment.id)],
      ),
    ).toBe(1500);
  });

  it('cancels with the refund the desk chose; the cancellation mail states it and the payment reads refunded', async () => {
    const { id, email, date, payment } = await confirmed();
    const { staffCancelAppointment } = await desk81.data<{ staffCancelAppointment: { status: string } }>(
      staffOperations.cancelWithRefund,
      {
        marketplaceId: deposit.marketplace,
        id,
        reason: 'The practitioner is ill',
        refund: { amount: 2152, requestKey: randomUUID() },
      },
    );
    expect(staffCancelAppointment.status).toBe('CANCELLED');
    const [after] = await paymentsOf(desk81, deposit.marketplace, id, date);
    expect(after).toMatchObject({ id: payment.id, status: 'REFUNDED', refunded: 2152, refundable: 0 });
    const cancelled = (await mailbox(context.app, email)).find((mail) =>
      mail.subject?.endsWith('was cancelled'),
    );
    expect(cancelled?.text).toContain('Reason: The practitioner is ill');
    expect(cancelled?.text).toContain('We refunded $21.52 to your card.');
    // No separate refund mail: the cancellation told it.
    expect((await mailbox(context.app, email)).some((mail) => mail.subject?.includes('we refunded'))).toBe(
      false,
    );
  });

  it('leaves the appointment as it was when the refund is refused', async () => {
    const { id, date, payment } = await confirmed();
    await refund(desk81, payment.id, 2152, randomUUID());
    expect(
      await desk81.error(staffOperations.cancelWithRefund, {
        marketplaceId: deposit.marketplace,
        id,
        refund: { amount: 100, requestKey: randomUUID() },
      }),
    ).toEqual({ code: 'BAD_USER_INPUT', message: 'Nothing is left to refund on this payment.' });
    const { staffRequests } = await desk81.data<{ staffRequests: { id: string; status: string }[] }>(
      staffOperations.payments,
      { marketplaceId: deposit.marketplace, filter: { date } },
    );
    expect(staffRequests.find((row) => row.id === id)?.status).toBe('BOOKED');
  });

  it('records charge.refunded once: our refunds settle, a dashboard refund is added, replays add nothing', async () => {
    const { payment } = await confirmed();
    await refund(desk81, payment.id, 500, randomUUID());
    const [row] = await context.sql<{ reference: string }>(
      'select processor_reference as reference from appointment_payments where id = $1',
      [Number(payment.id)],
    );
    const webhooks = appWithStripeWebhooks(context.handle.database);
    const charge = (amountRefunded: number) => ({
      id: 'ch_money_test',
      object: 'charge',
      payment_intent: row?.reference,
      amount_refunded: amountRefunded,
      refunded: amountRefunded === 2152,
    });
    // Stripe tells of our own $5.00: nothing new.
    await deliverStripeEvent(webhooks, 'charge.refunded', charge(500));
    // $7.00 more was given back in Stripe's dashboard, told twice (a replay, another event id).
    const dashboard = await deliverStripeEvent(
      webhooks,
      'charge.refunded',
      charge(1200),
      'evt_money_dashboard',
    );
    expect(dashboard.status).toBe(200);
    await deliverStripeEvent(webhooks, 'charge.refunded', charge(1200), 'evt_money_dashboard');
    await deliverStripeEvent(webhooks, 'charge.refunded', charge(1200));
    const refunds = await context.sql<{ amount_cents: number; actor: string | null; status: string }>(
      'select amount_cents, actor, status from appointment_refunds where appointment_payment_id = $1 order by id',
      [Number(payment.id)],
    );
    expect(refunds).toEqual([
      { amount_cents: 500, actor: 'desk81@money.test', status: 'succeeded' },
      { amount_cents: 700, actor: null, status: 'succeeded' },
    ]);
    // What is left is what Stripe has left: $9.52.
    expect((await refund(desk81, payment.id, 953, randomUUID())).body.errors?.[0]?.message).toBe(
      'The most you can refund is $9.52.',
    );
  });

  it('marks a refund failed when Stripe tells refund.failed: it no longer counts as given back', async () => {
    const { payment, id, date } = await confirmed();
    expect((await refund(desk81, payment.id, 2152, randomUUID())).body.errors).toBeUndefined();
    const [given] = await context.sql<{ reference: string }>(
      'select processor_reference as reference from appointment_refunds where appointment_payment_id = $1',
      [Number(payment.id)],
    );
    expect((await paymentsOf(desk81, deposit.marketplace, id, date))[0]?.status).toBe('REFUNDED');
    const webhooks = appWithStripeWebhooks(context.handle.database);
    const told = {
      id: given?.reference,
      object: 'refund',
      status: 'failed',
      failure_reason: 'expired_or_canceled_card',
    };
    expect((await deliverStripeEvent(webhooks, 'refund.failed', told)).status).toBe(200);
    // Another event telling the same failure (refund.updated) changes nothing more.
    await deliverStripeEvent(webhooks, 'refund.updated', told);
    const [after] = await paymentsOf(desk81, deposit.marketplace, id, date);
    expect(after).toMatchObject({ status: 'SUCCEEDED', refunded: 0, refundable: 2152 });
    expect(after?.refunds).toEqual([expect.objectContaining({ amount: 2152, status: 'FAILED' })]);
    const [row] = await context.sql<{ failure_reason: string }>(
      'select failure_reason from appointment_refunds where appointment_payment_id = $1',
      [Number(payment.id)],
    );
    expect(row?.failure_reason).toBe('The card has expired or was cancelled.');
  });

  it('keeps a failed charge (reason, time, who), mails the client a link to add another card, then confirms with it', async () => {
    const { id, date, email } = await request(deposit, '4000000000009995');
    const { staffConfirmAppointment } = await desk81.data<{
      staffConfirmAppointment: { status: string; failureReason: string };
    }>(staffOperations.confirm, { marketplaceId: deposit.marketplace, id });
    expect(staffConfirmAppointment).toMatchObject({
      status: 'PENDING',
      failureReason: 'Your card has insufficient funds.',
    });
    const [failed] = await paymentsOf(desk81, deposit.marketplace, id, date);
    expect(failed).toMatchObject({
      purpose: 'CONFIRMATION',
      status: 'FAILED',
      amount: 2152,
      failureReason: 'Your card has insufficient funds.',
      attemptedBy: 'desk81@money.test',
      refundable: 0,
    });

    const mail = (await mailbox(context.app, email)).find((item) =>
      item.subject?.endsWith('did not go through'),
    );
    expect(mail?.text).toContain('your card was refused: Your card has insufficient funds.');
    const token = /\/81\/payment\/authenticate\?token=([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1] ?? '';
    const client = new TestBrowser(context.app);
    const page = await client.data<{ paymentAuthentication: Record<string, unknown> }>(paymentPage.view, {
      token,
    });
    expect(page.paymentAuthentication).toMatchObject({
      status: 'FAILED',
      amount: 2152,
      failureReason: 'Your card has insufficient funds.',
      canReplaceCard: true,
      cardReplaced: false,
    });
    // A card that is refused as well is not taken; the request keeps the first one.
    expect(
      await client.error(paymentPage.replace, {
        token,
        card: { token: await sandboxToken(client, '4000000000000002'), postalCode: '10001' },
      }),
    ).toEqual({ code: 'PAYMENT_DECLINED', message: 'Your card was declined.' });
    const replaced = await client.data<{ replacePaymentCard: Record<string, unknown> }>(paymentPage.replace, {
      token,
      card: { token: await sandboxToken(client, '4242424242424242'), postalCode: '10001' },
    });
    expect(replaced.replacePaymentCard).toMatchObject({
      status: 'FAILED',
      canReplaceCard: false,
      cardReplaced: true,
    });
    expect(
      await client.error(paymentPage.replace, {
        token,
        card: { token: await sandboxToken(client, '4242424242424242'), postalCode: '10001' },
      }),
    ).toEqual({
      code: 'BAD_USER_INPUT',
      message: 'This payment can no longer be changed. Please contact the marketplace.',
    });

    const { staffConfirmAppointment: again } = await desk81.data<{
      staffConfirmAppointment: { status: string; charged: number };
    }>(staffOperations.confirm, { marketplaceId: deposit.marketplace, id });
    expect(again).toMatchObject({ status: 'BOOKED', charged: 2152 });
    const payments = await paymentsOf(desk81, deposit.marketplace, id, date);
    expect(payments.map((payment) => payment.status)).toEqual(['FAILED', 'SUCCEEDED']);
  });

  it('marks a begun booked visit a no-show, charging the marketplace’s fee once, and mails the client', async () => {
    await context.sql('update marketplaces set no_show_fee_cents = 2500 where id = 81');
    const { id, email } = await confirmed();
    expect(await desk81.error(staffOperations.noShow, { marketplaceId: deposit.marketplace, id })).toEqual({
      code: 'BAD_USER_INPUT',
      message: 'An appointment can be marked a no-show once it has started.',
    });
    await moveIntoPast(context, id);
    const { staffMarkNoShow } = await desk81.data<{ staffMarkNoShow: Record<string, unknown> }>(
      staffOperations.noShow,
      { marketplaceId: deposit.marketplace, id },
    );
    expect(staffMarkNoShow).toEqual({ id, status: 'NO_SHOW', charged: 2500, failureReason: null });
    expect(await desk81.error(staffOperations.noShow, { marketplaceId: deposit.marketplace, id })).toEqual({
      code: 'BAD_USER_INPUT',
      message: 'Only a booked appointment can be marked a no-show.',
    });
    const { staffRequests } = await desk81.data<{
      staffRequests: { id: string; payments: PaymentResult[] }[];
    }>(staffOperations.payments, { marketplaceId: deposit.marketplace, filter: { status: 'NO_SHOW' } });
    const fee = staffRequests.find((row) => row.id === id)?.payments.find((p) => p.purpose === 'NO_SHOW_FEE');
    expect(fee).toMatchObject({
      status: 'SUCCEEDED',
      amount: 2500,
      attemptedBy: 'desk81@money.test',
      refundable: 2500,
    });
    const missed = (await mailbox(context.app, email)).find((mail) =>
      mail.subject?.endsWith('we missed you'),
    );
    expect(missed?.text).toContain('we charged a no-show fee of $25.00 to your card.');
    await context.sql('update marketplaces set no_show_fee_cents = null where id = 81');
  });

  it('keeps a refused no-show fee on the appointment, which stays a no-show', async () => {
    await context.sql('update marketplaces set no_show_fee_cents = 1000 where id = 80');
    const { id } = await request(onSite, '4000000000009995');
    await desk80.data(staffOperations.confirm, { marketplaceId: onSite.marketplace, id });
    await moveIntoPast(context, id);
    const { staffMarkNoShow } = await desk80.data<{ staffMarkNoShow: Record<string, unknown> }>(
      staffOperations.noShow,
      { marketplaceId: onSite.marketplace, id },
    );
    expect(staffMarkNoShow).toEqual({
      id,
      status: 'NO_SHOW',
      charged: 0,
      failureReason: 'Your card has insufficient funds.',
    });
    await context.sql('update marketplaces set no_show_fee_cents = null where id = 80');
  });
});
