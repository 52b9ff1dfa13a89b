// Availability reads held time from practitioner_busy_weeks (one row per practitioner and UTC week, kept
// by a trigger on appointments) instead of every booking. On random schedules changed at random
// (bookings, moves across midnight, cancellations, completions, deletions), the slots and the
// practitioner chosen from it are the ones the engine gives from the appointments themselves, and the
// table is what a rebuild from appointments makes. On PostgreSQL, two transactions booking the same
// practitioner's week at once both show in it.
import { TZDate } from '@date-fns/tz';
import { addDays, format } from 'date-fns';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedDatabase, type TestDatabase, testDatabases } from '../test/databases';
import { findAvailableSlots, type Interval, rankPractitioners } from './engine';
import { loadSchedules, type Schedules } from './load-schedules';

const timeZone = 'America/New_York';
const practitionerIds = [9501, 9502, 9503];
const heldStatuses = ['PENDING', 'BOOKED', 'COMPLETE'];
const statuses = [...heldStatuses, 'CANCELLED', 'NO_SHOW'];

// Marketplace 95, clinic 951 in New York, procedure 9501 (30 min); three practitioners working there
// every day, one of them late into the night so visits cross midnight (and UTC days).
const fixture = `
  insert into marketplace_groups (id, name) values (95, 'Busy Days');
  insert into marketplaces (id, mg_id, name, primary_color, is_live) values (95, 95, 'Busy Days', '#336699', true);
  insert into clinics (id, marketplace_id, name, address, phone, time_zone, latitude, longitude)
    values (951, 95, 'Busy Midtown', '1 Main St, New York, NY 10001', '+12125550100', '${timeZone}', 40.75, -73.99);
  insert into procedure_groups (id, marketplace_id, name) values (95, 95, 'Busy');
  insert into procedures (id, marketplace_id, procedure_group_id, name, prices, durations, is_add_on)
    values (9501, 95, 95, 'Drip', '{10000}', '{30}', false);
  insert into procedure_clinics (marketplace_id, procedure_id, clinic_id) values (95, 9501, 951);
  insert into practitioners (id, marketplace_id, name)
    select id, 95, 'Practitioner ' || id from unnest(array[${practitionerIds.join(',')}]) id;
  insert into practitioner_procedures (marketplace_id, practitioner_id, procedure_id)
    select 95, id, 9501 from unnest(array[${practitionerIds.join(',')}]) id;
  insert into practitioner_working_hours (marketplace_id, practitioner_id, organization_id, weekday, start_minute, end_minute)
    select 95, 9501, 951, d, 480, 1200 from generate_series(1, 7) d
    union all select 95, 9502, 951, d, 600, 1440 from generate_series(1, 7) d
    union all select 95, 9503, 951, d, 0, 1440 from generate_series(1, 7) d;
`;

/** A deterministic pseudo-random sequence, so a failure can be run again. */
function randomSource(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  return { next, pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T };
}

describe.each(testDatabases)('availability from practitioner_busy_weeks on $name', (factory) => {
  let handle: TestDatabase;
  const query = <Row extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
    handle.database.transaction((tx) => tx.query<Row>(text, params));
  beforeAll(async () => {
    handle = await migratedDatabase(factory, fixture);
  });
  afterAll(() => handle.dispose());

  const today = new TZDate(Date.now(), timeZone);
  const dayAhead = (days: number) => format(addDays(today, days), 'yyyy-MM-dd');
  const instant = (days: number, minute: number) =>
    new TZDate(today.getFullYear(), today.getMonth(), today.getDate() + days, 0, minute, timeZone);

  /** One random change: a booking (held or not), a move, a status change or a deletion. */
  async function randomChange(random: ReturnType<typeof randomSource>) {
    const existing = await query<{ id: number }>('select id from appointments where marketplace_id = 95');
    const kind =
      existing.length === 0 ? 'insert' : random.pick(['insert', 'insert', 'move', 'status', 'delete']);
    const id = existing.length > 0 ? random.pick(existing).id : 0;
    const startsAt = instant(1 + Math.floor(random.next() * 13), Math.floor(random.next() * 96) * 15);
    const endsAt = new Date(startsAt.getTime() + (15 + Math.floor(random.next() * 12) * 15) * 60_000);
    // A held time that would overlap another is refused by the exclusion constraint: skipped.
    try {
      if (kind === 'insert') {
        await query(
          `insert into appointments (marketplace_id, practitioner_id, organization_id, starts_at, ends_at, status)
           values (95, $1, 951, $2, $3, $4)`,
          [random.pick(practitionerIds), startsAt.toISOString(), endsAt.toISOString(), random.pick(statuses)],
        );
      } else if (kind === 'move') {
        await query(
          'update appointments set starts_at = $2, ends_at = $3, practitioner_id = $4 where id = $1',
          [id, startsAt.toISOString(), endsAt.toISOString(), random.pick(practitionerIds)],
        );
      } else if (kind === 'status') {
        const status = random.pick(statuses);
        await query(
          `update appointments set status = $2, completed_at = case when $2 = 'COMPLETE' then now() end where id = $1`,
          [id, status],
        );
      } else {
        await query('delete from appointments where id = $1', [id]);
      }
    } catch (error) {
      if (!String((error as Error).message).includes('appointments_practitioner_no_overlap')) throw error;
    }
  }

  /** The schedules with each practitioner's held time read from appointments itself (today's engine input). */
  async function fromAppointments(schedules: Schedules): Promise<Schedules> {
    const rows = await query<{ practitioner_id: number; starts_at: Date; ends_at: Date }>(
      `select practitioner_id, starts_at, ends_at from appointments
       where marketplace_id = 95 and status = any($1::text[])`,
      [heldStatuses],
    );
    return {
      ...schedules,
      practitioners: schedules.practitioners.map((practitioner) => ({
        ...practitioner,
        appointments: rows
          .filter((row) => row.practitioner_id === practitioner.id)
          .map(
            (row): Interval => ({
              start: new Date(row.starts_at).getTime(),
              end: new Date(row.ends_at).getTime(),
            }),
          ),
        appointmentStarts: undefined,
      })),
    };
  }

  it('offers the slots, and chooses the practitioner, that the appointments themselves give, after every random change', async () => {
    const random = randomSource(20_261_128);
    for (let round = 0; round < 80; round++) {
      await randomChange(random);
      const first = 1 + Math.floor(random.next() * 11);
      const dateRange = { start: dayAhead(first), end: dayAhead(first + Math.floor(random.next() * 3)) };
      const request = {
        marketplaceId: 95,
        clinicId: 951,
        homeTimeZone: null,
        procedureIds: [9501],
        dateRange,
      };
      const fast = await loadSchedules(handle.database.db, { ...request, appointmentStarts: true });
      // Offering times reads the held time without the starts (the rows' own JSON).
      const offered = await loadSchedules(handle.database.db, { ...request, appointmentStarts: false });
      const reference = await fromAppointments(fast);
      const rules = { timeZone, durationMinutes: 30, stepMinutes: 15, noticeMinutes: 0, now: new Date() };
      const slots = findAvailableSlots({ ...rules, dateRange, practitioners: offered.practitioners });
      expect(offered.practitioners.map(({ appointmentStarts, ...rest }) => rest)).toEqual(
        fast.practitioners.map(({ appointmentStarts, ...rest }) => rest),
      );
      expect(slots, `round ${round}`).toEqual(
        findAvailableSlots({ ...rules, dateRange, practitioners: reference.practitioners }),
      );
      for (const slot of slots.filter((_, index) => index % 7 === 0)) {
        const ranked = (schedules: Schedules) =>
          rankPractitioners({ ...rules, slot, practitioners: schedules.practitioners });
        expect(ranked(fast), `round ${round}, ${slot.date} ${slot.time}`).toEqual(ranked(reference));
      }
    }
  });

  it('holds what a rebuild from appointments makes', async () => {
    const table = () =>
      query<{ practitioner_id: number; week: string; busy: string; starts: string }>(
        `select practitioner_id, week::text as week, busy::text as busy, starts::text as starts
         from practitioner_busy_weeks where busy <> '{}' order by practitioner_id, week`,
      );
    const kept = await table();
    expect(kept.length).toBeGreaterThan(0);
    await query('select practitioner_busy_weeks_rebuild()');
    expect(await table()).toEqual(kept);
  });

  it.runIf(factory.name === 'PostgreSQL')(
    'shows both of two bookings of one practitioner week made at once',
    async () => {
      const connect = async () => {
        const client = new pg.Client({ connectionString: handle.url });
        await client.connect();
        return client;
      };
      const held = async () => {
        const [row] = await query<{ starts: number }>(
          `select coalesce((select cardinality(starts) from practitioner_busy_weeks
             where practitioner_id = 9503 and week = date_trunc('week', $1::timestamptz at time zone 'UTC')::date), 0) as starts`,
          [instant(30, 600).toISOString()],
        );
        return Number(row?.starts);
      };
      const [a, b] = await Promise.all([connect(), connect()]);
      try {
        const book = (client: pg.Client, minute: number) =>
          client.query(
            `insert into appointments (marketplace_id, practitioner_id, organization_id, starts_at, ends_at, status)
             values (95, 9503, 951, $1, $2, 'BOOKED')`,
            [instant(30, minute).toISOString(), instant(30, minute + 30).toISOString()],
          );
        // The week's row exists already, so the two refreshes meet on it.
        await book(a, 480);
        const before = await held();
        await a.query('begin');
        await b.query('begin');
        await book(a, 600);
        // b's refresh waits for a's lock on the week's row, then reads what a committed.
        const second = book(b, 720);
        await new Promise((resolve) => setTimeout(resolve, 100));
        await a.query('commit');
        await second;
        await b.query('commit');
        expect(await held()).toBe(before + 2);
      } finally {
        await Promise.all([a.end(), b.end()]);
      }
    },
  );
});
