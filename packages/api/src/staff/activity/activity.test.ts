// The activity log as the owner reads it, and who may read the log and run the Setup operations.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../test/account';
import { type CheckoutTestContext, createCheckoutTestContext, TestBrowser } from '../../test/checkout';
import { testDatabases } from '../../test/databases';
import { signedInStaff } from '../../test/staff';
import { invalidCursorMessage } from './activity-log';
import { activityPageSizeMessage } from './resolvers';

const operations = {
  activity: /* GraphQL */ `
    query ActivityLog($marketplaceId: ID!, $first: Int, $after: String) {
      activityLog(marketplaceId: $marketplaceId, first: $first, after: $after) {
        entries { id at actor action subject before after }
        endCursor hasNextPage
      }
    }`,
  setup: /* GraphQL */ `
    query Setup($marketplaceId: ID!) { marketplaceSetup(marketplaceId: $marketplaceId) { isLive } }`,
  reviewed: /* GraphQL */ `
    mutation Reviewed($marketplaceId: ID!) { markPaymentSettingsReviewed(marketplaceId: $marketplaceId) { isLive } }`,
  offline: /* GraphQL */ `
    mutation Offline($marketplaceId: ID!) { takeMarketplaceOffline(marketplaceId: $marketplaceId) { isLive } }`,
  live: /* GraphQL */ `
    mutation Live($marketplaceId: ID!) { makeMarketplaceLive(marketplaceId: $marketplaceId) { isLive } }`,
};

interface Page {
  activityLog: {
    entries: {
      id: string;
      actor: string;
      action: string;
      subject: string;
      before: string | null;
      after: string | null;
    }[];
    endCursor: string | null;
    hasNextPage: boolean;
  };
}

type Role = 'owner' | 'frontDesk' | 'practitioner' | 'client' | 'signedOut' | 'otherOwner';
const roles: Role[] = ['owner', 'frontDesk', 'practitioner', 'client', 'signedOut', 'otherOwner'];
const denied: Record<Exclude<Role, 'owner'>, string> = {
  frontDesk: 'FORBIDDEN',
  practitioner: 'FORBIDDEN',
  client: 'FORBIDDEN',
  signedOut: 'UNAUTHENTICATED',
  otherOwner: 'FORBIDDEN',
};

describe.each(testDatabases)('the activity log and setup authorization on $name', (factory) => {
  let context: CheckoutTestContext;
  const browsers = {} as Record<Role, TestBrowser>;

  beforeAll(async () => {
    context = await createCheckoutTestContext(factory);
    browsers.owner = await signedInStaff(context, {
      marketplaceId: 81,
      email: 'owner@log.example',
      role: 'owner',
    });
    browsers.frontDesk = await signedInStaff(context, {
      marketplaceId: 81,
      email: 'desk@log.example',
      role: 'front_desk',
    });
    browsers.practitioner = await signedInStaff(context, {
      marketplaceId: 81,
      email: 'ada@log.example',
      role: 'practitioner',
      practitionerId: 811,
    });
    browsers.client = (await signedInClient(context.app, '81', 'client@log.example')).browser;
    browsers.signedOut = new TestBrowser(context.app);
    browsers.otherOwner = await signedInStaff(context, {
      marketplaceId: 82,
      email: 'other-owner@log.example',
      role: 'owner',
    });
  });
  afterAll(() => context.handle.dispose());

  // In this order, so that the marketplace ends live as it started.
  describe.each(['setup', 'reviewed', 'offline', 'live', 'activity'] as const)('%s', (operation) => {
    it.each(roles)('as %s', async (role) => {
      const response = await browsers[role].post(operations[operation], { marketplaceId: '81' });
      if (role === 'owner') {
        expect(response.body.errors).toBeUndefined();
        return;
      }
      expect(response.body.errors?.[0]?.extensions?.code).toBe(denied[role]);
      expect(response.body.data).toBeNull();
    });
  });

  it('wrote a log row for each change the owner made, and none for the refused ones', async () => {
    const rows = await context.sql<{ action: string; actor: string }>(
      'select action, actor from activity_log where marketplace_id = 81 order by id',
    );
    expect(rows).toEqual([
      { action: 'paymentSettings.review', actor: 'owner@log.example' },
      { action: 'marketplace.goOffline', actor: 'owner@log.example' },
      { action: 'marketplace.goLive', actor: 'owner@log.example' },
    ]);
  });

  describe('reading it', () => {
    beforeAll(async () => {
      await context.sql(
        `insert into activity_log (marketplace_id, actor, action, subject, before, after, created_at)
           select 83, 'owner@log.example', 'procedure.update', 'Service “Drip ' || n || '”',
                  jsonb_build_object('price', n * 100), jsonb_build_object('price', n * 100 + 50),
                  timestamptz '2026-01-01T00:00:00Z' + n * interval '1 minute'
             from generate_series(1, 5) n`,
      );
      // Two rows of one transaction share their time: the id orders them.
      await context.sql(
        `insert into activity_log (marketplace_id, actor, action, subject, created_at)
           values (83, 'operator', 'marketplace.create', 'Marketplace “Same time A”', timestamptz '2026-01-01T00:00:00Z'),
                  (83, 'operator', 'marketplace.create', 'Marketplace “Same time B”', timestamptz '2026-01-01T00:00:00Z')`,
      );
    });

    it('pages newest first, with before and after as JSON, until there is no next page', async () => {
      const owner = await signedInStaff(context, {
        marketplaceId: 83,
        email: 'owner-83@log.example',
        role: 'owner',
      });
      const read = (after: string | null) =>
        owner.data<Page>(operations.activity, { marketplaceId: '83', first: 3, after });
      const first = await read(null);
      expect(first.activityLog.entries.map((entry) => entry.subject)).toEqual([
        'Service “Drip 5”',
        'Service “Drip 4”',
        'Service “Drip 3”',
      ]);
      expect(first.activityLog.entries[0]).toMatchObject({
        actor: 'owner@log.example',
        action: 'procedure.update',
        before: '{"price":500}',
        after: '{"price":550}',
      });
      expect(first.activityLog.hasNextPage).toBe(true);
      const second = await read(first.activityLog.endCursor);
      expect(second.activityLog.entries.map((entry) => entry.subject)).toEqual([
        'Service “Drip 2”',
        'Service “Drip 1”',
        'Marketplace “Same time B”',
      ]);
      const third = await read(second.activityLog.endCursor);
      expect(third.activityLog.entries.map((entry) => [entry.subject, entry.before])).toEqual([
        ['Marketplace “Same time A”', null],
      ]);
      expect(third.activityLog.hasNextPage).toBe(false);

      // Defaults to 25 entries.
      const all = await owner.data<Page>(operations.activity, { marketplaceId: '83' });
      expect(all.activityLog.entries).toHaveLength(7);
      expect(all.activityLog.hasNextPage).toBe(false);

      // Another marketplace's cursor, a made-up one and a page size out of range are refused.
      const otherCursor = (
        await browsers.owner.data<Page>(operations.activity, { marketplaceId: '81', first: 1 })
      ).activityLog.endCursor;
      for (const after of [otherCursor, 'bm90LWEtY3Vyc29y']) {
        expect(await owner.error(operations.activity, { marketplaceId: '83', after })).toEqual({
          message: invalidCursorMessage,
          code: 'BAD_USER_INPUT',
        });
      }
      for (const first of [0, 101]) {
        expect(await owner.error(operations.activity, { marketplaceId: '83', first })).toEqual({
          message: activityPageSizeMessage,
          code: 'BAD_USER_INPUT',
        });
      }
    });
  });
});
