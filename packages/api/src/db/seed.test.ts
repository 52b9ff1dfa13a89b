import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { dueNow, PAYMENT_CAPTIONS, paymentCaption } from '@atrium/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { assetsDir } from '../kernel/paths';
import { migratedDatabase, type TestDatabase, testDatabases } from '../test/databases';
import { postGraphQL } from '../test/graphql';
import { demoMarketplaces, seedDemo } from './seed';

const options = { catalogOverrideEntry: 'http://localhost:3011/mf-manifest.json' };
const demos = demoMarketplaces(options);

const tables = [
  'marketplace_groups',
  'marketplaces',
  'clinics',
  'procedure_groups',
  'procedures',
  'procedure_add_ons',
  'procedure_clinics',
  'checkout_note_definitions',
  'remote_releases',
  'remote_rollout_states',
  'promo_codes',
  'packages',
  'package_item_definitions',
  'membership_definitions',
  'membership_discounts',
  'staff_members',
];

describe('demo data', () => {
  it('has the three fixed marketplaces 1, 2 and 3 with 3, 12 and 1 clinics', () => {
    expect(demos.map((demo) => [demo.marketplace.id, demo.marketplace.name, demo.clinics.length])).toEqual([
      [1, 'Glow Mobile IV', 3],
      [2, 'Nocturne Aesthetics', 12],
      [3, 'Solace Wellness Studio', 1],
    ]);
  });

  it('uses real IANA time zones for every clinic', () => {
    for (const clinic of demos.flatMap((demo) => demo.clinics)) {
      expect(
        () => new Intl.DateTimeFormat('en-US', { timeZone: clinic.timeZone }),
        clinic.name,
      ).not.toThrow();
    }
  });

  it('points every image at a file under assets/, except exactly one deliberately missing thumbnail', () => {
    const images = demos.flatMap((demo) => [
      demo.marketplace.logo,
      demo.marketplace.favicon,
      ...demo.categories.flatMap((category) => [category.thumbnail, category.banner]),
      ...demo.procedures.map((procedure) => procedure.thumbnail),
    ]);
    const urls = images.filter((url): url is string => typeof url === 'string');
    const missing = urls.filter((url) => !existsSync(join(assetsDir, url.replace(/^\/assets\//, ''))));
    expect(urls.every((url) => url.startsWith('/assets/'))).toBe(true);
    expect(missing).toEqual(['/assets/catalog/missing-thumbnail.svg']);
  });

  it('collects payment differently in each marketplace, so each shows its own payment caption', () => {
    const total = 10_000;
    const due = ({ marketplace }: (typeof demos)[number]) =>
      dueNow(total, 0, {
        // The column's default when a demo leaves it out.
        paymentCollectionMethod: marketplace.paymentCollectionMethod ?? 'collect_on_confirmation',
        paymentDepositType: marketplace.paymentDepositType,
        paymentDepositValue: marketplace.paymentDepositValue,
      });
    expect(demos.map((demo) => [due(demo), paymentCaption(due(demo), total)])).toEqual([
      [2000, PAYMENT_CAPTIONS.deposit],
      [10_000, PAYMENT_CAPTIONS.full],
      [0, PAYMENT_CAPTIONS.onSite],
    ]);
  });

  it('gives marketplace 1 a checkout note of every type and a travel fee for home visits', () => {
    const [glow] = demos;
    expect(glow?.checkoutNotes.map((note) => note.type)).toEqual([
      'HEADER',
      'TEXT',
      'SELECT',
      'MULTISELECT',
      'BOOLEAN',
      'DATETIME',
    ]);
    expect(glow?.marketplace.travelFeeCents).toBe(2500);
  });
});

describe.each(testDatabases)('seedDemo on $name', (factory) => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await migratedDatabase(factory);
  });
  afterAll(() => handle.dispose());

  /** Every row of every catalogue table, in a stable order. */
  const snapshot = () =>
    handle.database.transaction(async (tx) => {
      const rows: Record<string, unknown[]> = {};
      for (const table of tables) {
        rows[table] = await tx.query(`select * from ${table} as row order by row::text`);
      }
      return rows;
    });

  it('writes the demo marketplaces, and a second run leaves exactly the same rows', async () => {
    const result = await seedDemo(handle.database, options);
    expect(result.marketplaceIds).toEqual([1, 2, 3]);
    expect(result.staff).toContain('owner@glow.example (owner, marketplace 1)');
    expect(result.staff).toContain('frontdesk@solace.example (front_desk, marketplace 3)');
    const first = await snapshot();
    expect(first.marketplaces).toHaveLength(3);
    expect(first.clinics).toHaveLength(16);
    expect(first.remote_releases).toHaveLength(1);
    expect(first.remote_rollout_states).toHaveLength(1);
    expect(first.promo_codes).toHaveLength(7);
    expect(first.membership_definitions).toHaveLength(3);
    expect(first.packages).toHaveLength(6);
    // An owner and a front desk per marketplace, and Glow's practitioner.
    expect(first.staff_members).toHaveLength(7);

    await seedDemo(handle.database, options);
    expect(await snapshot()).toEqual(first);
  });

  it("writes through the console's services: each change logged as the demo seed's, no invitation mailed", async () => {
    const log = () =>
      handle.database.transaction((tx) =>
        tx.query<{ actor: string; staff_member_id: number | null; action: string }>(
          'select actor, staff_member_id, action from activity_log where marketplace_id = 1 order by id',
        ),
      );
    const first = await log();
    expect(first[0]).toEqual({
      actor: 'Atrium demo seed',
      staff_member_id: null,
      action: 'marketplace.create',
    });
    expect(new Set(first.map((row) => row.actor))).toEqual(new Set(['Atrium demo seed']));
    expect(new Set(first.map((row) => row.action))).toEqual(
      new Set([
        'marketplace.create',
        'settings.details.update',
        'settings.service-area.update',
        'settings.payments.update',
        // Its scheduling rules are the new marketplace's defaults, so they are left as they are.
        'settings.clinic.create',
        'category.create',
        'addOn.create',
        'service.create',
        'settings.checkout-note.create',
        'practitioner.create',
        'practitioner.hours',
        'practitioner.time-off.add',
        // The demo's appointments: the Schedule's visits booked outside Atrium.
        'appointment.outside.add',
        'staff-member.invite',
        'paymentSettings.review',
        'marketplace.goLive',
        'promoCode.create',
        'package.create',
        'membership.create',
      ]),
    );
    const mails = await handle.database.transaction((tx) =>
      tx.query<{ count: number }>('select count(*)::int as count from outbox_messages'),
    );
    expect(mails[0]?.count).toBe(0);

    await seedDemo(handle.database, options);
    expect(await log()).toEqual(first);
  });

  it('moves identity sequences past the fixed ids, so rows inserted later get fresh ids', async () => {
    const [clinic] = await handle.database.transaction((tx) =>
      tx.query<{ id: number }>(
        `insert into clinics (marketplace_id, name, address, phone, time_zone, latitude, longitude)
         values (3, 'Solace Boulder', '1200 Pearl St, Boulder, CO 80302', '+13035550100', 'America/Denver', 40.0176, -105.2797)
         returning id`,
      ),
    );
    expect(clinic?.id).toBeGreaterThan(301);
  });

  const currentRollouts = () =>
    handle.database.transaction((tx) =>
      tx.query(
        `select s.marketplace_id, s.remote, r.entry, s.kind from remote_rollout_states s
         left join remote_releases r on r.id = s.stable_release_id
         where not exists (select 1 from remote_rollout_states n where n.follows_state_id = s.id)
         order by 1, 2`,
      ),
    );

  it('follows a changed override entry on the next run', async () => {
    await seedDemo(handle.database, { catalogOverrideEntry: 'https://catalog.example.com/mf-manifest.json' });
    expect(await currentRollouts()).toEqual([
      {
        marketplace_id: 2,
        remote: 'catalog',
        entry: 'https://catalog.example.com/mf-manifest.json',
        kind: 'seed',
      },
    ]);
  });

  it("leaves a rollout an operator changed alone, and records the seed's build all the same", async () => {
    await handle.database.transaction((tx) =>
      tx.exec(`
        insert into remote_releases (remote, version, entry, checksum, contract_version)
          values ('catalog', 'abcdefabcdef', 'http://localhost:3020/catalog/abcdefabcdef/mf-manifest.json',
                  'abcdefabcdef${'0'.repeat(52)}', '1.0.0');
        insert into remote_rollout_states (remote, marketplace_id, stable_release_id, kind, follows_state_id, rollback_state_id)
          select 'catalog', 2, r.id, 'promotion', s.id, s.id
          from remote_releases r, remote_rollout_states s
          where r.version = 'abcdefabcdef' and s.marketplace_id = 2
            and not exists (select 1 from remote_rollout_states n where n.follows_state_id = s.id);`),
    );
    await seedDemo(handle.database, options);
    expect(await currentRollouts()).toEqual([
      {
        marketplace_id: 2,
        remote: 'catalog',
        entry: 'http://localhost:3020/catalog/abcdefabcdef/mf-manifest.json',
        kind: 'promotion',
      },
    ]);
    const recorded = await handle.database.transaction((tx) =>
      tx.query("select 1 from remote_releases where entry = 'http://localhost:3011/mf-manifest.json'"),
    );
    expect(recorded).toHaveLength(1);
  });

  it('offers memberships and packages at Glow and Nocturne, none at Solace', async () => {
    await seedDemo(handle.database, options);
    const app = createApp({ db: handle.database, config: { nodeEnv: 'test' } });
    const offers = async (id: string) => {
      const response = await postGraphQL<{
        marketplace: {
          membershipDefinitions: {
            name: string;
            price: number;
            period: string;
            discounts: { percentage: number; procedureGroups: string[] }[];
          }[];
          packages: {
            name: string;
            price: number;
            packageItemDefinitions: { points: number; procedureGroups: string[] }[];
          }[];
        };
      }>(
        app,
        `query ($id: ID!) { marketplace(id: $id) {
          membershipDefinitions { name price period discounts { percentage procedureGroups } }
          packages { name price packageItemDefinitions { points procedureGroups } }
        } }`,
        { id },
      );
      return response.body.data?.marketplace;
    };
    const glow = await offers('1');
    // Category 11 is IV Therapy, 12 Vitamin Injections.
    expect(glow?.membershipDefinitions).toEqual([
      {
        name: 'Glow Club',
        price: 9900,
        period: 'monthly',
        discounts: [{ percentage: 15, procedureGroups: ['11'] }],
      },
      {
        name: 'Glow Club Annual',
        price: 99900,
        period: 'yearly',
        discounts: [{ percentage: 20, procedureGroups: ['11', '12'] }],
      },
    ]);
    expect(glow?.packages).toEqual([
      {
        name: 'B12 Energy 5-Pack',
        price: 12500,
        packageItemDefinitions: [{ points: 5, procedureGroups: ['12'] }],
      },
      {
        name: 'Hydration Trio',
        price: 45000,
        packageItemDefinitions: [{ points: 3, procedureGroups: ['11'] }],
      },
    ]);
    const nocturne = await offers('2');
    expect(nocturne?.membershipDefinitions.map((definition) => definition.name)).toEqual([
      'Nocturne Signature',
    ]);
    expect(nocturne?.packages.map((pack) => pack.name)).toEqual(['Radiance Peel Series']);
    expect(await offers('3')).toEqual({ membershipDefinitions: [], packages: [] });
  });

  it('seeds promo codes that answer as the checkout expects', async () => {
    await seedDemo(handle.database, options);
    const app = createApp({ db: handle.database, config: { nodeEnv: 'test' } });
    const validate = async (marketplaceId: string, code: string, procedureIds: string[]) => {
      const response = await postGraphQL<{
        validatePromoCode: { valid: boolean; error: string | null; discountAmount: number };
      }>(
        app,
        `query ($input: ValidatePromoCodeInput!) { validatePromoCode(input: $input) { valid error discountAmount } }`,
        { input: { marketplaceId, code, procedureIds, bookingAmount: 0 } },
      );
      return response.body.data?.validatePromoCode;
    };
    // Myers' Cocktail ($199.00) and B12 Energy Shot ($35.00).
    const cart = ['1001', '1006'];
    expect(await validate('1', 'WELCOME15', cart)).toEqual({
      valid: true,
      error: null,
      discountAmount: 3510,
    });
    expect(await validate('1', 'SAVE20', cart)).toEqual({ valid: true, error: null, discountAmount: 2000 });
    expect(await validate('1', 'IVONLY10', cart)).toEqual({ valid: true, error: null, discountAmount: 1990 });
    expect(await validate('1', 'IVONLY10', ['1006'])).toEqual({
      valid: false,
      error: 'This promo code does not apply to the selected services.',
      discountAmount: 0,
    });
    expect(await validate('1', 'EXPIRED10', cart)).toMatchObject({ error: 'This promo code has expired.' });
    expect(await validate('1', 'USEDUP5', cart)).toMatchObject({
      error: 'This promo code has reached its usage limit.',
    });
    expect(await validate('2', 'WELCOME15', ['2001'])).toMatchObject({ valid: true });
    expect(await validate('3', 'WELCOME15', ['3001'])).toMatchObject({ valid: true });
    expect(await validate('3', 'SAVE20', ['3001'])).toMatchObject({ error: 'Invalid promo code' });
  });
});
