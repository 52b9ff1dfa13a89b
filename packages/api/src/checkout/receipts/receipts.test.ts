// Receipts and the payment history (issue 30): a receipt mail for every charge and refund (the
// amount, the card, what it paid for, the marketplace), exactly once however often its job runs or
// its request is retried; and the signed-in client's own payments, newest first, by page.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../test/account';
import {
  at,
  type BookResult,
  type CheckoutTestContext,
  checkoutOperations,
  createCheckoutTestContext,
  daysAhead,
  ids,
  moveIntoPast,
  newCard,
  operatorHeaders,
  TestBrowser,
} from '../../test/checkout';
import { testDatabases } from '../../test/databases';
import { type MailboxMessage, mailbox } from '../../test/identity';
import { addCard, membershipFixture, membershipOperations } from '../../test/memberships';
import { receiptOperations, runPaymentReceiptJobs } from '../../test/receipts';
import { signedInStaff, staffOperations } from '../../test/staff';
import { appWithStripeWebhooks, deliverStripeEvent } from '../../test/webhooks';
import { invalidPaymentCursorMessage } from './payment-history';

const deposit = ids(81);

interface ClientPayment {
  id: string;
  kind: 'CHARGE' | 'REFUND';
  date: string;
  amount: number;
  refunded: number;
  status: string;
  card: { brand: string; lastFour: string } | null;
  description: string;
}
interface PaymentPage {
  profilePayments: { payments: ClientPayment[]; endCursor: string | null; hasNextPage: boolean };
}

/** 'Tue, Mar 4 at 10:00 AM EST' and 'Tuesday, March 4, 2025 at 10:00 AM EST' of a 10:00 visit. */
const shortVisit = /on \w{3}, \w{3} \d{1,2} at 10:00 AM E[SD]T$/;
const longVisit = /on \w+day, \w+ \d{1,2}, \d{4} at 10:00 AM E[SD]T$/;

describe.each(testDatabases)('receipts and the payment history on $name', (factory) => {
  let context: CheckoutTestContext;
  let desk81: TestBrowser;
  let clients = 0;
  let days = 0;

  const receipts = async (email: string) =>
    (await mailbox(context.app, email)).filter((mail) => mail.subject?.includes(': receipt for your'));
  const lines = (mail: MailboxMessage | undefined) => mail?.text.split('\n') ?? [];

  /** A signed-in client of group 80 whose request at the deposit marketplace (81) is confirmed: $21.52. */
  const confirmedDeposit = async (card = '4242424242424242') => {
    const email = `receipts${++clients}@example.com`;
    const { browser } = await signedInClient(context.app, '80', email);
    const { createAppointmentRequest } = await browser.data<BookResult>(checkoutOperations.book, {
      input: {
        marketplaceId: deposit.marketplace,
        idempotencyKey: randomUUID(),
        organizationId: deposit.clinic,
        procedures: [deposit.drip, deposit.boost],
        dateRanges: at(daysAhead(6 + days++), '10:00'),
        paymentMethod: await newCard(browser, card),
      },
    });
    const id = createAppointmentRequest.id;
    const confirm = () =>
      new TestBrowser(context.app).post<{ confirmAppointment: { status: string; charged: number } }>(
        checkoutOperations.confirm,
        { id },
        operatorHeaders,
      );
    const confirmed = await confirm();
    const [payment] = await context.sql<{ id: string | number }>(
      'select id from appointment_payments where appointment_id = $1 order by id desc',
      [Number(id)],
    );
    return { email, browser, id, confirm, confirmed, paymentId: String(payment?.id) };
  };

  const refund = (paymentId: string, amount: number, requestKey: string, reason?: string) =>
    desk81.post<{ staffRefundPayment: { refunded: number } }>(staffOperations.refund, {
      marketplaceId: deposit.marketplace,
      paymentId,
      refund: { amount, requestKey },
      reason,
    });

  const paymentsOf = async (browser: TestBrowser, variables: Record<string, unknown> = {}) =>
    (
      await browser.data<PaymentPage>(receiptOperations.payments, {
        marketplaceId: deposit.marketplace,
        ...variables,
      })
    ).profilePayments;

  beforeAll(async () => {
    context = await createCheckoutTestContext(factory);
    await context.handle.database.transaction((tx) => tx.exec(membershipFixture));
    desk81 = await signedInStaff(context, {
      marketplaceId: 81,
      email: 'desk81@receipts.test',
      role: 'front_desk',
    });
    // Receipts of other tests' charges are run and put aside, so each test counts only its own.
    await runPaymentReceiptJobs(context.handle.database);
  });
  afterAll(() => context.handle.dispose());

  it('mails the receipt of a deposit charged on confirmation once, however often its job runs or the confirmation is retried', async () => {
    const { email, confirm, confirmed } = await confirmedDeposit();
    expect(confirmed.body.data?.confirmAppointment).toMatchObject({ status: 'BOOKED', charged: 2152 });
    // The confirmation asked again (a lost answer): refused, and nothing is charged or mailed again.
    expect((await confirm()).body.errors?.[0]?.message).toMatch(/is BOOKED; only PENDING/);

    const ran = await runPaymentReceiptJobs(context.handle.database, { times: 3 });
    expect(ran.map((run) => [run.job.source, run.mailed])).toEqual([
      ['appointment_payment', [true, false, false]],
    ]);
    expect(await runPaymentReceiptJobs(context.handle.database)).toEqual([]);

    const [receipt, ...more] = await receipts(email);
    expect(more).toEqual([]);
    expect(receipt?.subject).toBe('Checkout Test 81: receipt for your payment of $21.52');
    const text = lines(receipt);
    expect(text).toContain('Thank you for your payment to Checkout Test 81. This is your receipt.');
    expect(text).toContain('Amount: $21.52');
    expect(text).toContain('Card: Visa ending in 4242');
    expect(text.find((line) => line.startsWith('For: '))).toMatch(
      new RegExp(`^For: Deposit for Drip and Boost ${longVisit.source}`),
    );
    expect(text.find((line) => line.startsWith('Date: '))).toMatch(/^Date: \w+day, \w+ \d{1,2}, \d{4}$/);
    expect(text).toContain('Paid to: Checkout Test 81');
    expect(receipt?.text).toContain('http://localhost:3000/81/profile');

    // The confirmation itself says what was charged, and that the receipt comes apart.
    const confirmation = (await mailbox(context.app, email)).find((mail) =>
      mail.subject?.endsWith('your appointment is confirmed'),
    );
    expect(confirmation?.text).toContain(
      'We charged $21.52 to your Visa ending in 4242; your receipt follows in a separate email.',
    );
  });

  it('mails a receipt of each refund once: a staff refund retried with its key, and what the processor tells of it and of a dashboard refund', async () => {
    const { email, paymentId } = await confirmedDeposit();
    const key = randomUUID();
    expect((await refund(paymentId, 1000, key, 'Started late')).body.errors).toBeUndefined();
    expect((await refund(paymentId, 1000, key, 'Started late')).body.errors).toBeUndefined();
    const [row] = await context.sql<{ reference: string }>(
      'select processor_reference as reference from appointment_payments where id = $1',
      [Number(paymentId)],
    );
    const webhooks = appWithStripeWebhooks(context.handle.database);
    const charge = (amountRefunded: number) => ({
      id: 'ch_receipts_test',
      object: 'charge',
      payment_intent: row?.reference,
      amount_refunded: amountRefunded,
      refunded: false,
    });
    // Stripe tells of our own $10.00 (nothing new), then of $2.00 more given back in its dashboard,
    // that one twice.
    await deliverStripeEvent(webhooks, 'charge.refunded', charge(1000), 'evt_receipts_ours');
    await deliverStripeEvent(webhooks, 'charge.refunded', charge(1200), 'evt_receipts_dashboard');
    await deliverStripeEvent(webhooks, 'charge.refunded', charge(1200), 'evt_receipts_dashboard_again');

    const ran = await runPaymentReceiptJobs(context.handle.database, { times: 2 });
    expect(ran.map((run) => [run.job.source, run.mailed]).sort()).toEqual([
      ['appointment_payment', [true, false]],
      ['appointment_refund', [true, false]],
      ['appointment_refund', [true, false]],
    ]);
    const mailed = await receipts(email);
    expect(mailed.map((mail) => mail.subject).sort()).toEqual([
      'Checkout Test 81: receipt for your payment of $21.52',
      'Checkout Test 81: receipt for your refund of $10.00',
      'Checkout Test 81: receipt for your refund of $2.00',
    ]);
    const staffRefund = lines(mailed.find((mail) => mail.subject?.endsWith('refund of $10.00')));
    expect(staffRefund).toContain(
      'Checkout Test 81 refunded $10.00 to your card. Your bank shows it within 5 to 10 business days. This is your receipt.',
    );
    expect(staffRefund).toContain('Amount: $10.00 refunded');
    expect(staffRefund).toContain('Card: Visa ending in 4242');
    expect(staffRefund.find((line) => line.startsWith('For: '))).toMatch(
      /^For: Deposit for Drip and Boost on /,
    );
    expect(staffRefund).toContain('Reason: Started late');
    expect(staffRefund).toContain('Refunded by: Checkout Test 81');
    // A refund made in the processor's dashboard has no reason of ours to tell.
    const dashboard = lines(mailed.find((mail) => mail.subject?.endsWith('refund of $2.00')));
    expect(dashboard.some((line) => line.startsWith('Reason: '))).toBe(false);
  });

  it('mails a receipt of a cancellation’s refund and of a no-show fee', async () => {
    await context.sql('update marketplaces set no_show_fee_cents = 2500 where id = 81');
    try {
      const noShow = await confirmedDeposit();
      await moveIntoPast(context, noShow.id);
      await desk81.data(staffOperations.noShow, { marketplaceId: deposit.marketplace, id: noShow.id });
      const cancelled = await confirmedDeposit();
      await desk81.data(staffOperations.cancelWithRefund, {
        marketplaceId: deposit.marketplace,
        id: cancelled.id,
        reason: 'The practitioner is ill',
        refund: { amount: 2152, requestKey: randomUUID() },
      });
      await runPaymentReceiptJobs(context.handle.database);

      const fee = (await receipts(noShow.email)).find((mail) => mail.subject?.endsWith('payment of $25.00'));
      expect(lines(fee).find((line) => line.startsWith('For: '))).toMatch(
        /^For: No-show fee for Drip and Boost on /,
      );
      expect(lines(fee)).toContain('Card: Visa ending in 4242');
      expect((await receipts(cancelled.email)).map((mail) => mail.subject).sort()).toEqual([
        'Checkout Test 81: receipt for your payment of $21.52',
        'Checkout Test 81: receipt for your refund of $21.52',
      ]);
    } finally {
      await context.sql('update marketplaces set no_show_fee_cents = null where id = 81');
    }
  });

  it('mails a receipt of a package bought with a saved card, and lists it with the client’s other payments', async () => {
    const email = `receipts${++clients}@example.com`;
    const { browser } = await signedInClient(context.app, '80', email);
    const cardId = await addCard(browser, '5555555555554444');
    await browser.data(membershipOperations.purchasePackage, {
      input: {
        marketplaceId: '80',
        packageId: '8003',
        paymentMethod: { paymentInstrumentId: cardId },
        idempotencyKey: randomUUID(),
      },
    });
    await runPaymentReceiptJobs(context.handle.database);
    const [receipt] = await receipts(email);
    expect(receipt?.subject).toBe('Checkout Test 80: receipt for your payment of $80.00');
    expect(lines(receipt)).toEqual(
      expect.arrayContaining([
        'Amount: $80.00',
        'Card: Mastercard ending in 4444',
        'For: Package: Shot Pair',
      ]),
    );
    const { payments } = await paymentsOf(browser, { marketplaceId: '80' });
    expect(payments).toEqual([
      {
        id: expect.any(String),
        kind: 'CHARGE',
        date: expect.any(String),
        amount: 8000,
        refunded: 0,
        status: 'PAID',
        card: { brand: 'MASTERCARD', lastFour: '4444' },
        description: 'Package: Shot Pair',
      },
    ]);
    // The same client's payments at another marketplace of the group are that marketplace's own.
    expect((await paymentsOf(browser)).payments).toEqual([]);
  });

  it('lists the signed-in client’s own charges and refunds, newest first, a page at a time, with refused ones', async () => {
    const refused = await confirmedDeposit('4000000000009995');
    expect(refused.confirmed.body.data?.confirmAppointment.status).toBe('PENDING');
    const { browser, paymentId } = await confirmedDeposit();
    await refund(paymentId, 500, randomUUID());
    const stranger = await signedInClient(context.app, '80', `receipts${++clients}@example.com`);

    const all = await paymentsOf(browser);
    expect(all.hasNextPage).toBe(false);
    expect(all.endCursor).toBeNull();
    expect(
      all.payments.map(({ kind, amount, refunded, status, card }) => ({
        kind,
        amount,
        refunded,
        status,
        card,
      })),
    ).toEqual([
      {
        kind: 'REFUND',
        amount: 500,
        refunded: 0,
        status: 'REFUNDED',
        card: { brand: 'VISA', lastFour: '4242' },
      },
      {
        kind: 'CHARGE',
        amount: 2152,
        refunded: 500,
        status: 'PARTLY_REFUNDED',
        card: { brand: 'VISA', lastFour: '4242' },
      },
    ]);
    for (const payment of all.payments) {
      expect(payment.description).toMatch(new RegExp(`^Deposit for Drip and Boost ${shortVisit.source}`));
    }
    expect(Date.parse(all.payments[0]?.date ?? '')).toBeGreaterThanOrEqual(
      Date.parse(all.payments[1]?.date ?? ''),
    );

    // A page at a time: the newest, then the one before it.
    const first = await paymentsOf(browser, { first: 1 });
    expect(first.payments.map((payment) => payment.kind)).toEqual(['REFUND']);
    expect(first.hasNextPage).toBe(true);
    const second = await paymentsOf(browser, { first: 1, after: first.endCursor });
    expect(second.payments.map((payment) => payment.id)).toEqual([all.payments[1]?.id]);
    expect(second.hasNextPage).toBe(false);

    // A refused charge is the refusing client's, shown as failed; nobody else sees anyone's.
    expect((await paymentsOf(refused.browser)).payments).toEqual([
      expect.objectContaining({
        kind: 'CHARGE',
        amount: 2152,
        status: 'FAILED',
        card: { brand: 'VISA', lastFour: '9995' },
      }),
    ]);
    expect((await paymentsOf(stranger.browser)).payments).toEqual([]);
  });

  it('answers UNAUTHENTICATED signed out or signed in to another group, NOT_FOUND for no marketplace, BAD_USER_INPUT for a made-up cursor', async () => {
    const { browser } = await confirmedDeposit();
    expect(
      await new TestBrowser(context.app).error(receiptOperations.payments, {
        marketplaceId: deposit.marketplace,
      }),
    ).toMatchObject({ code: 'UNAUTHENTICATED' });
    await context.sql(`insert into marketplace_groups (id, name) values (91, 'Receipts elsewhere')`);
    await context.sql(
      `insert into marketplaces (id, mg_id, name, primary_color) values (91, 91, 'Receipts elsewhere', '#654321')`,
    );
    expect(await browser.error(receiptOperations.payments, { marketplaceId: '91' })).toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    expect(await browser.error(receiptOperations.payments, { marketplaceId: '999999' })).toMatchObject({
      code: 'NOT_FOUND',
    });
    for (const after of ['bm90LWEtY3Vyc29y', Buffer.from('payment:1:users:1').toString('base64url')]) {
      expect(
        await browser.error(receiptOperations.payments, { marketplaceId: deposit.marketplace, after }),
      ).toEqual({ code: 'BAD_USER_INPUT', message: invalidPaymentCursorMessage });
    }
    expect(
      await browser.error(receiptOperations.payments, { marketplaceId: deposit.marketplace, first: 51 }),
    ).toMatchObject({ code: 'BAD_USER_INPUT' });
  });
});
