// Onboarding a marketplace: the operator creates it, its owner works through the Setup checklist
// and makes it live; until then clients cannot book it.
import { randomUUID } from 'node:crypto';
import { NEW_MARKETPLACE_COLOR, ONBOARDING_MESSAGES } from '@atrium/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../test/account';
import {
  at,
  type BookResult,
  type CheckoutTestContext,
  checkoutOperations,
  createCheckoutTestContext,
  daysAhead,
  guest,
  ids,
  operatorHeaders,
  TestBrowser,
} from '../../test/checkout';
import { testDatabases } from '../../test/databases';
import { mailbox, signInWithPasscode } from '../../test/identity';
import { signedInStaff } from '../../test/staff';

const setupOperations = {
  create: /* GraphQL */ `
    mutation CreateMarketplace($input: CreateMarketplaceInput!) {
      createMarketplace(input: $input) { id mgId name consoleUrl ownerEmail }
    }`,
  setup: /* GraphQL */ `
    query MarketplaceSetup($marketplaceId: ID!) {
      marketplaceSetup(marketplaceId: $marketplaceId) {
        marketplaceId isLive timeZone plansAtHome ready steps { key title description done required section }
      }
    }`,
  live: /* GraphQL */ `
    mutation MakeLive($marketplaceId: ID!) { makeMarketplaceLive(marketplaceId: $marketplaceId) { isLive ready } }`,
  offline: /* GraphQL */ `
    mutation TakeOffline($marketplaceId: ID!) { takeMarketplaceOffline(marketplaceId: $marketplaceId) { isLive } }`,
  reviewed: /* GraphQL */ `
    mutation Reviewed($marketplaceId: ID!) {
      markPaymentSettingsReviewed(marketplaceId: $marketplaceId) { steps { key done } }
    }`,
  publicMarketplace: /* GraphQL */ `
    query PublicMarketplace($id: ID!) { marketplace(id: $id) { id isLive } }`,
};

interface SetupResult {
  marketplaceSetup: {
    isLive: boolean;
    timeZone: string | null;
    ready: boolean;
    steps: { key: string; done: boolean; required: boolean; section: string }[];
  };
}

const validInput = (extra: Record<string, unknown> = {}) => ({
  name: 'Fresh Glow',
  groupName: 'Fresh Group',
  providesAtHome: false,
  timeZone: 'America/Chicago',
  ownerEmail: `owner-${randomUUID().slice(0, 8)}@fresh.example`,
  ...extra,
});

describe.each(testDatabases)('onboarding a marketplace on $name', (factory) => {
  let context: CheckoutTestContext;
  let operator: TestBrowser;

  beforeAll(async () => {
    context = await createCheckoutTestContext(factory);
    operator = new TestBrowser(context.app);
  });
  afterAll(() => context.handle.dispose());

  const create = (input: Record<string, unknown>, headers: Record<string, string> = operatorHeaders) =>
    operator.post<{
      createMarketplace: { id: string; mgId: string; consoleUrl: string; ownerEmail: string };
    }>(setupOperations.create, { input }, headers);
  const created = async (input: Record<string, unknown>) => {
    const response = await create(input);
    expect(response.body.errors).toBeUndefined();
    const marketplace = response.body.data?.createMarketplace;
    if (!marketplace) throw new Error('no marketplace created');
    return marketplace;
  };
  const stepsOf = async (browser: TestBrowser, marketplaceId: string) => {
    const { marketplaceSetup } = await browser.data<SetupResult>(setupOperations.setup, { marketplaceId });
    return Object.fromEntries(marketplaceSetup.steps.map((step) => [step.key, step.done]));
  };

  describe('createMarketplace', () => {
    it('creates a marketplace closed to clients, makes the owner its owner and mails them the console link', async () => {
      const input = validInput();
      const marketplace = await created(input);
      const id = Number(marketplace.id);
      expect(marketplace.consoleUrl).toMatch(new RegExp(`^https?://[^/]+/${id}/console$`));

      const [row] = await context.sql<{
        is_live: boolean;
        primary_color: string;
        name: string;
        revision: number;
      }>('select is_live, primary_color, name, revision from marketplaces where id = $1', [id]);
      expect(row).toEqual({
        is_live: false,
        primary_color: NEW_MARKETPLACE_COLOR,
        name: 'Fresh Glow',
        revision: 1,
      });
      expect(
        await context.sql('select * from scheduling_settings where marketplace_id = $1', [id]),
      ).toHaveLength(1);
      const [owner] = await context.sql<{ role: string; email: string; confirmed: boolean }>(
        `select s.role, u.email, u.email_confirmed_at is not null as confirmed
           from staff_members s join users u on u.id = s.user_id where s.marketplace_id = $1`,
        [id],
      );
      expect(owner).toEqual({ role: 'owner', email: input.ownerEmail, confirmed: false });
      const log = await context.sql<{
        actor: string;
        action: string;
        staff_member_id: number | null;
        after: unknown;
      }>('select actor, action, staff_member_id, after from activity_log where marketplace_id = $1', [id]);
      expect(log).toEqual([
        {
          actor: 'operator',
          action: 'marketplace.create',
          staff_member_id: null,
          after: {
            name: 'Fresh Glow',
            groupId: Number(marketplace.mgId),
            providesAtHome: false,
            timeZone: 'America/Chicago',
            ownerEmail: input.ownerEmail,
          },
        },
      ]);

      const [mail] = await mailbox(context.app, input.ownerEmail);
      expect(mail?.subject).toBe('Set up Fresh Glow: your console is ready');
      expect(mail?.text).toContain(marketplace.consoleUrl);
      expect(mail?.links).toContain(marketplace.consoleUrl);

      // The owner proves the address by signing in with a passcode, and lands on the checklist.
      const owner2 = new TestBrowser(context.app);
      await signInWithPasscode(context.app, owner2, input.ownerEmail, marketplace.id);
      const { marketplaceSetup } = await owner2.data<SetupResult>(setupOperations.setup, {
        marketplaceId: marketplace.id,
      });
      expect(marketplaceSetup).toMatchObject({
        isLive: false,
        timeZone: 'America/Chicago',
        plansAtHome: false,
        ready: false,
      });
      expect(
        marketplaceSetup.steps.map((step) => [step.key, step.done, step.required, step.section]),
      ).toEqual([
        ['BRANDING', false, false, 'SETTINGS'],
        ['PLACE', false, true, 'SETTINGS'],
        ['SERVICES', false, true, 'CATALOGUE'],
        ['TEAM', false, true, 'TEAM'],
        ['PAYMENT_SETTINGS', false, true, 'SETTINGS'],
      ]);
      const publicView = await new TestBrowser(context.app).data<{ marketplace: { isLive: boolean } }>(
        setupOperations.publicMarketplace,
        { id: marketplace.id },
      );
      expect(publicView.marketplace.isLive).toBe(false);
    });

    it("in an existing group, makes the group's user with that email the owner", async () => {
      const { userId } = await signedInClient(context.app, '80', 'already-client@fresh.example');
      const marketplace = await created(
        validInput({ groupName: null, groupId: '80', ownerEmail: 'Already-Client@fresh.example' }),
      );
      expect(marketplace.mgId).toBe('80');
      const [owner] = await context.sql<{ user_id: number }>(
        'select user_id from staff_members where marketplace_id = $1',
        [Number(marketplace.id)],
      );
      expect(owner?.user_id).toBe(Number(userId));
    });

    it.each([
      [{ name: '  ' }, ONBOARDING_MESSAGES.name],
      [{ name: 'x'.repeat(101) }, 'The name must be at most 100 characters.'],
      [{ timeZone: '' }, ONBOARDING_MESSAGES.timeZoneRequired],
      [{ timeZone: 'Mars/Olympus_Mons' }, ONBOARDING_MESSAGES.timeZoneInvalid],
      [{ ownerEmail: '' }, ONBOARDING_MESSAGES.ownerEmailRequired],
      [{ ownerEmail: 'not-an-address' }, ONBOARDING_MESSAGES.ownerEmailInvalid],
      [{ groupId: '80' }, ONBOARDING_MESSAGES.group],
      [{ groupName: null }, ONBOARDING_MESSAGES.group],
      [{ groupName: null, groupId: 'abc' }, 'Marketplace group id must be a positive whole number.'],
    ])('refuses %j: %s', async (extra, message) => {
      const response = await create(validInput(extra));
      expect(response.body.errors?.[0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT' } });
    });

    it('answers NOT_FOUND for an unknown group', async () => {
      const response = await create(validInput({ groupName: null, groupId: '999999' }));
      expect(response.body.errors?.[0]).toMatchObject({
        message: 'Marketplace group 999999 was not found.',
        extensions: { code: 'NOT_FOUND' },
      });
    });

    it('is refused without the operator key, or with a wrong one, before the input is read', async () => {
      const [before] = await context.sql<{ count: number }>(
        'select count(*)::int as count from marketplaces',
      );
      const refusedHeaders: Record<string, string>[] = [{}, { 'x-operator-key': 'not-the-key' }];
      for (const headers of refusedHeaders) {
        const response = await create(validInput({ name: '' }), headers);
        expect(response.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      }
      // A signed-in owner of another marketplace is no operator either.
      const owner = await signedInStaff(context, {
        marketplaceId: 83,
        email: 'owner-83@fresh.example',
        role: 'owner',
      });
      const response = await owner.post(setupOperations.create, { input: validInput() });
      expect(response.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      const [after] = await context.sql<{ count: number }>('select count(*)::int as count from marketplaces');
      expect(after?.count).toBe(before?.count);
    });
  });

  describe('the checklist and going live', () => {
    it('flips each step as the rows it needs are added, and goes live only when every required step is done', async () => {
      const input = validInput({ providesAtHome: true });
      const { id } = await created(input);
      const m = Number(id);
      const owner = new TestBrowser(context.app);
      await signInWithPasscode(context.app, owner, input.ownerEmail, id);
      const goLive = async () =>
        (await owner.post(setupOperations.live, { marketplaceId: id })).body.errors?.[0];
      const refusal = await goLive();
      expect(refusal).toMatchObject({
        message:
          'Finish the setup before going live: a place to book, services, team and hours, payment settings.',
        extensions: { code: 'SETUP_INCOMPLETE' },
      });

      await context.sql(`update marketplaces set logo = '/assets/fresh.svg' where id = $1`, [m]);
      expect(await stepsOf(owner, id)).toMatchObject({ BRANDING: true, PLACE: false });

      // At home once the settings give a service area, before any clinic.
      const [planned] = await context.sql<{ provides_at_home: boolean; plans_at_home: boolean }>(
        `select m.provides_at_home, s.plans_at_home
           from marketplaces m join marketplace_setups s on s.marketplace_id = m.id where m.id = $1`,
        [m],
      );
      expect(planned).toEqual({ provides_at_home: false, plans_at_home: true });
      await context.sql(
        `update marketplaces set provides_at_home = true, service_area_zip_codes = '{10001}' where id = $1`,
        [m],
      );
      expect(await stepsOf(owner, id)).toMatchObject({ PLACE: true, SERVICES: false });
      await context.sql(
        `insert into clinics (marketplace_id, name, address, phone, time_zone, latitude, longitude)
           values ($1, 'Fresh Loop', '1 Main St, Chicago, IL 60601', '+13125550100', 'America/Chicago', 41.88, -87.62)`,
        [m],
      );
      const [clinic] = await context.sql<{ id: number }>('select id from clinics where marketplace_id = $1', [
        m,
      ]);

      // An add-on is not a service on its own; an archived service does not count either.
      const [group] = await context.sql<{ id: number }>(
        `insert into procedure_groups (marketplace_id, name) values ($1, 'Drips') returning id`,
        [m],
      );
      await context.sql(
        `insert into procedures (marketplace_id, procedure_group_id, name, prices, durations, is_add_on, offered_at_home)
           values ($1, null, 'Boost', '{1000}', '{15}', true, true)`,
        [m],
      );
      const [archived] = await context.sql<{ id: number }>(
        `insert into procedures (marketplace_id, procedure_group_id, name, prices, durations, offered_at_home, archived_at)
           values ($1, $2, 'Old Drip', '{9000}', '{45}', true, now()) returning id`,
        [m, group?.id],
      );
      expect(await stepsOf(owner, id)).toMatchObject({ SERVICES: false });
      const [drip] = await context.sql<{ id: number }>(
        `insert into procedures (marketplace_id, procedure_group_id, name, prices, durations, offered_at_home)
           values ($1, $2, 'Drip', '{12000}', '{60}', false) returning id`,
        [m, group?.id],
      );
      expect(await stepsOf(owner, id)).toMatchObject({ SERVICES: false });
      await context.sql(
        'insert into procedure_clinics (marketplace_id, procedure_id, clinic_id) values ($1, $2, $3)',
        [m, drip?.id, clinic?.id],
      );
      expect(await stepsOf(owner, id)).toMatchObject({ SERVICES: true, TEAM: false });

      // A practitioner counts once they perform an offered service and have hours where it is offered.
      const [ada] = await context.sql<{ id: number }>(
        `insert into practitioners (marketplace_id, name) values ($1, 'Ada') returning id`,
        [m],
      );
      await context.sql(
        `insert into practitioner_procedures (marketplace_id, practitioner_id, procedure_id) values ($1, $2, $3), ($1, $2, $4)`,
        [m, ada?.id, drip?.id, archived?.id],
      );
      await context.sql(
        `insert into practitioner_working_hours (marketplace_id, practitioner_id, organization_id, weekday, start_minute, end_minute)
           values ($1, $2, null, 1, 540, 1020)`,
        [m, ada?.id],
      );
      expect(await stepsOf(owner, id)).toMatchObject({ TEAM: false });
      await context.sql(
        `insert into practitioner_working_hours (marketplace_id, practitioner_id, organization_id, weekday, start_minute, end_minute)
           values ($1, $2, $3, 2, 540, 1020)`,
        [m, ada?.id, clinic?.id],
      );
      expect(await stepsOf(owner, id)).toMatchObject({ TEAM: true, PAYMENT_SETTINGS: false });
      expect(await goLive()).toMatchObject({
        message: 'Finish the setup before going live: payment settings.',
        extensions: { code: 'SETUP_INCOMPLETE' },
      });

      const { markPaymentSettingsReviewed } = await owner.data<{
        markPaymentSettingsReviewed: { steps: { key: string; done: boolean }[] };
      }>(setupOperations.reviewed, { marketplaceId: id });
      expect(markPaymentSettingsReviewed.steps.every((step) => step.done)).toBe(true);

      expect(await owner.data(setupOperations.live, { marketplaceId: id })).toEqual({
        makeMarketplaceLive: { isLive: true, ready: true },
      });
      expect(await owner.data(setupOperations.offline, { marketplaceId: id })).toEqual({
        takeMarketplaceOffline: { isLive: false },
      });
      const log = await context.sql<{ action: string; actor: string; before: unknown; after: unknown }>(
        'select action, actor, before, after from activity_log where marketplace_id = $1 order by id',
        [m],
      );
      expect(log.map((entry) => [entry.action, entry.actor])).toEqual([
        ['marketplace.create', 'operator'],
        ['paymentSettings.review', input.ownerEmail],
        ['marketplace.goLive', input.ownerEmail],
        ['marketplace.goOffline', input.ownerEmail],
      ]);
      expect(log[2]).toMatchObject({ before: { isLive: false }, after: { isLive: true } });
    });
  });

  describe('a marketplace that is not live', () => {
    it('refuses bookings with MARKETPLACE_NOT_LIVE, and takes them again once live', async () => {
      const place = ids(80);
      const input = () => ({
        marketplaceId: place.marketplace,
        idempotencyKey: randomUUID(),
        organizationId: place.clinic,
        procedures: [place.drip],
        dateRanges: at(daysAhead(40), '09:00'),
        registerUser: guest('not-live-guest@example.com'),
      });
      const client = new TestBrowser(context.app);
      await context.sql('update marketplaces set is_live = false where id = 80');
      try {
        const refused = await client.post<BookResult>(checkoutOperations.book, { input: input() });
        expect(refused.body.errors?.[0]).toMatchObject({
          message: 'This marketplace is not taking bookings yet.',
          extensions: { code: 'MARKETPLACE_NOT_LIVE' },
        });
        const [count] = await context.sql<{ count: number }>(
          'select count(*)::int as count from appointments where marketplace_id = 80',
        );
        expect(count?.count).toBe(0);
      } finally {
        await context.sql('update marketplaces set is_live = true where id = 80');
      }
      const booked = await client.post<BookResult>(checkoutOperations.book, { input: input() });
      expect(booked.body.errors).toBeUndefined();
      expect(booked.body.data?.createAppointmentRequest.status).toBe('PENDING');
    });
  });
});
