// Exactly-once purchases: a process that dies between the charge and the commit, the
// client's retries with the same key, concurrent repeats, and the reconciliation job that settles
// what a crash left pending, on PGlite and PostgreSQL.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, createApp } from '../app';
import { loadIdentityConfig } from '../identity';
import { startJobEngine } from '../jobs/job-engine';
import { createDatabase } from '../kernel/database/create-database';
import type { Database } from '../kernel/database/database';
import { idempotencyKeyReusedMessage } from '../kernel/idempotency';
import { bossDb } from '../kernel/jobs/pg-boss-db';
import { jobSchema, queues } from '../kernel/jobs/queues';
import type { PaymentsProcessor } from '../payments';
import { createPayments, createSandboxProcessor } from '../payments';
import { type CheckoutTestContext, createCheckoutTestContext, TestBrowser } from '../test/checkout';
import { type TestDatabaseFactory, testDatabases } from '../test/databases';
import {
  addCard,
  dyingAfterCharge,
  memberClient,
  membershipFixture,
  membershipOperations,
  subscribe,
} from '../test/memberships';
import { membershipMessages } from './purchases';
import { reconcileGraceMs, reconcilePendingPurchases } from './reconciliation';

interface HeldItem {
  id: string;
  packageItemDefinitionId: string;
  membershipId: string | null;
  totalPoints: number;
}

/** Shot Pair: $80.00, two items of 1 point. */
const shotPair = { id: '8003', priceCents: 8000, items: 2 };

const minutesFromNow = (minutes: number) => () => new Date(Date.now() + minutes * 60_000);

/** A processor whose answer is lost: it charges, then the call fails (a timeout, a dropped connection). */
function losingAnswers(real: PaymentsProcessor): PaymentsProcessor {
  return {
    ...real,
    async charge(input) {
      await real.charge(input);
      throw new Error('The connection to the processor was lost.');
    },
  };
}

describe.each(testDatabases)('exactly-once purchases on $name', (factory) => {
  let context: CheckoutTestContext;
  let sandbox: PaymentsProcessor;
  beforeAll(async () => {
    context = await createCheckoutTestContext(factory);
    await context.handle.database.transaction((tx) => tx.exec(membershipFixture));
    sandbox = createSandboxProcessor(context.handle.database.db);
  });
  afterAll(() => context.handle.dispose());

  /** Another API process on the same database, with its own processor and clock. */
  const processOn = (processor: PaymentsProcessor, clock?: () => Date): App =>
    createApp({
      db: context.handle.database,
      config: { nodeEnv: 'test', identity: loadIdentityConfig({ REGISTER_LIMIT_PER_IP: '0' }, 'test') },
      logging: false,
      checkout: {
        payments: { ...createPayments({ processor: 'sandbox' }, context.handle.database.db), processor },
        clock,
      },
    });
  /** The same browser (its session cookies) talking to another process. */
  const sameBrowserOn = (browser: TestBrowser, app: App) => {
    const moved = new TestBrowser(app);
    for (const [name, value] of browser.cookies) moved.cookies.set(name, value);
    return moved;
  };
  const reconcile = (clock: () => Date) =>
    reconcilePendingPurchases({ db: context.handle.database.db, payments: { processor: sandbox }, clock });

  /** What the client paid (charges neither declined nor refunded) and what they hold for it. */
  const ledgerOf = async (userId: string) => {
    const [row] = await context.sql<{
      charges: number;
      charged: number;
      purchases: number;
      paid: number;
      items: number;
      pending: number;
    }>(
      `select (select count(*)::int from sandbox_charges c join payment_instruments p
                 on p.processor_reference = c.payment_method_reference
                where p.user_id = $1 and c.failure_reason is null and c.refunded_at is null) as charges,
              (select coalesce(sum(c.amount_cents), 0)::int from sandbox_charges c join payment_instruments p
                 on p.processor_reference = c.payment_method_reference
                where p.user_id = $1 and c.failure_reason is null and c.refunded_at is null) as charged,
              (select count(*)::int from package_purchases where user_id = $1 and status = 'succeeded')
                + (select count(*)::int from membership_charges where user_id = $1 and status = 'succeeded')
                as purchases,
              (select coalesce(sum(amount_cents), 0)::int from package_purchases
                where user_id = $1 and status = 'succeeded')
                + (select coalesce(sum(amount_cents), 0)::int from membership_charges
                where user_id = $1 and status = 'succeeded') as paid,
              (select count(*)::int from package_items where user_id = $1) as items,
              (select count(*)::int from package_purchases where user_id = $1 and status = 'pending')
                + (select count(*)::int from membership_charges where user_id = $1 and status = 'pending')
                as pending`,
      [Number(userId)],
    );
    return row;
  };
  const purchaseInput = (cardId: string | null, idempotencyKey: string, packageId = shotPair.id) => ({
    input: { marketplaceId: '80', packageId, paymentMethod: { paymentInstrumentId: cardId }, idempotencyKey },
  });
  const buy = (browser: TestBrowser, cardId: string | null, key: string) =>
    browser.data<{ purchasePackage: HeldItem[] }>(
      membershipOperations.purchasePackage,
      purchaseInput(cardId, key),
    );

  /**
   * A client whose purchase (with `key`) was recorded by a process that died before asking the
   * processor: the intent is pending and nothing was charged.
   */
  const purchaseNeverCharged = async (key = randomUUID()) => {
    const client = await memberClient(context);
    const neverAsked: PaymentsProcessor = { ...sandbox, charge: () => new Promise(() => undefined) };
    void sameBrowserOn(client.browser, processOn(neverAsked)).post(
      membershipOperations.purchasePackage,
      purchaseInput(client.cardId, key),
    );
    await expect.poll(async () => (await ledgerOf(client.userId))?.pending).toBe(1);
    return client;
  };

  describe('a process that dies between the charge and the commit', () => {
    it('leaves the package purchase pending; after a restart the reconciliation settles it: one charge, one purchase', async () => {
      const { browser, userId, cardId } = await memberClient(context);
      const dying = dyingAfterCharge(sandbox);
      const key = randomUUID();
      void sameBrowserOn(browser, processOn(dying.processor)).post(
        membershipOperations.purchasePackage,
        purchaseInput(cardId, key),
      );
      await dying.charged;
      expect(await ledgerOf(userId)).toMatchObject({ charges: 1, purchases: 0, items: 0, pending: 1 });

      // Within the grace period the row may still be settled by its own request: left alone.
      expect((await reconcile(() => new Date())).settled).toBe(0);
      const restartedAt = minutesFromNow(reconcileGraceMs / 60_000 + 1);
      const report = await reconcile(restartedAt);
      expect(report).toMatchObject({ settled: 1, reviewRequired: [], errors: [] });
      expect(await ledgerOf(userId)).toEqual({
        charges: 1,
        charged: shotPair.priceCents,
        purchases: 1,
        paid: shotPair.priceCents,
        items: shotPair.items,
        pending: 0,
      });
      const [purchase] = await context.sql<{ status: string; idempotency_key: string; id: number }>(
        'select id, status, idempotency_key from package_purchases where user_id = $1',
        [Number(userId)],
      );
      expect(purchase?.idempotency_key).toBe(`atrium-package-purchase-${purchase?.id}`);

      // The client's retry with the same key, on the restarted process, gets the purchase and pays nothing more.
      const restarted = sameBrowserOn(browser, processOn(sandbox, restartedAt));
      const { purchasePackage } = await buy(restarted, cardId, key);
      expect(purchasePackage).toHaveLength(shotPair.items);
      expect(await ledgerOf(userId)).toMatchObject({ charges: 1, purchases: 1, items: shotPair.items });
    });

    it('creates the membership once when the reconciliation settles its first charge', async () => {
      const { browser, userId, cardId } = await memberClient(context);
      const dying = dyingAfterCharge(sandbox);
      const variables = {
        marketplaceId: '80',
        paymentInstrumentId: cardId,
        membershipDefinitionId: '8001',
        idempotencyKey: randomUUID(),
      };
      void sameBrowserOn(browser, processOn(dying.processor)).post(
        membershipOperations.createMembership,
        variables,
      );
      await dying.charged;
      const [none] = await context.sql<{ count: number }>(
        'select count(*)::int as count from memberships where user_id = $1',
        [Number(userId)],
      );
      expect(none?.count).toBe(0);

      const restartedAt = minutesFromNow(3);
      expect((await reconcile(restartedAt)).settled).toBe(1);
      // Test Club: $99.00 a month, with its package Member Drip (one item of 2 points).
      expect(await ledgerOf(userId)).toEqual({
        charges: 1,
        charged: 9900,
        purchases: 1,
        paid: 9900,
        items: 1,
        pending: 0,
      });
      const restarted = sameBrowserOn(browser, processOn(sandbox, restartedAt));
      const { createMembership } = await restarted.data<{ createMembership: { id: string; status: string } }>(
        membershipOperations.createMembership,
        variables,
      );
      expect(createMembership.status).toBe('Active');
      const [charge] = await context.sql<{
        membership_id: number;
        kind: string;
        idempotency_key: string;
        id: number;
      }>('select id, membership_id, kind, idempotency_key from membership_charges where user_id = $1', [
        Number(userId),
      ]);
      expect(charge).toEqual({
        id: charge?.id,
        membership_id: Number(createMembership.id),
        kind: 'purchase',
        idempotency_key: `atrium-membership-charge-${charge?.id}`,
      });
      expect(await ledgerOf(userId)).toMatchObject({ charges: 1, purchases: 1, items: 1 });
    });

    it('settles a reactivation charge the same way', async () => {
      const { browser, userId, cardId } = await memberClient(context);
      const membership = await subscribe(browser, cardId ?? '', '8003');
      await browser.data(membershipOperations.cancelMembership, { id: membership.id });
      await context.sql('update memberships set renewal_date = current_date - 3 where id = $1', [
        Number(membership.id),
      ]);
      await context.sql(
        'update membership_charges set period_start = current_date - 95 where membership_id = $1',
        [Number(membership.id)],
      );
      const dying = dyingAfterCharge(sandbox);
      const variables = { id: membership.id, idempotencyKey: randomUUID() };
      void sameBrowserOn(browser, processOn(dying.processor)).post(
        membershipOperations.reactivateMembership,
        variables,
      );
      await dying.charged;

      const restartedAt = minutesFromNow(3);
      expect((await reconcile(restartedAt)).settled).toBe(1);
      const restarted = sameBrowserOn(browser, processOn(sandbox, restartedAt));
      const { reactivateMembership } = await restarted.data<{ reactivateMembership: { status: string } }>(
        membershipOperations.reactivateMembership,
        variables,
      );
      expect(reactivateMembership.status).toBe('Active');
      // Test Club Quarterly, $250.00: the first quarter and the reactivated one.
      expect(await ledgerOf(userId)).toMatchObject({ charges: 2, charged: 50000, purchases: 2, pending: 0 });
    });

    it("finishes the purchase on the client's retry when the processor's answer was lost, charging once", async () => {
      const { browser, userId, cardId } = await memberClient(context);
      const key = randomUUID();
      const lost = sameBrowserOn(browser, processOn(losingAnswers(sandbox)));
      expect(
        (await lost.post(membershipOperations.purchasePackage, purchaseInput(cardId, key))).body.errors,
      ).toBeDefined();
      expect(await ledgerOf(userId)).toMatchObject({ charges: 1, purchases: 0, pending: 1 });

      const { purchasePackage } = await buy(browser, cardId, key);
      expect(purchasePackage).toHaveLength(shotPair.items);
      expect(await ledgerOf(userId)).toMatchObject({
        charges: 1,
        purchases: 1,
        items: shotPair.items,
        pending: 0,
      });
      // Nothing is left for the reconciliation.
      expect((await reconcile(minutesFromNow(3))).settled).toBe(0);
    });

    it('charges an intent recorded before the process died (the processor never asked) exactly once', async () => {
      const { userId } = await purchaseNeverCharged();
      const later = minutesFromNow(3);
      // Two processes reconcile at once: the claim gives the row to one of them.
      const reports = await Promise.all([reconcile(later), reconcile(later)]);
      expect(reports.map((report) => report.settled).sort()).toEqual([0, 1]);
      expect(await ledgerOf(userId)).toMatchObject({
        charges: 1,
        purchases: 1,
        items: shotPair.items,
        pending: 0,
      });
    });

    it('marks a pending row older than the processor keeps its key for review instead of charging it', async () => {
      const { userId } = await purchaseNeverCharged();
      await context.sql(
        `update package_purchases set created_at = now() - interval '25 hours', updated_at = now() - interval '25 hours'
          where user_id = $1`,
        [Number(userId)],
      );
      const first = await reconcile(() => new Date());
      expect(first.reviewRequired).toEqual([expect.objectContaining({ table: 'package_purchases' })]);
      expect(first.settled).toBe(0);
      expect((await reconcile(minutesFromNow(3))).reviewRequired).toEqual([]);
      expect(await ledgerOf(userId)).toMatchObject({ charges: 0, purchases: 0, pending: 1 });
      const [row] = await context.sql<{ under_review: boolean }>(
        'select review_required_at is not null as under_review from package_purchases where user_id = $1',
        [Number(userId)],
      );
      expect(row?.under_review).toBe(true);
    });
  });

  describe("the client's idempotency key", () => {
    it('answers a repeat with the first result and charges once, one after the other and at once', async () => {
      const { browser, userId, cardId } = await memberClient(context);
      const key = randomUUID();
      const first = await buy(browser, cardId, key);
      const again = await buy(browser, cardId, key);
      expect(again).toEqual(first);
      expect(await ledgerOf(userId)).toMatchObject({ charges: 1, purchases: 1, items: shotPair.items });

      const racing = randomUUID();
      const [a, b] = await Promise.all([buy(browser, cardId, racing), buy(browser, cardId, racing)]);
      expect(a).toEqual(b);
      expect(await ledgerOf(userId)).toMatchObject({ charges: 2, purchases: 2, items: 2 * shotPair.items });
    });

    it('charges a membership and a reactivation once per key, also when the repeats race', async () => {
      const { browser, userId, cardId } = await memberClient(context);
      const variables = {
        marketplaceId: '80',
        paymentInstrumentId: cardId,
        membershipDefinitionId: '8003',
        idempotencyKey: randomUUID(),
      };
      const created = await Promise.all([
        browser.data(membershipOperations.createMembership, variables),
        browser.data(membershipOperations.createMembership, variables),
      ]);
      expect(created[0]).toEqual(created[1]);
      const membershipId = (created[0] as { createMembership: { id: string } }).createMembership.id;
      await browser.data(membershipOperations.cancelMembership, { id: membershipId });
      await context.sql('update memberships set renewal_date = current_date - 3 where id = $1', [
        Number(membershipId),
      ]);
      await context.sql(
        'update membership_charges set period_start = current_date - 95 where membership_id = $1',
        [Number(membershipId)],
      );
      const renew = { id: membershipId, idempotencyKey: randomUUID() };
      const renewed = await Promise.all([
        browser.data(membershipOperations.reactivateMembership, renew),
        browser.data(membershipOperations.reactivateMembership, renew),
      ]);
      expect(renewed[0]).toEqual(renewed[1]);
      expect(await browser.data(membershipOperations.reactivateMembership, renew)).toEqual(renewed[0]);
      expect(await ledgerOf(userId)).toMatchObject({ charges: 2, charged: 50000, purchases: 2 });
    });

    it('refuses the key with another request (IDEMPOTENCY_KEY_REUSED) and keeps it to its caller', async () => {
      const { browser, userId, cardId } = await memberClient(context);
      const key = randomUUID();
      await buy(browser, cardId, key);
      expect(
        await browser.error(membershipOperations.purchasePackage, purchaseInput(cardId, key, '8002')),
      ).toEqual({ code: 'IDEMPOTENCY_KEY_REUSED', message: idempotencyKeyReusedMessage });
      // Another client's use of the same key is a key of their own.
      const other = await memberClient(context);
      expect((await buy(other.browser, other.cardId, key)).purchasePackage).toHaveLength(shotPair.items);
      expect(await ledgerOf(userId)).toMatchObject({ charges: 1, purchases: 1 });
      expect(await ledgerOf(other.userId)).toMatchObject({ charges: 1, purchases: 1 });
    });

    it('lets the key be used again after a decline, with a card added meanwhile', async () => {
      const { browser, userId, cardId } = await memberClient(context, '4000000000009995');
      const key = randomUUID();
      expect(await browser.error(membershipOperations.purchasePackage, purchaseInput(cardId, key))).toEqual({
        code: 'PAYMENT_DECLINED',
        message: 'Your card has insufficient funds.',
      });
      expect(await ledgerOf(userId)).toMatchObject({ charges: 0, purchases: 0, items: 0, pending: 0 });
      const better = await addCard(browser, '4242424242424242');
      expect((await buy(browser, better, key)).purchasePackage).toHaveLength(shotPair.items);
      expect(await ledgerOf(userId)).toMatchObject({ charges: 1, purchases: 1, items: shotPair.items });
    });

    it('tells a repeat that the first request with the key is still running, to be retried with the key', async () => {
      const key = randomUUID();
      const { browser, userId, cardId } = await purchaseNeverCharged(key);
      expect(await browser.error(membershipOperations.purchasePackage, purchaseInput(cardId, key))).toEqual({
        code: 'IDEMPOTENCY_KEY_IN_PROGRESS',
        message: membershipMessages.purchaseInProgress,
      });
      expect(await ledgerOf(userId)).toMatchObject({ charges: 0, purchases: 0, pending: 1 });
    }, 40_000);

    it('refuses a purchase without a key', async () => {
      const { browser, cardId } = await memberClient(context);
      expect(await browser.error(membershipOperations.purchasePackage, purchaseInput(cardId, '  '))).toEqual({
        code: 'BAD_USER_INPUT',
        message: 'idempotencyKey is required.',
      });
    });
  });

  it('runs the reconciliation as the reconcile-payments job of the job engine', async () => {
    const { userId } = await purchaseNeverCharged();
    await context.sql(
      `update package_purchases set updated_at = now() - interval '5 minutes' where user_id = $1`,
      [Number(userId)],
    );
    const database = context.handle.database;
    const errors: unknown[] = [];
    const engine = await startJobEngine(
      {
        database,
        mailer: null,
        sms: null,
        payments: { processor: sandbox },
        clock: () => new Date(),
        notifications: { mailFrom: 'bookings@atrium.example', webOrigin: 'http://localhost:3000' },
      },
      {
        pollingIntervalSeconds: 0.5,
        deliveryConcurrency: 1,
        renewalBatchSize: 100,
        onError: (error) => errors.push(error),
      },
    );
    try {
      // A tick of its schedule, sent now rather than waited for.
      const sender = new PgBoss({ db: bossDb(database), schema: jobSchema });
      await sender.send(queues.reconcilePayments.name, {});
      await expect
        .poll(async () => (await ledgerOf(userId))?.pending, { timeout: 20_000, interval: 200 })
        .toBe(0);
    } finally {
      await engine.stop(2_000);
    }
    expect(errors).toEqual([]);
    expect(await ledgerOf(userId)).toMatchObject({ charges: 1, purchases: 1, items: shotPair.items });
  }, 30_000);

  it('keeps charges equal to purchases through a storm of concurrent purchases with crashes', async () => {
    const clients = await Promise.all(Array.from({ length: 4 }, () => memberClient(context)));
    let calls = 0;
    // Every third charge loses its answer after charging, every third fails before reaching the processor.
    const stormy: PaymentsProcessor = {
      ...sandbox,
      async charge(input) {
        const turn = calls++ % 3;
        if (turn === 1) throw new Error('The process died before the processor was asked.');
        const result = await sandbox.charge(input);
        if (turn === 2) throw new Error('The process died after the charge.');
        return result;
      },
    };
    const app = processOn(stormy);
    await Promise.all(
      clients.flatMap((client) =>
        Array.from({ length: 4 }, () =>
          sameBrowserOn(client.browser, app).post(
            membershipOperations.purchasePackage,
            purchaseInput(client.cardId, randomUUID()),
          ),
        ),
      ),
    );
    await reconcile(minutesFromNow(3));
    for (const client of clients) {
      const ledger = await ledgerOf(client.userId);
      expect(ledger).toEqual({
        charges: 4,
        charged: 4 * shotPair.priceCents,
        purchases: 4,
        paid: 4 * shotPair.priceCents,
        items: 4 * shotPair.items,
        pending: 0,
      });
    }
  });
});

/**
 * A database that outlives the API process that has it open, so the process can die and another
 * start on it: a PGlite folder (PGlite belongs to one process), or a PostgreSQL database, each
 * process with its own connections.
 */
async function restartableDatabase(factory: TestDatabaseFactory) {
  if (factory.name === 'PGlite') {
    const dataDir = await mkdtemp(join(tmpdir(), 'atrium-crash-'));
    return {
      open: () => createDatabase({ kind: 'pglite', dataDir }),
      dispose: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  const handle = await factory.create();
  const url = handle.url;
  if (!url) throw new Error('A PostgreSQL test database has a URL.');
  await handle.database.close();
  return { open: () => createDatabase({ kind: 'postgres', url }), dispose: () => handle.dispose() };
}

describe.each(testDatabases)('a retry right after a crash on $name', (factory) => {
  /** An API process on the database: its sandbox processor (possibly one that dies after charging). */
  const processOn = (
    database: Database,
    processor: PaymentsProcessor = createSandboxProcessor(database.db),
  ) =>
    createApp({
      db: database,
      config: { nodeEnv: 'test', identity: loadIdentityConfig({ REGISTER_LIMIT_PER_IP: '0' }, 'test') },
      logging: false,
      checkout: { payments: { ...createPayments({ processor: 'sandbox' }, database.db), processor } },
    });
  const sameBrowserOn = (browser: TestBrowser, app: App) => {
    const moved = new TestBrowser(app);
    for (const [name, value] of browser.cookies) moved.cookies.set(name, value);
    return moved;
  };

  it('answers the purchase, the membership and the reactivation whose first attempts died after charging, each charged once', async () => {
    const location = await restartableDatabase(factory);
    let first: Database | undefined;
    let restarted: Database | undefined;
    try {
      const opened = await location.open();
      first = opened;
      // The database to prepare is the one opened here, on disk, which the crash's restart reopens.
      const onOpened = { database: opened, dispose: async () => undefined };
      const context: CheckoutTestContext = await createCheckoutTestContext({
        name: factory.name,
        create: async () => onOpened,
        prepared: async (_key, prepare) => {
          await prepare(opened);
          return onOpened;
        },
      });
      await opened.transaction((tx) => tx.exec(membershipFixture));
      const buyer = await memberClient(context);
      const subscriber = await memberClient(context);
      const lapsed = await memberClient(context);
      // A quarterly membership, cancelled and past its renewal date: reactivating it charges today.
      const membership = await subscribe(lapsed.browser, lapsed.cardId ?? '', '8003');
      await lapsed.browser.data(membershipOperations.cancelMembership, { id: membership.id });
      await context.sql('update memberships set renewal_date = current_date - 3 where id = $1', [
        Number(membership.id),
      ]);
      await context.sql(
        'update membership_charges set period_start = current_date - 95 where membership_id = $1',
        [Number(membership.id)],
      );

      // The first attempts: each is charged, then its process dies before answering.
      const dying = dyingAfterCharge(createSandboxProcessor(opened.db));
      let charged = 0;
      const counting: PaymentsProcessor = {
        ...dying.processor,
        async charge(input) {
          charged += 1;
          return dying.processor.charge(input);
        },
      };
      const doomed = processOn(opened, counting);
      const requests = [
        [
          buyer,
          membershipOperations.purchasePackage,
          {
            input: {
              marketplaceId: '80',
              packageId: shotPair.id,
              paymentMethod: { paymentInstrumentId: buyer.cardId },
              idempotencyKey: randomUUID(),
            },
          },
        ],
        [
          subscriber,
          membershipOperations.createMembership,
          {
            marketplaceId: '80',
            paymentInstrumentId: subscriber.cardId,
            membershipDefinitionId: '8001',
            idempotencyKey: randomUUID(),
          },
        ],
        [
          lapsed,
          membershipOperations.reactivateMembership,
          { id: membership.id, idempotencyKey: randomUUID() },
        ],
      ] as const;
      for (const [client, operation, variables] of requests) {
        void sameBrowserOn(client.browser, doomed).post(operation, variables);
      }
      await expect.poll(() => charged, { timeout: 20_000 }).toBe(requests.length);
      await opened.close();

      // The restarted process: each client's retry with the same key gets its answer.
      const reopened = await location.open();
      restarted = reopened;
      const app = processOn(reopened);
      const answers = await Promise.all(
        requests.map(([client, operation, variables]) =>
          sameBrowserOn(client.browser, app).post(operation, variables),
        ),
      );
      expect(answers.map((answer) => answer.body.errors)).toEqual([undefined, undefined, undefined]);
      const [bought, subscribed, reactivated] = answers.map((answer) => answer.body.data);
      expect(bought).toEqual({ purchasePackage: [expect.anything(), expect.anything()] });
      expect(subscribed).toMatchObject({ createMembership: { status: 'Active' } });
      expect(reactivated).toMatchObject({ reactivateMembership: { id: membership.id, status: 'Active' } });

      // One charge each (the lapsed client's first quarter, then its reactivation), all settled.
      const ledger = await reopened.transaction((tx) =>
        tx.query<{ user_id: number; charges: number; settled: number; pending: number }>(
          `select p.user_id, count(*)::int as charges,
                  (select count(*)::int from package_purchases where user_id = p.user_id and status = 'succeeded')
                    + (select count(*)::int from membership_charges where user_id = p.user_id and status = 'succeeded')
                    as settled,
                  (select count(*)::int from package_purchases where user_id = p.user_id and status = 'pending')
                    + (select count(*)::int from membership_charges where user_id = p.user_id and status = 'pending')
                    as pending
             from sandbox_charges c join payment_instruments p on p.processor_reference = c.payment_method_reference
            where c.failure_reason is null and c.refunded_at is null and p.user_id = any($1)
            group by p.user_id order by p.user_id`,
          [[buyer.userId, subscriber.userId, lapsed.userId].map(Number)],
        ),
      );
      expect(ledger).toEqual([
        { user_id: Number(buyer.userId), charges: 1, settled: 1, pending: 0 },
        { user_id: Number(subscriber.userId), charges: 1, settled: 1, pending: 0 },
        { user_id: Number(lapsed.userId), charges: 2, settled: 2, pending: 0 },
      ]);
    } finally {
      await first?.close().catch(() => undefined);
      await restarted?.close().catch(() => undefined);
      await location.dispose();
    }
  }, 60_000);
});
