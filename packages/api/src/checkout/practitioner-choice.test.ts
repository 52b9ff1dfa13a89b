import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, createApp } from '../app';
import { at, type BookResult, checkoutOperations, daysAhead, guest } from '../test/checkout';
import { migratedDatabase, type TestDatabase, testDatabases } from '../test/databases';
import { postGraphQL } from '../test/graphql';
import { practitionerLockSpace } from './booking/hold-time';
import { slotTakenMessage } from './errors';

// Marketplace 90, clinic 901 in New York: procedure 9001 Drip (30 min), which practitioners
// 9001-9004 all perform there every day 08:00-20:00.
const practitionerIds = [9001, 9002, 9003, 9004];
const fixture = `
  insert into marketplace_groups (id, name) values (90, 'Choice Test');
  insert into marketplaces (id, mg_id, name, primary_color, payment_collection_method, is_live)
    values (90, 90, 'Choice Test', '#336699', 'collect_on_site', true);
  insert into clinics (id, marketplace_id, name, address, phone, time_zone, latitude, longitude)
    values (901, 90, 'Choice Midtown', '1 Main St, New York, NY 10001', '+12125550100', 'America/New_York', 40.75, -73.99);
  insert into procedure_groups (id, marketplace_id, name) values (90, 90, 'Choice');
  insert into procedures (id, marketplace_id, procedure_group_id, name, prices, durations, is_add_on)
    values (9001, 90, 90, 'Drip', '{10000}', '{30}', false);
  insert into procedure_clinics (marketplace_id, procedure_id, clinic_id) values (90, 9001, 901);
  insert into practitioners (id, marketplace_id, name)
    select id, 90, 'Practitioner ' || id from unnest(array[${practitionerIds.join(',')}]) id;
  insert into practitioner_procedures (marketplace_id, practitioner_id, procedure_id)
    select 90, id, 9001 from unnest(array[${practitionerIds.join(',')}]) id;
  insert into practitioner_working_hours (marketplace_id, practitioner_id, organization_id, weekday, start_minute, end_minute)
    select 90, id, 901, d, 480, 1200 from unnest(array[${practitionerIds.join(',')}]) id, generate_series(1, 7) d;
`;

describe.each(testDatabases)('choosing the practitioner of a booking on $name', (factory) => {
  let handle: TestDatabase;
  let app: App;
  beforeAll(async () => {
    handle = await migratedDatabase(factory, fixture);
    app = createApp({ db: handle.database, config: { nodeEnv: 'test' }, logging: false });
  });
  afterAll(() => handle.dispose());

  let guests = 0;
  const book = async (date: string, time: string) => {
    guests += 1;
    const response = await postGraphQL<BookResult>(app, checkoutOperations.book, {
      input: {
        marketplaceId: '90',
        idempotencyKey: randomUUID(),
        organizationId: '901',
        procedures: ['9001'],
        dateRanges: at(date, time),
        registerUser: guest(`choice-guest-${guests}@example.com`),
      },
    });
    return {
      practitionerId: response.body.data?.createAppointmentRequest.practitioner?.id,
      error: response.body.errors?.[0]?.message,
    };
  };

  it('books one time for as many clients at once as there are free practitioners, each with another', async () => {
    const date = daysAhead(3);
    const results = await Promise.all(practitionerIds.map(() => book(date, '10:00')));
    expect(results.map((result) => result.error)).toEqual(practitionerIds.map(() => undefined));
    expect(results.map((result) => Number(result.practitionerId)).sort()).toEqual(practitionerIds);
    // Every practitioner is taken then: the next client gets the slot-taken message.
    expect(await book(date, '10:00')).toEqual({ practitionerId: undefined, error: slotTakenMessage });
  });

  it('gives one more client than there are practitioners the slot-taken message, and no one a double booking', async () => {
    const date = daysAhead(4);
    const results = await Promise.all([...practitionerIds, 0].map(() => book(date, '11:00')));
    const booked = results.flatMap((result) =>
      result.practitionerId ? [Number(result.practitionerId)] : [],
    );
    expect(booked.sort()).toEqual(practitionerIds);
    expect(results.filter((result) => result.error).map((result) => result.error)).toEqual([
      slotTakenMessage,
    ]);
  });

  it.runIf(factory.name === 'PostgreSQL')(
    'does not queue behind a practitioner another booking holds while others are free',
    async () => {
      // Another transaction is booking practitioners 9001-9003 (it holds their locks) and does not
      // finish: the booking must go to 9004 without waiting for them.
      const other = new pg.Client({ connectionString: handle.url });
      await other.connect();
      try {
        await other.query('begin');
        for (const id of practitionerIds.slice(0, 3)) {
          await other.query('select pg_advisory_xact_lock($1, $2)', [practitionerLockSpace, id]);
        }
        expect(await book(daysAhead(5), '12:00')).toEqual({ practitionerId: '9004', error: undefined });
        await other.query('rollback');
      } finally {
        await other.end();
      }
    },
  );
});
