// The Offers section's API: promo codes, membership definitions and packages as the owner changes them,
// what checkout and renewals then do with them, who may do it, and the activity log of each change.
import { randomUUID } from 'node:crypto';
import { OFFER_MESSAGES } from '@atrium/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promoMessages } from '../../checkout';
import { renewDueMemberships } from '../../memberships';
import { createSandboxProcessor } from '../../payments';
import { signedInClient } from '../../test/account';
import {
  at,
  type CheckoutTestContext,
  checkoutOperations,
  createCheckoutTestContext,
  daysAhead,
  guest,
  ids,
  TestBrowser,
} from '../../test/checkout';
import { testDatabases } from '../../test/databases';
import { memberClient, membershipFixture, subscribe } from '../../test/memberships';
import { signedInStaff } from '../../test/staff';
import { offerMessages } from './offer-common';

const promoFields =
  'id code kind value serviceIds minimumOrder startsAt endsAt usageLimit perClientLimit timesUsed pausedAt status';
const membershipFields =
  'id name description price period discounts { percentage categoryIds } packageId retiredAt status activeMembers';
const packageFields =
  'id name description price items { points categoryIds } validityDays retiredAt status purchases includedIn';

const offersOperations = {
  promoCodes: `query ($marketplaceId: ID!) { staffPromoCodes(marketplaceId: $marketplaceId) { ${promoFields} } }`,
  createPromo: `mutation ($marketplaceId: ID!, $input: StaffPromoCodeInput!) {
    staffCreatePromoCode(marketplaceId: $marketplaceId, input: $input) { ${promoFields} } }`,
  updatePromo: `mutation ($marketplaceId: ID!, $id: ID!, $input: StaffPromoCodeInput!) {
    staffUpdatePromoCode(marketplaceId: $marketplaceId, id: $id, input: $input) { ${promoFields} } }`,
  pausePromo: `mutation ($marketplaceId: ID!, $id: ID!) {
    staffPausePromoCode(marketplaceId: $marketplaceId, id: $id) { ${promoFields} } }`,
  resumePromo: `mutation ($marketplaceId: ID!, $id: ID!) {
    staffResumePromoCode(marketplaceId: $marketplaceId, id: $id) { ${promoFields} } }`,
  memberships: `query ($marketplaceId: ID!) {
    staffMembershipDefinitions(marketplaceId: $marketplaceId) { ${membershipFields} } }`,
  createMembership: `mutation ($marketplaceId: ID!, $input: StaffMembershipDefinitionInput!) {
    staffCreateMembershipDefinition(marketplaceId: $marketplaceId, input: $input) { ${membershipFields} } }`,
  updateMembership: `mutation ($marketplaceId: ID!, $id: ID!, $input: StaffMembershipDefinitionInput!) {
    staffUpdateMembershipDefinition(marketplaceId: $marketplaceId, id: $id, input: $input) { ${membershipFields} } }`,
  retireMembership: `mutation ($marketplaceId: ID!, $id: ID!) {
    staffRetireMembershipDefinition(marketplaceId: $marketplaceId, id: $id) { ${membershipFields} } }`,
  packages: `query ($marketplaceId: ID!) { staffPackages(marketplaceId: $marketplaceId) { ${packageFields} } }`,
  createPackage: `mutation ($marketplaceId: ID!, $input: StaffPackageInput!) {
    staffCreatePackage(marketplaceId: $marketplaceId, input: $input) { ${packageFields} } }`,
  updatePackage: `mutation ($marketplaceId: ID!, $id: ID!, $input: StaffPackageInput!) {
    staffUpdatePackage(marketplaceId: $marketplaceId, id: $id, input: $input) { ${packageFields} } }`,
  retirePackage: `mutation ($marketplaceId: ID!, $id: ID!) {
    staffRetirePackage(marketplaceId: $marketplaceId, id: $id) { ${packageFields} } }`,
  choices: `query ($marketplaceId: ID!) {
    staffOfferChoices(marketplaceId: $marketplaceId) { services { id name isAddOn } categories { id name } } }`,
};

const own = ids(80);
const promo = (overrides: Record<string, unknown> = {}) => ({
  code: 'spring25',
  kind: 'PERCENTAGE',
  value: 25,
  ...overrides,
});
const membership = (overrides: Record<string, unknown> = {}) => ({
  name: 'Glow Club',
  price: 12000,
  period: 'monthly',
  discounts: [{ percentage: 10, categoryIds: ['80'] }],
  ...overrides,
});
const pack = (overrides: Record<string, unknown> = {}) => ({
  name: 'Shot Five',
  price: 20000,
  items: [{ points: 5, categoryIds: ['80'] }],
  validityDays: 90,
  ...overrides,
});

describe.each(testDatabases)('staff offers on $name', (factory) => {
  let context: CheckoutTestContext;
  let owner: TestBrowser;
  let slot = 0;

  beforeAll(async () => {
    context = await createCheckoutTestContext(factory);
    await context.handle.database.transaction((tx) => tx.exec(membershipFixture));
    owner = await signedInStaff(context, { marketplaceId: 80, email: 'owner@offers.test', role: 'owner' });
  });
  afterAll(() => context.handle.dispose());

  const run = <T>(query: string, variables: Record<string, unknown>, browser = owner) =>
    browser.data<Record<string, T>>(query, { marketplaceId: '80', ...variables }).then((data) => {
      const [value] = Object.values(data);
      return value as T;
    });
  const failure = (query: string, variables: Record<string, unknown>, browser = owner) =>
    browser.error(query, { marketplaceId: '80', ...variables });
  const lastLog = async () => {
    const [row] = await context.sql<{
      action: string;
      subject: string;
      actor: string;
      before: unknown;
      after: unknown;
    }>(
      'select action, subject, actor, before, after from activity_log where marketplace_id = 80 order by id desc limit 1',
    );
    return row;
  };

  /** A guest's booking of a Drip at marketplace 80's clinic with a promo code; its total or its error. */
  const book = async (code: string, email = `guest${randomUUID().slice(0, 8)}@example.com`) => {
    const response = await new TestBrowser(context.app).post<{ createAppointmentRequest: { id: string } }>(
      checkoutOperations.book,
      {
        input: {
          marketplaceId: own.marketplace,
          idempotencyKey: randomUUID(),
          organizationId: own.clinic,
          procedures: [own.drip],
          dateRanges: at(
            daysAhead(3 + Math.floor(slot / 8)),
            `${String(9 + (slot++ % 8)).padStart(2, '0')}:00`,
          ),
          promoCode: code,
          registerUser: guest(email),
        },
      },
    );
    const error = response.body.errors?.[0];
    if (error) return { error: error.message };
    const [row] = await context.sql<{ total_cents: number }>(
      'select total_cents from appointment_requests where id = $1',
      [Number(response.body.data?.createAppointmentRequest.id)],
    );
    return { total: row?.total_cents };
  };
  const validate = (code: string) =>
    new TestBrowser(context.app).data<{ validatePromoCode: { valid: boolean; error: string | null } }>(
      checkoutOperations.validatePromo,
      { input: { code, marketplaceId: own.marketplace, procedureIds: [own.drip], bookingAmount: 12345 } },
    );

  describe('promo codes', () => {
    it('creates a code as checkout compares it, logs it, and a client books at the promo price', async () => {
      const created = await run<{ id: string; code: string; status: string }>(offersOperations.createPromo, {
        input: promo({ code: ' spring25 ' }),
      });
      expect(created).toMatchObject({
        code: 'SPRING25',
        kind: 'PERCENTAGE',
        value: 25,
        status: 'ACTIVE',
        timesUsed: 0,
      });
      expect(await lastLog()).toMatchObject({
        action: 'promoCode.create',
        subject: 'Promo code SPRING25',
        actor: 'owner@offers.test',
        before: null,
        after: expect.objectContaining({ code: 'SPRING25', value: 25 }),
      });
      // Drip is $123.45 at its low end: 25% off is $30.86, so $92.59.
      expect(await book('spring25')).toEqual({ total: 9259 });
      const [listed] = await run<{ code: string; timesUsed: number }[]>(offersOperations.promoCodes, {});
      expect(listed).toMatchObject({ code: 'SPRING25', timesUsed: 1 });
    });

    it('refuses a duplicate code with PROMO_CODE_TAKEN', async () => {
      expect(await failure(offersOperations.createPromo, { input: promo({ code: 'Welcome15' }) })).toEqual({
        code: 'PROMO_CODE_TAKEN',
        message: offerMessages.codeTaken('WELCOME15'),
      });
    });

    it.each([
      [{ value: 150 }, OFFER_MESSAGES.percent],
      [{ kind: 'FIXED', value: 0 }, OFFER_MESSAGES.amount],
      [{ code: 'TWO WORDS' }, OFFER_MESSAGES.codeCharacters],
      [{ code: '' }, OFFER_MESSAGES.codeRequired],
      [{ usageLimit: 0 }, OFFER_MESSAGES.usageLimit],
      [{ perClientLimit: -1 }, OFFER_MESSAGES.perClientLimit],
      [{ startsAt: '2030-02-01T00:00:00Z', endsAt: '2030-01-01T00:00:00Z' }, OFFER_MESSAGES.endBeforeStart],
      [{ serviceIds: ['8101'] }, offerMessages.servicesNotOurs],
    ])('refuses %j with its message', async (overrides, message) => {
      expect(
        await failure(offersOperations.createPromo, { input: promo({ code: 'BAD', ...overrides }) }),
      ).toEqual({
        code: 'BAD_USER_INPUT',
        message,
      });
    });

    it('pauses a code (checkout refuses it as invalid) and resumes it, logging both', async () => {
      const { id } = await run<{ id: string }>(offersOperations.createPromo, {
        input: promo({ code: 'PAUSEME' }),
      });
      const paused = await run<{ status: string; pausedAt: string }>(offersOperations.pausePromo, { id });
      expect(paused.status).toBe('PAUSED');
      expect(await lastLog()).toMatchObject({ action: 'promoCode.pause', before: { pausedAt: null } });
      expect((await validate('pauseme')).validatePromoCode).toEqual({
        valid: false,
        error: promoMessages.invalid,
        discountAmount: 0,
        itemDiscounts: [],
      });
      expect(await book('PAUSEME')).toEqual({ error: promoMessages.invalid });
      expect(await run<{ status: string }>(offersOperations.resumePromo, { id })).toMatchObject({
        status: 'ACTIVE',
        pausedAt: null,
      });
      expect(await book('PAUSEME')).toEqual({ total: 9259 });
    });

    it('updates a code; checkout enforces its minimum order and its limit per client', async () => {
      const { id } = await run<{ id: string }>(offersOperations.createPromo, {
        input: promo({ code: 'BIGSPEND', kind: 'FIXED', value: 1000 }),
      });
      const updated = await run(offersOperations.updatePromo, {
        id,
        input: promo({
          code: 'BIGSPEND',
          kind: 'FIXED',
          value: 1000,
          minimumOrder: 15000,
          perClientLimit: 1,
        }),
      });
      expect(updated).toMatchObject({ minimumOrder: 15000, perClientLimit: 1 });
      expect(await lastLog()).toMatchObject({
        action: 'promoCode.update',
        before: expect.objectContaining({ minimumOrder: null }),
        after: expect.objectContaining({ minimumOrder: 15000 }),
      });
      // A Drip alone is $123.45, below the $150.00 minimum.
      expect(await book('BIGSPEND')).toEqual({ error: promoMessages.belowMinimum(15000) });
      await run(offersOperations.updatePromo, {
        id,
        input: promo({
          code: 'BIGSPEND',
          kind: 'FIXED',
          value: 1000,
          minimumOrder: 10000,
          perClientLimit: 1,
        }),
      });
      const email = 'once@example.com';
      expect(await book('BIGSPEND', email)).toEqual({ total: 11345 });
      expect(await book('BIGSPEND', email)).toEqual({ error: promoMessages.clientLimitReached });
      expect(await book('BIGSPEND')).toEqual({ total: 11345 });
    });

    it('refuses a total limit below the uses so far, and an unknown code id', async () => {
      const [used] = await context.sql<{ id: number }>("select id from promo_codes where code = 'SPRING25'");
      expect(
        await failure(offersOperations.updatePromo, {
          id: String(used?.id),
          input: promo({ usageLimit: 0 }),
        }),
      ).toMatchObject({ code: 'BAD_USER_INPUT' });
      await context.sql("update promo_codes set times_used = 2 where code = 'SPRING25'");
      expect(
        await failure(offersOperations.updatePromo, {
          id: String(used?.id),
          input: promo({ usageLimit: 1 }),
        }),
      ).toEqual({ code: 'BAD_USER_INPUT', message: offerMessages.limitBelowUses(2) });
      expect(await failure(offersOperations.pausePromo, { id: '999999' })).toEqual({
        code: 'NOT_FOUND',
        message: offerMessages.promoCodeNotFound(999999),
      });
    });
  });

  describe('membership definitions', () => {
    it('creates, updates and retires a definition, logging each change', async () => {
      const created = await run<{ id: string }>(offersOperations.createMembership, {
        input: membership({ packageId: '8003' }),
      });
      expect(created).toMatchObject({
        name: 'Glow Club',
        price: 12000,
        period: 'monthly',
        discounts: [{ percentage: 10, categoryIds: ['80'] }],
        packageId: '8003',
        status: 'ACTIVE',
        activeMembers: 0,
      });
      expect(await lastLog()).toMatchObject({
        action: 'membership.create',
        subject: 'Membership “Glow Club”',
      });
      const updated = await run(offersOperations.updateMembership, {
        id: created.id,
        input: membership({ name: 'Glow Club Plus', period: 'yearly', discounts: [] }),
      });
      expect(updated).toMatchObject({
        name: 'Glow Club Plus',
        period: 'yearly',
        discounts: [],
        packageId: null,
      });
      expect(await lastLog()).toMatchObject({
        action: 'membership.update',
        before: expect.objectContaining({ name: 'Glow Club' }),
        after: expect.objectContaining({ name: 'Glow Club Plus' }),
      });
      const retired = await run<{ status: string }>(offersOperations.retireMembership, { id: created.id });
      expect(retired.status).toBe('RETIRED');
      expect(await lastLog()).toMatchObject({ action: 'membership.retire', before: { retiredAt: null } });
      const [row] = await context.sql<{ names: string[] }>(
        `select array_agg(name) as names from membership_definitions where marketplace_id = 80 and retired_at is null`,
      );
      expect(row?.names).not.toContain('Glow Club Plus');
    });

    it('refuses a bad discount and a category of another marketplace', async () => {
      expect(
        await failure(offersOperations.createMembership, {
          input: membership({ discounts: [{ percentage: 0, categoryIds: ['80'] }] }),
        }),
      ).toEqual({ code: 'BAD_USER_INPUT', message: OFFER_MESSAGES.discountPercent });
      expect(
        await failure(offersOperations.createMembership, {
          input: membership({ discounts: [{ percentage: 10, categoryIds: ['81'] }] }),
        }),
      ).toEqual({ code: 'BAD_USER_INPUT', message: offerMessages.categoriesNotOurs });
      expect(await failure(offersOperations.createMembership, { input: membership({ name: ' ' }) })).toEqual({
        code: 'BAD_USER_INPUT',
        message: OFFER_MESSAGES.name,
      });
    });

    it("a new price does not change an active membership's renewal charge; its period stays", async () => {
      const client = await memberClient(context);
      const bought = await subscribe(client.browser, client.cardId ?? '', '8003');
      const current = (await run<{ id: string; price: number }[]>(offersOperations.memberships, {})).find(
        (item) => item.id === '8003',
      );
      expect(current).toMatchObject({ price: 25000, activeMembers: 1 });
      await run(offersOperations.updateMembership, {
        id: '8003',
        input: { name: 'Test Club Quarterly', price: 30000, period: 'quarterly', discounts: [] },
      });
      expect(
        await failure(offersOperations.updateMembership, {
          id: '8003',
          input: { name: 'Test Club Quarterly', price: 30000, period: 'monthly', discounts: [] },
        }),
      ).toEqual({ code: 'BAD_USER_INPUT', message: offerMessages.periodInUse });
      await context.sql(`update memberships set renewal_date = current_date - 1 where id = $1`, [
        Number(bought.id),
      ]);
      const db = context.handle.database.db;
      const report = await renewDueMemberships({
        db,
        payments: { processor: createSandboxProcessor(db) },
        clock: () => new Date(),
      });
      expect(report.failed).toEqual([]);
      const charges = await context.sql<{ kind: string; amount_cents: number }>(
        'select kind, amount_cents from membership_charges where membership_id = $1 order by id',
        [Number(bought.id)],
      );
      expect(charges).toEqual([
        { kind: 'purchase', amount_cents: 25000 },
        { kind: 'renewal', amount_cents: 25000 },
      ]);
      // A new member pays the new price.
      const newcomer = await memberClient(context);
      await subscribe(newcomer.browser, newcomer.cardId ?? '', '8003');
      const [latest] = await context.sql<{ amount_cents: number }>(
        `select amount_cents from membership_charges where user_id = $1`,
        [Number(newcomer.userId)],
      );
      expect(latest?.amount_cents).toBe(30000);
    });
  });

  describe('packages', () => {
    it('creates, updates and retires a package; its points expire as it says; logs each change', async () => {
      const created = await run<{ id: string }>(offersOperations.createPackage, { input: pack() });
      expect(created).toMatchObject({
        name: 'Shot Five',
        price: 20000,
        items: [{ points: 5, categoryIds: ['80'] }],
        validityDays: 90,
        status: 'ACTIVE',
        purchases: 0,
        includedIn: [],
      });
      expect(await lastLog()).toMatchObject({ action: 'package.create', subject: 'Package “Shot Five”' });
      const updated = await run(offersOperations.updatePackage, {
        id: created.id,
        input: pack({ price: 18000, items: [{ points: 6, categoryIds: ['80'] }] }),
      });
      expect(updated).toMatchObject({ price: 18000, items: [{ points: 6, categoryIds: ['80'] }] });
      expect(await lastLog()).toMatchObject({ action: 'package.update' });

      const client = await memberClient(context);
      const { purchasePackage } = await client.browser.data<{
        purchasePackage: { expiresAt: string | null }[];
      }>(`mutation ($input: PurchasePackageInput!) { purchasePackage(input: $input) { expiresAt } }`, {
        input: {
          marketplaceId: '80',
          packageId: created.id,
          paymentMethod: { paymentInstrumentId: client.cardId },
          idempotencyKey: randomUUID(),
        },
      });
      const expiresAt = Date.parse(purchasePackage[0]?.expiresAt ?? '');
      expect(Math.abs(expiresAt - (Date.now() + 90 * 86_400_000))).toBeLessThan(60_000);

      expect(
        await failure(offersOperations.updatePackage, {
          id: created.id,
          input: pack({ items: [{ points: 7, categoryIds: ['80'] }] }),
        }),
      ).toEqual({ code: 'BAD_USER_INPUT', message: offerMessages.itemsInUse });
      expect(
        await run(offersOperations.updatePackage, {
          id: created.id,
          input: pack({ price: 25000, items: [{ points: 6, categoryIds: ['80'] }] }),
        }),
      ).toMatchObject({ price: 25000, purchases: 1 });
      const [amount] = await context.sql<{ amount_cents: number }>(
        'select amount_cents from package_purchases where package_id = $1',
        [Number(created.id)],
      );
      expect(amount?.amount_cents).toBe(18000);

      expect(await run(offersOperations.retirePackage, { id: created.id })).toMatchObject({
        status: 'RETIRED',
      });
      expect(await lastLog()).toMatchObject({ action: 'package.retire' });
      const { marketplace } = await owner.data<{ marketplace: { packages: { id: string }[] } }>(
        `query { marketplace(id: "80") { packages { id } } }`,
      );
      expect(marketplace.packages.map((item) => item.id)).not.toContain(created.id);
      expect(await failure(offersOperations.updatePackage, { id: created.id, input: pack() })).toEqual({
        code: 'BAD_USER_INPUT',
        message: offerMessages.retired,
      });
    });

    it('refuses a package without items and with a bad validity', async () => {
      expect(await failure(offersOperations.createPackage, { input: pack({ items: [] }) })).toEqual({
        code: 'BAD_USER_INPUT',
        message: OFFER_MESSAGES.items,
      });
      expect(await failure(offersOperations.createPackage, { input: pack({ validityDays: 0 }) })).toEqual({
        code: 'BAD_USER_INPUT',
        message: OFFER_MESSAGES.validityDays,
      });
    });

    it("lists the marketplace's services and categories to choose from", async () => {
      const choices = await run<{ services: { id: string }[]; categories: { id: string }[] }>(
        offersOperations.choices,
        {},
      );
      expect(choices.services.map((item) => item.id).sort()).toEqual([own.drip, own.shot, own.boost].sort());
      expect(choices.categories).toEqual([{ id: '80', name: 'Tests' }]);
    });
  });

  describe('authorization', () => {
    const browsers: Record<string, TestBrowser> = {};
    beforeAll(async () => {
      browsers.frontDesk = await signedInStaff(context, {
        marketplaceId: 80,
        email: 'desk@offers.test',
        role: 'front_desk',
      });
      browsers.practitioner = await signedInStaff(context, {
        marketplaceId: 80,
        email: 'ada@offers.test',
        role: 'practitioner',
        practitionerId: 801,
      });
      browsers.client = (await signedInClient(context.app, '80', 'client@offers.test')).browser;
      browsers.otherOwner = await signedInStaff(context, {
        marketplaceId: 81,
        email: 'owner81@offers.test',
        role: 'owner',
      });
      browsers.signedOut = new TestBrowser(context.app);
    });

    const calls: [string, string, Record<string, unknown>][] = [
      ['staffPromoCodes', offersOperations.promoCodes, {}],
      ['staffCreatePromoCode', offersOperations.createPromo, { input: promo({ code: 'NOPE' }) }],
      ['staffUpdatePromoCode', offersOperations.updatePromo, { id: '1', input: promo({ code: 'NOPE' }) }],
      ['staffPausePromoCode', offersOperations.pausePromo, { id: '1' }],
      ['staffResumePromoCode', offersOperations.resumePromo, { id: '1' }],
      ['staffMembershipDefinitions', offersOperations.memberships, {}],
      ['staffCreateMembershipDefinition', offersOperations.createMembership, { input: membership() }],
      [
        'staffUpdateMembershipDefinition',
        offersOperations.updateMembership,
        { id: '8001', input: membership() },
      ],
      ['staffRetireMembershipDefinition', offersOperations.retireMembership, { id: '8001' }],
      ['staffPackages', offersOperations.packages, {}],
      ['staffCreatePackage', offersOperations.createPackage, { input: pack() }],
      ['staffUpdatePackage', offersOperations.updatePackage, { id: '8002', input: pack() }],
      ['staffRetirePackage', offersOperations.retirePackage, { id: '8002' }],
      ['staffOfferChoices', offersOperations.choices, {}],
    ];
    const outcomes = [
      ['frontDesk', 'FORBIDDEN'],
      ['practitioner', 'FORBIDDEN'],
      ['client', 'FORBIDDEN'],
      ['otherOwner', 'FORBIDDEN'],
      ['signedOut', 'UNAUTHENTICATED'],
    ] as const;

    it.each(calls)('%s: the owner only', async (_name, query, variables) => {
      const logged = await context.sql<{ rows: number }>('select count(*)::int as rows from activity_log');
      for (const [role, code] of outcomes) {
        const { code: got } = await failure(query, variables, browsers[role]);
        expect([role, got]).toEqual([role, code]);
      }
      const after = await context.sql<{ rows: number }>('select count(*)::int as rows from activity_log');
      expect(after).toEqual(logged);
      const response = await owner.post(query, { marketplaceId: '80', ...variables });
      expect(response.body.errors?.map((error) => error.extensions?.code) ?? []).not.toContain('FORBIDDEN');
      expect(response.body.errors?.map((error) => error.extensions?.code) ?? []).not.toContain(
        'UNAUTHENTICATED',
      );
    });
  });
});
