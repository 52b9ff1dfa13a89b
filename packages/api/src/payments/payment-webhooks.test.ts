// Payment events settle our payment rows: a purchase a crash left pending is settled by
// Stripe's payment_intent.succeeded (or .payment_failed) exactly as the live request would have
// settled it, once, and a refund made in Stripe's dashboard marks the row refunded.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { refundedInProcessor } from '../checkout';
import { reconcilePendingPurchases } from '../memberships';
import { type CheckoutTestContext, createCheckoutTestContext, TestBrowser } from '../test/checkout';
import { testDatabases } from '../test/databases';
import { dyingAfterCharge, memberClient, membershipFixture, membershipOperations } from '../test/memberships';
import { appWithStripeWebhooks, deliverStripeEvent } from '../test/webhooks';
import type { PaymentsProcessor } from './adapters/payments-processor';
import { createSandboxProcessor } from './adapters/sandbox-processor';

describe.each(testDatabases)('payment events settle payment rows on $name', (factory) => {
  let context: CheckoutTestContext;
  let sandbox: PaymentsProcessor;
  let webhooks: App;
  beforeAll(async () => {
    context = await createCheckoutTestContext(factory);
    await context.handle.database.transaction((tx) => tx.exec(membershipFixture));
    sandbox = createSandboxProcessor(context.handle.database.db);
    webhooks = processOn(sandbox);
  });
  afterAll(() => context.handle.dispose());

  const processOn = (processor: PaymentsProcessor) =>
    appWithStripeWebhooks(context.handle.database, processor);
  const deliver = (type: string, object: Record<string, unknown>, id?: string) =>
    deliverStripeEvent(webhooks, type, object, id);

  /**
   * A package purchase charged by a process that then died (or, with `lostAnswer`, whose processor's
   * answer was lost, so the request failed): its row pending, its charge made.
   */
  async function crashedPurchase({ lostAnswer = false } = {}) {
    const { browser, userId, cardId } = await memberClient(context);
    const dying = dyingAfterCharge(sandbox);
    const losing: PaymentsProcessor = {
      ...sandbox,
      async charge(input) {
        await sandbox.charge(input);
        throw new Error('The connection to the processor was lost.');
      },
    };
    const moved = new TestBrowser(processOn(lostAnswer ? losing : dying.processor));
    for (const [name, value] of browser.cookies) moved.cookies.set(name, value);
    const purchaseInput = {
      input: {
        marketplaceId: '80',
        packageId: '8003',
        paymentMethod: { paymentInstrumentId: cardId },
        idempotencyKey: randomUUID(),
      },
    };
    const attempt = moved.post(membershipOperations.purchasePackage, purchaseInput);
    await (lostAnswer ? attempt : dying.charged);
    const [row] = await context.sql<{ id: number; key: string; reference: string }>(
      `select p.id, p.idempotency_key as key, c.reference
         from package_purchases p join sandbox_charges c on c.idempotency_key = p.idempotency_key
        where p.user_id = $1`,
      [Number(userId)],
    );
    if (!row) throw new Error('The purchase was not recorded.');
    /** The client's own retry of the purchase, with the same key. */
    const retry = () => browser.post(membershipOperations.purchasePackage, purchaseInput);
    return { userId, retry, ...row };
  }
  const purchaseOf = async (id: number) =>
    (
      await context.sql<{
        status: string;
        processor_reference: string | null;
        failure_reason: string | null;
      }>('select status, processor_reference, failure_reason from package_purchases where id = $1', [id])
    )[0];
  const itemsOf = async (userId: string) =>
    (
      await context.sql<{ count: number }>(
        'select count(*)::int as count from package_items where user_id = $1',
        [Number(userId)],
      )
    )[0]?.count;

  it('settles a purchase a crash left pending when the payment succeeded, once, replays included', async () => {
    const purchase = await crashedPurchase();
    expect(await purchaseOf(purchase.id)).toMatchObject({ status: 'pending' });
    const intent = {
      id: purchase.reference,
      object: 'payment_intent',
      status: 'succeeded',
      metadata: { atrium_idempotency_key: purchase.key },
    };
    const first = await deliver('payment_intent.succeeded', intent);
    expect(first).toMatchObject({ status: 200, text: 'Received.' });
    expect(await purchaseOf(purchase.id)).toEqual({
      status: 'succeeded',
      processor_reference: purchase.reference,
      failure_reason: null,
    });
    expect(await itemsOf(purchase.userId)).toBe(2);

    // The same event again, and a later reconciliation run: nothing more.
    expect(await deliver('payment_intent.succeeded', intent, first.id)).toMatchObject({
      status: 200,
      text: 'Already received.',
    });
    const later = () => new Date(Date.now() + 10 * 60_000);
    const report = await reconcilePendingPurchases({
      db: context.handle.database.db,
      payments: { processor: sandbox },
      clock: later,
    });
    expect(report.settled).toBe(0);
    expect(await itemsOf(purchase.userId)).toBe(2);

    // Refunded in Stripe's dashboard: the row says so.
    const refund = await deliver('charge.refunded', {
      id: 'ch_test_refunded',
      object: 'charge',
      payment_intent: purchase.reference,
      amount_refunded: 8000,
      refunded: true,
    });
    expect(refund.status).toBe(200);
    expect(await purchaseOf(purchase.id)).toEqual({
      status: 'refunded',
      processor_reference: purchase.reference,
      failure_reason: refundedInProcessor,
    });
  });

  it('marks a pending purchase failed when its payment failed, granting nothing', async () => {
    const purchase = await crashedPurchase();
    const failed = await deliver('payment_intent.payment_failed', {
      id: purchase.reference,
      object: 'payment_intent',
      status: 'requires_payment_method',
      metadata: { atrium_idempotency_key: purchase.key },
      last_payment_error: { message: 'Your card was declined.' },
    });
    expect(failed.status).toBe(200);
    expect(await purchaseOf(purchase.id)).toEqual({
      status: 'failed',
      processor_reference: null,
      failure_reason: 'Your card was declined.',
    });
    expect(await itemsOf(purchase.userId)).toBe(0);
  });

  describe("orders a payment's events by its own state, not by their arrival", () => {
    const intentOf = (purchase: { reference: string; key: string }) => ({
      id: purchase.reference,
      object: 'payment_intent',
      metadata: { atrium_idempotency_key: purchase.key },
    });
    const succeeded = (purchase: { reference: string; key: string }) =>
      deliver('payment_intent.succeeded', { ...intentOf(purchase), status: 'succeeded' });
    const failed = (purchase: { reference: string; key: string }) =>
      deliver('payment_intent.payment_failed', {
        ...intentOf(purchase),
        status: 'requires_payment_method',
        last_payment_error: { code: 'card_declined', message: 'Your card was declined.' },
      });
    const paid = (purchase: { reference: string }) => ({
      status: 'succeeded',
      processor_reference: purchase.reference,
      failure_reason: null,
    });

    it('settles the purchase paid when the success comes after a failure of the same payment', async () => {
      const purchase = await crashedPurchase();
      expect((await failed(purchase)).status).toBe(200);
      expect(await purchaseOf(purchase.id)).toMatchObject({ status: 'failed' });
      expect((await succeeded(purchase)).status).toBe(200);
      expect(await purchaseOf(purchase.id)).toEqual(paid(purchase));
      expect(await itemsOf(purchase.userId)).toBe(2);
    });

    it('keeps the purchase paid when a failure of the same payment is processed after its success', async () => {
      const purchase = await crashedPurchase();
      expect((await succeeded(purchase)).status).toBe(200);
      expect((await failed(purchase)).status).toBe(200);
      expect(await purchaseOf(purchase.id)).toEqual(paid(purchase));
      expect(await itemsOf(purchase.userId)).toBe(2);
    });

    it('ends paid, with its items once, when both events are processed at the same time', async () => {
      for (let round = 0; round < 3; round++) {
        const purchase = await crashedPurchase();
        const answers = await Promise.all([failed(purchase), succeeded(purchase)]);
        expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
        expect(await purchaseOf(purchase.id)).toEqual(paid(purchase));
        expect(await itemsOf(purchase.userId)).toBe(2);
      }
    });

    it('keeps both purchases when a failed one is paid after its key was bought again meanwhile', async () => {
      const purchase = await crashedPurchase({ lostAnswer: true });
      expect((await failed(purchase)).status).toBe(200);
      // The client's retry with the same key finds the attempt failed: a new purchase, paid.
      const retried = await purchase.retry();
      expect(retried.body.errors).toBeUndefined();
      expect(await itemsOf(purchase.userId)).toBe(2);

      // Both payments went through: both purchases stand (charges equal purchases), and the key
      // answers the later one, as before.
      expect((await succeeded(purchase)).status).toBe(200);
      expect(await purchaseOf(purchase.id)).toEqual(paid(purchase));
      expect(await itemsOf(purchase.userId)).toBe(4);
      expect((await purchase.retry()).body).toEqual(retried.body);
      const [keys] = await context.sql<{ keyed: number }>(
        'select count(client_key)::int as keyed from package_purchases where user_id = $1',
        [Number(purchase.userId)],
      );
      expect(keys?.keyed).toBe(1);
    });
  });

  it('records a payment event about no payment of ours and changes nothing', async () => {
    const stray = await deliver('payment_intent.succeeded', {
      id: 'pi_not_ours',
      object: 'payment_intent',
      status: 'succeeded',
      metadata: {},
    });
    expect(stray).toMatchObject({ status: 200, text: 'Received.' });
    expect(await context.sql('select id from processor_events where id = $1', [stray.id])).toHaveLength(1);
  });
});
