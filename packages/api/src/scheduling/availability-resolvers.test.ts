import { TZDate } from '@date-fns/tz';
import { addDays, addMonths, format, getISODay } from 'date-fns';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type App, createApp } from '../app';
import { seededDatabase, type TestDatabase, testDatabases } from '../test/databases';
import { type GraphQLResponse, postGraphQL } from '../test/graphql';

const availabilityQuery = /* GraphQL */ `
  query Availability($input: AvailabilitiesInput!) {
    availabilities(input: $input) {
      timeZone
      slots { date time }
    }
  }
`;

interface AvailabilityData {
  availabilities: { timeZone: string; slots: { date: string; time: string }[] };
}

const losAngeles = 'America/Los_Angeles';
const newYork = 'America/New_York';
const brooklyn = { latitude: 40.6782, longitude: -73.9442 };
const philadelphia = { latitude: 39.9526, longitude: -75.1652 };

// A marketplace of its own (90) so every practitioner and booking is known to the test:
// clinic 901 in West Hollywood, at-home visits around New York.
//   9001 Drip (60 min) at the clinic and at home; 9002 Peel (30 min) at the clinic only;
//   9101 Boost, an add-on of 9001 (15 min), at the clinic and at home.
//   Practitioner 91 performs 9001, 9002 and 9101 at the clinic every day 09:00-17:00.
//   Practitioner 92 performs 9001 only, at the clinic every day 12:00-20:00.
//   Practitioner 93 performs 9001 and 9101 on home visits every day 10:00-14:00.
const fixture = `
  insert into marketplace_groups (id, name) values (90, 'Availability Test');
  insert into marketplaces (id, mg_id, name, primary_color, provides_at_home,
                            service_area_latitude, service_area_longitude, service_area_radius_km)
    values (90, 90, 'Availability Test', '#123456', true, 40.7128, -74.006, 60);
  insert into clinics (id, marketplace_id, name, address, phone, time_zone, latitude, longitude)
    values (901, 90, 'Test West Hollywood', '8560 Sunset Blvd, West Hollywood, CA 90069', '+13105550100',
            'America/Los_Angeles', 34.0907, -118.3793);
  insert into procedure_groups (id, marketplace_id, name) values (90, 90, 'Tests');
  insert into procedures (id, marketplace_id, procedure_group_id, name, prices, durations, is_add_on, offered_at_home)
    values (9001, 90, 90, 'Drip', '{10000}', '{60,90}', false, true),
           (9002, 90, 90, 'Peel', '{8000}', '{30}', false, false),
           (9101, 90, null, 'Boost', '{2000}', '{15}', true, true);
  insert into procedure_add_ons (marketplace_id, procedure_id, add_on_id) values (90, 9001, 9101);
  insert into procedure_clinics (marketplace_id, procedure_id, clinic_id)
    values (90, 9001, 901), (90, 9002, 901), (90, 9101, 901);
  insert into practitioners (id, marketplace_id, name) values (91, 90, 'Ada'), (92, 90, 'Ben'), (93, 90, 'Cleo');
  insert into practitioner_procedures (marketplace_id, practitioner_id, procedure_id)
    values (90, 91, 9001), (90, 91, 9002), (90, 91, 9101), (90, 92, 9001), (90, 93, 9001), (90, 93, 9101);
  insert into practitioner_working_hours (marketplace_id, practitioner_id, organization_id, weekday, start_minute, end_minute)
    select 90, 91, 901, d, 540, 1020 from generate_series(1, 7) d
    union all select 90, 92, 901, d, 720, 1200 from generate_series(1, 7) d
    union all select 90, 93, null, d, 600, 840 from generate_series(1, 7) d;
`;

/** Local yyyy-MM-dd a number of days after today in a zone. */
const daysAhead = (days: number, timeZone: string) =>
  format(addDays(new TZDate(Date.now(), timeZone), days), 'yyyy-MM-dd');

/** HH:mm from `from` to `to` inclusive every `step` minutes. */
function times(from: string, to: string, step: number): string[] {
  const minute = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
  const result: string[] = [];
  for (let m = minute(from); m <= minute(to); m += step) {
    result.push(`${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
  }
  return result;
}

/** The error of a failed response, after checking it is a plain HTTP 200 with no internals leaked. */
function onlyError(response: { status: number; body: GraphQLResponse<unknown> }) {
  expect(response.status).toBe(200);
  expect(response.body.data).toBeNull();
  expect(response.body.errors).toHaveLength(1);
  const [error] = response.body.errors ?? [];
  return { message: error?.message, code: error?.extensions?.code };
}

describe.each(testDatabases)('availabilities query on $name', (factory) => {
  let handle: TestDatabase;
  let app: App;
  // A week ahead, so neither the notice nor the seed's appointments (two weeks ahead, elsewhere) matter.
  const day = daysAhead(7, losAngeles);
  const homeDay = daysAhead(7, newYork);

  const sql = (text: string, params?: unknown[]) =>
    handle.database.transaction((tx) => tx.query(text, params));

  beforeAll(async () => {
    handle = await seededDatabase(factory, {
      catalogOverrideEntry: 'http://localhost:3011/mf-manifest.json',
    });
    await handle.database.transaction((tx) => tx.exec(fixture));
    app = createApp({ db: handle.database, config: { nodeEnv: 'test' } });
  });
  afterAll(() => handle.dispose());

  const request = (input: Record<string, unknown>) =>
    postGraphQL<AvailabilityData>(app, availabilityQuery, { input });

  const availability = async (input: Record<string, unknown>) => {
    const response = await request(input);
    expect(response.body.errors).toBeUndefined();
    const data = response.body.data?.availabilities;
    if (!data) throw new Error('no availabilities in the response');
    return data;
  };

  const atClinic = (procedureIds: string[], range = { start: day, end: day }) =>
    availability({ marketplaceId: '90', organizationId: '901', procedureIds, dateRange: range });

  /** Instant of a local time on `day` in Los Angeles. */
  const laTime = (time: string) => {
    const [year = 0, month = 0, date = 0] = day.split('-').map(Number);
    return new TZDate(year, month - 1, date, Number(time.slice(0, 2)), Number(time.slice(3)), losAngeles);
  };

  const book = async (id: number, practitionerId: number, from: string, to: string, status = 'BOOKED') => {
    await sql(
      `insert into appointments (id, marketplace_id, practitioner_id, organization_id, starts_at, ends_at, status)
       values ($1, 90, $2, 901, $3, $4, $5)`,
      [id, practitionerId, laTime(from).toISOString(), laTime(to).toISOString(), status],
    );
  };

  describe('at a clinic', () => {
    it("uses the clinic's own zone: the Los Angeles clinic opens at 9:00 Los Angeles time", async () => {
      const result = await atClinic(['9002']);
      expect(result.timeZone).toBe(losAngeles);
      expect(result.slots.map((slot) => slot.time)).toEqual(times('09:00', '16:30', 15));
      expect(result.slots.every((slot) => slot.date === day)).toBe(true);
    });

    it('offers the union of every practitioner who performs the cart (Drip: Ada 9-17 and Ben 12-20)', async () => {
      const result = await atClinic(['9001']);
      expect(result.slots.map((slot) => slot.time)).toEqual(times('09:00', '19:00', 15));
    });

    it('does not offer a practitioner who cannot perform one of the add-ons (Ben cannot do Boost)', async () => {
      const result = await atClinic(['9001', '9101']);
      // 75 minutes with Ada only: the last start is 15:45, and nothing of Ben's evening remains.
      expect(result.slots.map((slot) => slot.time)).toEqual(times('09:00', '15:45', 15));
    });

    it('counts a repeated procedure once', async () => {
      const result = await atClinic(['9002', '9002']);
      expect(result.slots.map((slot) => slot.time)).toEqual(times('09:00', '16:30', 15));
    });

    it('takes a booked time away, gives it back when the booking is cancelled, and a completed visit keeps it', async () => {
      await book(9_000_001, 91, '10:00', '11:00');
      const booked = (await atClinic(['9002'])).slots.map((slot) => slot.time);
      expect(booked).toEqual([...times('09:00', '09:30', 15), ...times('11:00', '16:30', 15)]);

      await sql(`update appointments set status = 'CANCELLED' where id = 9000001`);
      expect((await atClinic(['9002'])).slots.map((slot) => slot.time)).toEqual(times('09:00', '16:30', 15));

      // Completed once begun, a visit still holds the rest of its time.
      await sql(`update appointments set status = 'COMPLETE', completed_at = now() where id = 9000001`);
      expect((await atClinic(['9002'])).slots.map((slot) => slot.time)).toEqual(booked);
      await sql('delete from appointments where id = 9000001');
    });

    it('keeps a time that another practitioner can still take, and a PENDING booking blocks too', async () => {
      await book(9_000_002, 91, '12:00', '17:00', 'PENDING');
      const result = (await atClinic(['9001'])).slots.map((slot) => slot.time);
      // Ada is held from 12:00; Ben works from 12:00.
      expect(result).toEqual([...times('09:00', '11:00', 15), ...times('12:00', '19:00', 15)]);
      const withAddOn = (await atClinic(['9001', '9101'])).slots.map((slot) => slot.time);
      expect(withAddOn).toEqual(times('09:00', '10:45', 15));
      await sql('delete from appointments where id = 9000002');
    });

    it('does not offer an inactive practitioner', async () => {
      await sql('update practitioners set active = false where id = 92');
      expect((await atClinic(['9001'])).slots.map((slot) => slot.time)).toEqual(times('09:00', '16:00', 15));
      await sql('update practitioners set active = true where id = 92');
    });

    it("offers only times inside the clinic's opening hours, once it has set any; a day without hours is closed", async () => {
      const weekday = getISODay(laTime('12:00'));
      const nextDay = daysAhead(8, losAngeles);
      // Open 10:30-14:00 and 15:00-18:00 on the asked weekday only: the next day is closed.
      await sql(
        `insert into clinic_opening_hours (marketplace_id, clinic_id, weekday, start_minute, end_minute)
         values (90, 901, $1, 630, 840), (90, 901, $1, 900, 1080)`,
        [weekday],
      );
      try {
        const result = await atClinic(['9001'], { start: day, end: nextDay });
        // Ada (9-17) and Ben (12-20) clipped: 10:30-14:00 with a 60-minute Drip, then 15:00-18:00.
        expect(result.slots.filter((slot) => slot.date === day).map((slot) => slot.time)).toEqual([
          ...times('10:30', '13:00', 15),
          ...times('15:00', '17:00', 15),
        ]);
        expect(result.slots.filter((slot) => slot.date === nextDay)).toEqual([]);
        // At-home visits do not follow a clinic's hours (Cleo, 10-14 at home).
        const home = await availability({
          marketplaceId: '90',
          location: brooklyn,
          procedureIds: ['9001'],
          dateRange: { start: homeDay, end: homeDay },
        });
        expect(home.slots.map((slot) => slot.time)).toEqual(times('10:00', '13:00', 15));
      } finally {
        await sql('delete from clinic_opening_hours where clinic_id = 901');
      }
      expect((await atClinic(['9001'])).slots.map((slot) => slot.time)).toEqual(times('09:00', '19:00', 15));
    });

    it("clips a practitioner's changed day to the clinic's opening hours of that weekday", async () => {
      const weekday = getISODay(laTime('12:00'));
      await sql(
        `insert into clinic_opening_hours (marketplace_id, clinic_id, weekday, start_minute, end_minute)
         values (90, 901, $1, 600, 960)`,
        [weekday],
      );
      // Ben works only 08:00-11:00 that day (the clinic opens at 10:00); Ada is off.
      await sql(
        `with ben as (
           insert into practitioner_day_changes (marketplace_id, practitioner_id, date) values (90, 92, $1) returning id
         ), ada as (
           insert into practitioner_day_changes (marketplace_id, practitioner_id, date) values (90, 91, $1) returning id
         )
         insert into practitioner_day_change_hours (marketplace_id, day_change_id, organization_id, start_minute, end_minute)
         select 90, id, 901, 480, 660 from ben`,
        [day],
      );
      try {
        expect((await atClinic(['9001'])).slots.map((slot) => slot.time)).toEqual(
          times('10:00', '10:00', 15),
        );
      } finally {
        await sql('delete from practitioner_day_changes where practitioner_id in (91, 92)');
        await sql('delete from clinic_opening_hours where clinic_id = 901');
      }
    });

    it('reads each request in one database round trip, for a week as for a month', async () => {
      const client = (
        handle.database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }
      ).$client;
      const spy = vi.spyOn(client, 'query');
      try {
        await atClinic(['9001', '9101'], { start: day, end: daysAhead(13, losAngeles) });
        expect(spy).toHaveBeenCalledTimes(1);
        spy.mockClear();
        await atClinic(['9001'], { start: daysAhead(1, losAngeles), end: daysAhead(62, losAngeles) });
        expect(spy).toHaveBeenCalledTimes(1);
      } finally {
        spy.mockRestore();
      }
    });
  });

  describe("at the client's address", () => {
    it('inside the service area offers the at-home hours in the zone of the address', async () => {
      const result = await availability({
        marketplaceId: '90',
        location: brooklyn,
        procedureIds: ['9001', '9101'],
        dateRange: { start: homeDay, end: homeDay },
      });
      expect(result).toEqual({
        timeZone: newYork,
        slots: times('10:00', '12:45', 15).map((time) => ({ date: homeDay, time })),
      });
    });

    it('outside the service area offers no times (Philadelphia)', async () => {
      const result = await availability({
        marketplaceId: '90',
        location: philadelphia,
        procedureIds: ['9001'],
        dateRange: { start: homeDay, end: homeDay },
      });
      expect(result).toEqual({ timeZone: newYork, slots: [] });
    });

    it('offers no times for a marketplace without at-home visits', async () => {
      const result = await availability({
        marketplaceId: '3',
        location: { latitude: 39.7392, longitude: -104.9903 },
        procedureIds: ['3001'],
        dateRange: { start: homeDay, end: homeDay },
      });
      expect(result).toEqual({ timeZone: 'America/Denver', slots: [] });
    });
  });

  describe('dates', () => {
    it('leaves out days before today', async () => {
      const result = await atClinic(['9002'], {
        start: daysAhead(-10, losAngeles),
        end: daysAhead(-1, losAngeles),
      });
      expect(result.slots).toEqual([]);
    });

    it('leaves out days beyond the booking horizon (one year by default)', async () => {
      const horizon = format(addMonths(new TZDate(Date.now(), losAngeles), 12), 'yyyy-MM-dd');
      const result = await atClinic(['9002'], {
        start: daysAhead(340, losAngeles),
        end: daysAhead(380, losAngeles),
      });
      const dates = [...new Set(result.slots.map((slot) => slot.date))];
      expect(dates.length).toBeGreaterThan(20);
      expect(dates.at(-1)).toBe(horizon);
    });

    it('accepts 62 days', async () => {
      const result = await atClinic(['9002'], { start: day, end: daysAhead(68, losAngeles) });
      expect(new Set(result.slots.map((slot) => slot.date)).size).toBe(62);
    });
  });

  describe('the demo seed', () => {
    it("has a day with no times at all at Solace's studio in the next two weeks (closed on Sundays)", async () => {
      const denver = 'America/Denver';
      const start = daysAhead(1, denver);
      const end = daysAhead(14, denver);
      const result = await availability({
        marketplaceId: '3',
        organizationId: '301',
        procedureIds: ['3001'],
        dateRange: { start, end },
      });
      const offered = new Set(result.slots.map((slot) => slot.date));
      for (let offset = 1; offset <= 14; offset++) {
        const date = addDays(new TZDate(Date.now(), denver), offset);
        const key = format(date, 'yyyy-MM-dd');
        if (getISODay(date) === 7) expect(offered.has(key), key).toBe(false);
        else expect(offered.has(key), key).toBe(true);
      }
    });

    it.each([
      ['Glow Mobile IV Manhattan', '1', { organizationId: '101' }, ['1001', '1102']],
      ['Glow Mobile IV Chicago', '1', { organizationId: '102' }, ['1012']],
      ['Glow Mobile IV home visits in Brooklyn', '1', { location: brooklyn }, ['1004', '1101']],
      ['Nocturne SoHo', '2', { organizationId: '201' }, ['2005', '2101', '2102']],
      ['Nocturne Ala Moana', '2', { organizationId: '212' }, ['2006']],
    ])(
      'offers plenty of times on most days of the next two weeks: %s',
      async (_name, marketplaceId, place, procedureIds) => {
        const result = await availability({
          marketplaceId,
          ...place,
          procedureIds,
          dateRange: { start: daysAhead(1, newYork), end: daysAhead(14, newYork) },
        });
        const perDay = new Map<string, number>();
        for (const slot of result.slots) perDay.set(slot.date, (perDay.get(slot.date) ?? 0) + 1);
        expect(perDay.size).toBeGreaterThanOrEqual(8);
        expect([...perDay.values()].filter((count) => count >= 10).length).toBeGreaterThanOrEqual(8);
      },
    );
  });

  describe('the database', () => {
    const insert = (id: number, from: string, to: string, status: string) =>
      sql(
        `insert into appointments (id, marketplace_id, practitioner_id, organization_id, starts_at, ends_at, status)
         values ($1, 90, 92, 901, $2, $3, $4)`,
        [id, laTime(from).toISOString(), laTime(to).toISOString(), status],
      );

    it('refuses a PENDING appointment that overlaps a live one of the same practitioner', async () => {
      await insert(9_000_010, '13:00', '14:00', 'BOOKED');
      await expect(insert(9_000_011, '13:30', '14:30', 'PENDING')).rejects.toThrow(
        /appointments_practitioner_no_overlap/,
      );
      // Back to back is fine.
      await insert(9_000_012, '14:00', '15:00', 'PENDING');
      await sql('delete from appointments where id in (9000010, 9000012)');
    });

    it('allows an appointment over a CANCELLED or COMPLETE one', async () => {
      await insert(9_000_020, '16:00', '17:00', 'CANCELLED');
      await insert(9_000_021, '16:00', '17:00', 'COMPLETE');
      await insert(9_000_022, '16:00', '17:00', 'PENDING');
      // ...but a cancelled one cannot come back over the live one.
      await expect(sql(`update appointments set status = 'BOOKED' where id = 9000020`)).rejects.toThrow(
        /appointments_practitioner_no_overlap/,
      );
      await sql('delete from appointments where id in (9000020, 9000021, 9000022)');
    });
  });

  describe('bad input', () => {
    const valid = {
      marketplaceId: '90',
      organizationId: '901',
      procedureIds: ['9001'],
      dateRange: { start: day, end: day },
    };

    it.each([
      [
        'a malformed marketplace id',
        { marketplaceId: 'abc' },
        'Marketplace id must be a positive whole number.',
      ],
      [
        'a malformed clinic id',
        { organizationId: '1.5' },
        'Organization id must be a positive whole number.',
      ],
      [
        'neither clinic nor address',
        { organizationId: null },
        'Choose a clinic (organizationId) or an address (location).',
      ],
      [
        'both a clinic and an address',
        { location: brooklyn },
        'Choose a clinic (organizationId) or an address (location), not both.',
      ],
      [
        'a latitude beyond 90',
        { organizationId: null, location: { latitude: 91, longitude: 0 } },
        'Latitude must be between -90 and 90.',
      ],
      ['no procedures', { procedureIds: [] }, 'Choose at least one procedure.'],
      [
        'a malformed procedure id',
        { procedureIds: ['9001', 'x'] },
        'Procedure id must be a positive whole number.',
      ],
      [
        'too many procedures',
        { procedureIds: Array.from({ length: 51 }, (_, i) => String(i + 1)) },
        'Choose at most 50 procedures and add-ons.',
      ],
      [
        'a date in another format',
        { dateRange: { start: '11/23/2026', end: day } },
        '"11/23/2026" is not a date in the yyyy-MM-dd format.',
      ],
      [
        'a date that does not exist',
        { dateRange: { start: day, end: '2027-02-30' } },
        '"2027-02-30" is not a date in the yyyy-MM-dd format.',
      ],
      [
        'a range that ends before it starts',
        { dateRange: { start: daysAhead(8, losAngeles), end: day } },
        'The date range must not end before it starts.',
      ],
      [
        'a range of 63 days',
        { dateRange: { start: day, end: daysAhead(69, losAngeles) } },
        'The date range must not be longer than 62 days.',
      ],
      [
        'a clinic of another marketplace',
        { organizationId: '101' },
        'Organization 101 is not a clinic of marketplace 90.',
      ],
      [
        'an unknown clinic (the largest id)',
        { organizationId: '2147483647' },
        'Organization 2147483647 is not a clinic of marketplace 90.',
      ],
      [
        'a clinic id beyond PostgreSQL integers',
        { organizationId: '99999999999' },
        'Organization id must be at most 2147483647.',
      ],
      [
        'a procedure of another marketplace',
        { procedureIds: ['9001', '1001'] },
        'Procedure 1001 was not found in marketplace 90.',
      ],
      [
        'an unknown procedure (the largest id)',
        { procedureIds: ['2147483647'] },
        'Procedure 2147483647 was not found in marketplace 90.',
      ],
      [
        'a procedure id beyond PostgreSQL integers',
        { procedureIds: ['9001', '2147483648'] },
        'Procedure id must be at most 2147483647.',
      ],
      [
        'an add-on on its own',
        { procedureIds: ['9101'] },
        'An add-on can only be booked together with a procedure.',
      ],
      [
        'a procedure not offered at home',
        { organizationId: null, location: brooklyn, procedureIds: ['9002'] },
        'Peel is not offered at this location.',
      ],
    ])('%s is BAD_USER_INPUT with a clear message', async (_name, change, message) => {
      expect(onlyError(await request({ ...valid, ...change }))).toEqual({ message, code: 'BAD_USER_INPUT' });
    });

    it('an unknown marketplace is NOT_FOUND', async () => {
      expect(onlyError(await request({ ...valid, marketplaceId: '999' }))).toEqual({
        message: 'Marketplace 999 was not found.',
        code: 'NOT_FOUND',
      });
    });
  });
});
