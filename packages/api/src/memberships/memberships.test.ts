import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountOperations } from '../test/account';
import {
  type CheckoutTestContext,
  checkoutOperations,
  createCheckoutTestContext,
  TestBrowser,
} from '../test/checkout';
import { testDatabases } from '../test/databases';
import {
  addCard,
  memberClient,
  membershipFixture,
  membershipOperations,
  subscribe,
} from '../test/memberships';
import { addPeriod, utcDate } from './periods';
import { membershipMessages } from './purchases';

interface Mine {
  memberships: { id: string; membershipDefinitionId: string; renewalDate: string; status: string }[];
  packageItems: {
    id: string;
    packageItemDefinitionId: string;
    membershipId: string | null;
    totalPoints: number;
    balance: number;
    packageName: string;
    expiresAt: string | null;
  }[];
  membershipBalance: { balance: number; totalPoints: number } | null;
  packageBalance: { balance: number; totalPoints: number };
}

const noCardMessage = 'Please add a payment method to purchase a package';

describe.each(testDatabases)('memberships and packages on $name', (factory) => {
  let context: CheckoutTestContext;
  beforeAll(async () => {
    context = await createCheckoutTestContext(factory);
    await context.handle.database.transaction((tx) => tx.exec(membershipFixture));
  });
  afterAll(() => context.handle.dispose());

  const mine = async (browser: TestBrowser) =>
    (await browser.data<{ viewer: Mine }>(membershipOperations.mine, { mgId: '80', marketplaceId: '80' }))
      .viewer;
  const chargesOf = (userId: string) =>
    context.sql<{ amount_cents: number; failure_reason: string | null }>(
      `select c.amount_cents, c.failure_reason from sandbox_charges c
         join payment_instruments p on p.processor_reference = c.payment_method_reference
        where p.user_id = $1 order by c.created_at`,
      [Number(userId)],
    );
  const today = () => utcDate(new Date());

  it('lists the membership definitions and the packages sold on their own, cheapest first', async () => {
    const { marketplace } = await new TestBrowser(context.app).data<{
      marketplace: {
        membershipDefinitions: { id: string; price: number; period: string; package: unknown }[];
        packages: { id: string; name: string; price: number; packageItemDefinitions: unknown[] }[];
      };
    }>(membershipOperations.catalog, { id: '80' });
    expect(marketplace.membershipDefinitions).toEqual([
      {
        id: '8001',
        marketplaceId: '80',
        name: 'Test Club',
        price: 9900,
        period: 'monthly',
        packageId: '8001',
        description: 'Monthly perks',
        list: '15% off\nTwo drips a month',
        package: {
          id: '8001',
          name: 'Member Drip',
          price: 0,
          packageItemDefinitions: [{ id: '80011', packageId: '8001', points: 2, procedureGroups: ['80'] }],
        },
        discounts: [{ id: '80011', membershipDefinitionId: '8001', percentage: 15, procedureGroups: ['80'] }],
      },
      expect.objectContaining({
        id: '8003',
        price: 25000,
        period: 'quarterly',
        package: null,
        discounts: [],
      }),
      expect.objectContaining({ id: '8002', price: 99900, period: 'yearly', packageId: null }),
    ]);
    expect(marketplace.packages.map((pack) => [pack.id, pack.name, pack.price])).toEqual([
      ['8003', 'Shot Pair', 8000],
      ['8002', 'Drip Trio', 30000],
    ]);
    expect(marketplace.packages[0]?.packageItemDefinitions).toHaveLength(2);
  });

  it('shows no memberships or packages for a marketplace without any', async () => {
    const { marketplace } = await new TestBrowser(context.app).data<{
      marketplace: { membershipDefinitions: unknown[]; packages: unknown[] };
    }>(membershipOperations.catalog, { id: '81' });
    expect(marketplace).toEqual({ membershipDefinitions: [], packages: [] });
  });

  it('buys a package: charges its price once and creates one item per definition with its points', async () => {
    const { browser, userId, cardId } = await memberClient(context);
    const { purchasePackage } = await browser.data<{ purchasePackage: Mine['packageItems'] }>(
      membershipOperations.purchasePackage,
      {
        input: {
          marketplaceId: '80',
          packageId: '8003',
          paymentMethod: { paymentInstrumentId: cardId },
          idempotencyKey: randomUUID(),
        },
      },
    );
    expect(purchasePackage).toEqual([
      expect.objectContaining({
        packageItemDefinitionId: '80031',
        membershipId: null,
        totalPoints: 1,
        balance: 1,
        packageName: 'Shot Pair',
        expiresAt: null,
      }),
      expect.objectContaining({ packageItemDefinitionId: '80032', totalPoints: 1, balance: 1 }),
    ]);
    expect(await chargesOf(userId)).toEqual([{ amount_cents: 8000, failure_reason: null }]);
    const viewer = await mine(browser);
    expect(viewer.packageItems.map((item) => item.id)).toEqual(purchasePackage.map((item) => item.id));
    expect(viewer.packageBalance).toEqual({ balance: 2, totalPoints: 2 });
    expect(viewer.membershipBalance).toBeNull();
  });

  it("gives PAYMENT_DECLINED with the processor's reason and creates nothing when the card is declined", async () => {
    const { browser, userId, cardId } = await memberClient(context, '4000000000009995');
    expect(
      await browser.error(membershipOperations.purchasePackage, {
        input: {
          marketplaceId: '80',
          packageId: '8002',
          paymentMethod: { paymentInstrumentId: cardId },
          idempotencyKey: randomUUID(),
        },
      }),
    ).toEqual({ code: 'PAYMENT_DECLINED', message: 'Your card has insufficient funds.' });
    expect(
      await browser.error(membershipOperations.createMembership, {
        idempotencyKey: randomUUID(),
        marketplaceId: '80',
        paymentInstrumentId: cardId,
        membershipDefinitionId: '8001',
      }),
    ).toEqual({ code: 'PAYMENT_DECLINED', message: 'Your card has insufficient funds.' });
    const viewer = await mine(browser);
    expect(viewer.packageItems).toEqual([]);
    expect(viewer.memberships).toEqual([]);
    const [held] = await context.sql<{ purchases: number; memberships: number; declined: number }>(
      `select (select count(*)::int from package_purchases where user_id = $1 and status <> 'failed') as purchases,
              (select count(*)::int from memberships where user_id = $1) as memberships,
              (select count(*)::int from package_purchases where user_id = $1
                 and status = 'failed' and failure_reason = 'Your card has insufficient funds.') as declined`,
      [Number(userId)],
    );
    // The declined intent is kept, failed with the processor's reason; it created nothing.
    expect(held).toEqual({ purchases: 0, memberships: 0, declined: 1 });
  });

  it("asks for a payment method without a saved card, and refuses another client's card as NOT_FOUND", async () => {
    const { browser } = await memberClient(context, null);
    expect(
      await browser.error(membershipOperations.purchasePackage, {
        input: {
          marketplaceId: '80',
          packageId: '8002',
          paymentMethod: { paymentInstrumentId: '1' },
          idempotencyKey: randomUUID(),
        },
      }),
    ).toEqual({ code: 'BAD_USER_INPUT', message: noCardMessage });
    expect(
      await browser.error(membershipOperations.createMembership, {
        idempotencyKey: randomUUID(),
        marketplaceId: '80',
        paymentInstrumentId: '1',
        membershipDefinitionId: '8001',
      }),
    ).toEqual({ code: 'BAD_USER_INPUT', message: noCardMessage });

    const other = await memberClient(context);
    const { browser: withCard } = await memberClient(context);
    expect(
      await withCard.error(membershipOperations.purchasePackage, {
        input: {
          marketplaceId: '80',
          packageId: '8002',
          paymentMethod: { paymentInstrumentId: other.cardId },
          idempotencyKey: randomUUID(),
        },
      }),
    ).toEqual({
      code: 'NOT_FOUND',
      message: `Payment instrument ${other.cardId} is not one of your saved cards.`,
    });
    expect(
      await withCard.error(membershipOperations.purchasePackage, {
        input: {
          marketplaceId: '80',
          packageId: '9999',
          paymentMethod: { paymentInstrumentId: other.cardId },
          idempotencyKey: randomUUID(),
        },
      }),
    ).toEqual({ code: 'NOT_FOUND', message: 'Package 9999 was not found in marketplace 80.' });
  });

  it('needs a signed-in client for purchases', async () => {
    expect(
      await new TestBrowser(context.app).error(membershipOperations.purchasePackage, {
        input: {
          marketplaceId: '80',
          packageId: '8002',
          paymentMethod: { paymentInstrumentId: '1' },
          idempotencyKey: randomUUID(),
        },
      }),
    ).toEqual({ code: 'UNAUTHENTICATED', message: 'Please sign in to continue.' });
  });

  it('creates an Active membership renewing one period ahead with its package, and refuses a second one', async () => {
    const { browser, userId, cardId } = await memberClient(context);
    const membership = await subscribe(browser, cardId ?? '');
    expect(membership).toEqual({
      id: expect.stringMatching(/^\d+$/),
      membershipDefinitionId: '8001',
      renewalDate: addPeriod(today(), 'monthly'),
      status: 'Active',
      membershipDefinition: { id: '8001', name: 'Test Club', price: 9900, period: 'monthly' },
    });
    expect(await chargesOf(userId)).toEqual([{ amount_cents: 9900, failure_reason: null }]);
    const viewer = await mine(browser);
    expect(viewer.memberships.map((row) => [row.id, row.status])).toEqual([[membership.id, 'Active']]);
    expect(viewer.packageItems).toEqual([
      {
        id: expect.any(String),
        packageItemDefinitionId: '80011',
        membershipId: membership.id,
        totalPoints: 2,
        balance: 2,
        packageName: 'Member Drip',
        expiresAt: `${membership.renewalDate}T00:00:00.000Z`,
      },
    ]);
    expect(viewer.membershipBalance).toEqual({ balance: 2, totalPoints: 2 });

    expect(
      await browser.error(membershipOperations.createMembership, {
        idempotencyKey: randomUUID(),
        marketplaceId: '80',
        paymentInstrumentId: cardId,
        membershipDefinitionId: '8003',
      }),
    ).toEqual({ code: 'BAD_USER_INPUT', message: membershipMessages.alreadyActive });
    expect(await chargesOf(userId)).toHaveLength(1);
  });

  it('sets quarterly and yearly renewal dates 3 and 12 months ahead', async () => {
    const quarterly = await memberClient(context);
    expect((await subscribe(quarterly.browser, quarterly.cardId ?? '', '8003')).renewalDate).toBe(
      addPeriod(today(), 'quarterly'),
    );
    const yearly = await memberClient(context);
    expect((await subscribe(yearly.browser, yearly.cardId ?? '', '8002')).renewalDate).toBe(
      addPeriod(today(), 'yearly'),
    );
  });

  it('lets only one of two concurrent purchases become Active, giving the other its charge back', async () => {
    const { browser, userId, cardId } = await memberClient(context);
    const variables = { marketplaceId: '80', paymentInstrumentId: cardId };
    const responses = await Promise.all([
      browser.post(membershipOperations.createMembership, {
        ...variables,
        membershipDefinitionId: '8001',
        idempotencyKey: randomUUID(),
      }),
      browser.post(membershipOperations.createMembership, {
        ...variables,
        membershipDefinitionId: '8003',
        idempotencyKey: randomUUID(),
      }),
    ]);
    const refused = responses.filter((response) => response.body.errors);
    expect(refused).toHaveLength(1);
    expect(refused[0]?.body.errors?.[0]?.message).toBe(membershipMessages.alreadyActive);
    const [counts] = await context.sql<{ active: number; kept: number }>(
      `select (select count(*)::int from memberships where user_id = $1 and status = 'Active') as active,
              (select count(*)::int from sandbox_charges c join payment_instruments p
                 on p.processor_reference = c.payment_method_reference
                where p.user_id = $1 and c.refunded_at is null) as kept`,
      [Number(userId)],
    );
    expect(counts).toEqual({ active: 1, kept: 1 });
  });

  it('cancels: Cancelled and good until the renewal date; reactivating within the period charges nothing', async () => {
    const { browser, userId, cardId } = await memberClient(context);
    const membership = await subscribe(browser, cardId ?? '');
    const { cancelMembership } = await browser.data<{ cancelMembership: Mine['memberships'][number] }>(
      membershipOperations.cancelMembership,
      { id: membership.id, idempotencyKey: randomUUID() },
    );
    expect(cancelMembership).toEqual({
      id: membership.id,
      renewalDate: membership.renewalDate,
      status: 'Cancelled',
    });
    expect((await mine(browser)).membershipBalance).toBeNull();

    const { reactivateMembership } = await browser.data<{
      reactivateMembership: Mine['memberships'][number];
    }>(membershipOperations.reactivateMembership, { id: membership.id, idempotencyKey: randomUUID() });
    expect(reactivateMembership).toEqual({
      id: membership.id,
      renewalDate: membership.renewalDate,
      status: 'Active',
    });
    expect(await chargesOf(userId)).toHaveLength(1);
  });

  it("keeps a Cancelled membership's discount at checkout until its renewal date", async () => {
    const { browser, userId, cardId } = await memberClient(context);
    const membership = await subscribe(browser, cardId ?? '');
    // Its points spent, so the discount is what is left to see.
    await context.sql('update package_items set balance = 0 where user_id = $1', [Number(userId)]);
    const input = { marketplaceId: '80', procedureIds: ['8001'], organizationId: '801', gratuity: 0 };
    const discount = async () =>
      (
        await browser.data<{ checkoutSummary: { membership: number[] } }>(checkoutOperations.summary, {
          input,
        })
      ).checkoutSummary.membership;
    const whileActive = await discount();
    expect(whileActive[0]).toBeGreaterThan(0);

    await browser.data(membershipOperations.cancelMembership, {
      id: membership.id,
      idempotencyKey: randomUUID(),
    });
    expect(await discount()).toEqual(whileActive);

    await context.sql('update memberships set renewal_date = current_date where id = $1', [
      Number(membership.id),
    ]);
    expect(await discount()).toEqual([0, 0]);
  });

  it('reactivates after the renewal date by charging the primary card, running one period from today', async () => {
    const { browser, userId, cardId } = await memberClient(context);
    const membership = await subscribe(browser, cardId ?? '');
    await browser.data(membershipOperations.cancelMembership, {
      id: membership.id,
      idempotencyKey: randomUUID(),
    });
    // As if it had been bought a month and three days ago.
    await context.sql(`update memberships set renewal_date = current_date - 3 where id = $1`, [
      Number(membership.id),
    ]);
    await context.sql(
      `update membership_charges set period_start = current_date - 34 where membership_id = $1`,
      [Number(membership.id)],
    );
    const { reactivateMembership } = await browser.data<{
      reactivateMembership: Mine['memberships'][number];
    }>(membershipOperations.reactivateMembership, { id: membership.id, idempotencyKey: randomUUID() });
    expect(reactivateMembership).toEqual({
      id: membership.id,
      renewalDate: addPeriod(today(), 'monthly'),
      status: 'Active',
    });
    expect((await chargesOf(userId)).map((charge) => charge.amount_cents)).toEqual([9900, 9900]);
    expect((await mine(browser)).membershipBalance).toEqual({ balance: 4, totalPoints: 4 });
  });

  it('asks for a primary card when a lapsed membership is reactivated without one', async () => {
    const { browser, cardId } = await memberClient(context);
    const membership = await subscribe(browser, cardId ?? '');
    await browser.data(membershipOperations.cancelMembership, {
      id: membership.id,
      idempotencyKey: randomUUID(),
    });
    await browser.data(accountOperations.deletePaymentInstrument, { id: cardId });
    await context.sql(`update memberships set renewal_date = current_date - 1 where id = $1`, [
      Number(membership.id),
    ]);
    expect(
      await browser.error(membershipOperations.reactivateMembership, {
        id: membership.id,
        idempotencyKey: randomUUID(),
      }),
    ).toEqual({
      code: 'BAD_USER_INPUT',
      message: noCardMessage,
    });
  });

  it("treats another client's membership as NOT_FOUND", async () => {
    const owner = await memberClient(context);
    const membership = await subscribe(owner.browser, owner.cardId ?? '');
    const { browser } = await memberClient(context);
    for (const operation of [
      membershipOperations.cancelMembership,
      membershipOperations.reactivateMembership,
    ]) {
      expect(await browser.error(operation, { id: membership.id, idempotencyKey: randomUUID() })).toEqual({
        code: 'NOT_FOUND',
        message: `Membership ${membership.id} was not found.`,
      });
    }
  });

  it('gives the membership and credit of the checkout summary for the same cart, and zeros without a session', async () => {
    const { browser, cardId } = await memberClient(context);
    await subscribe(browser, cardId ?? '');
    await browser.data(membershipOperations.purchasePackage, {
      input: {
        marketplaceId: '80',
        packageId: '8002',
        paymentMethod: { paymentInstrumentId: cardId },
        idempotencyKey: randomUUID(),
      },
    });
    const input = { marketplaceId: '80', procedureIds: ['8001', '8002', '8051'], organizationId: '801' };
    const { getMembershipCreditDiscount } = await browser.data<{
      getMembershipCreditDiscount: { membership: number[]; credit: number[] };
    }>(membershipOperations.creditDiscount, { input });
    const { checkoutSummary } = await browser.data<{
      checkoutSummary: { membership: number[]; credit: number[] };
    }>(checkoutOperations.summary, { input: { ...input, gratuity: 0 } });
    expect(getMembershipCreditDiscount).toEqual({
      membership: checkoutSummary.membership,
      credit: checkoutSummary.credit,
    });
    // Both procedures are covered by points (Drip $123.45-$150.00, Shot $45.50); the add-on is not
    // discounted (it has no category).
    expect(getMembershipCreditDiscount.credit).toEqual([12345 + 4550, 15000 + 4550]);

    const guest = await new TestBrowser(context.app).data<{
      getMembershipCreditDiscount: { membership: number[]; credit: number[] };
    }>(membershipOperations.creditDiscount, { input });
    expect(guest.getMembershipCreditDiscount).toEqual({ membership: [0, 0], credit: [0, 0] });
    expect(
      await browser.error(membershipOperations.creditDiscount, { input: { ...input, marketplaceId: '999' } }),
    ).toEqual({ code: 'NOT_FOUND', message: 'Marketplace 999 was not found.' });
  });

  it('sums balances: the membership badge counts only its own items, the package balance every unexpired item', async () => {
    const { browser, userId, cardId } = await memberClient(context);
    const membership = await subscribe(browser, cardId ?? '');
    const items = await browser.data<{ purchasePackage: Mine['packageItems'] }>(
      membershipOperations.purchasePackage,
      {
        input: {
          marketplaceId: '80',
          packageId: '8002',
          paymentMethod: { paymentInstrumentId: cardId },
          idempotencyKey: randomUUID(),
        },
      },
    );
    // One point of each used; a third, expired package item no longer counts.
    await context.sql('update package_items set balance = balance - 1 where user_id = $1', [Number(userId)]);
    await context.sql(
      `insert into package_items (user_id, package_item_definition_id, total_points, balance, expires_at)
       values ($1, 80021, 3, 3, now() - interval '1 day')`,
      [Number(userId)],
    );
    const viewer = await mine(browser);
    expect(viewer.membershipBalance).toEqual({ balance: 1, totalPoints: 2 });
    expect(viewer.packageBalance).toEqual({ balance: 3, totalPoints: 5 });
    // Soonest to expire first: the membership's item expires on its renewal date, the package's never.
    expect(viewer.packageItems.map((item) => [item.membershipId, item.balance])).toEqual([
      [membership.id, 1],
      [null, 2],
    ]);
    expect(items.purchasePackage).toHaveLength(1);
  });

  it('keeps a second card usable: a purchase may use any of the saved cards', async () => {
    const { browser, userId } = await memberClient(context);
    const second = await addCard(browser, '5555555555554444');
    await browser.data(membershipOperations.purchasePackage, {
      input: {
        marketplaceId: '80',
        packageId: '8003',
        paymentMethod: { paymentInstrumentId: second },
        idempotencyKey: randomUUID(),
      },
    });
    const [row] = await context.sql<{ payment_instrument_id: number }>(
      'select payment_instrument_id from package_purchases where user_id = $1',
      [Number(userId)],
    );
    expect(row?.payment_instrument_id).toBe(Number(second));
  });
});
