import { TZDate } from '@date-fns/tz';
import { getISODay } from 'date-fns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedDatabase, type TestDatabase, testDatabases } from '../../test/databases';
import { demoMarketplaces, seedDemo } from '../seed';
import type { DemoProcedure } from './demo-marketplace';
import {
  type DemoLocation,
  dayVisits,
  demoAppointmentIdLimit,
  demoBookingDays,
  demoPractitioners,
  demoScheduleRows,
  demoVisitNote,
} from './demo-schedules';

const options = { catalogOverrideEntry: 'http://localhost:3011/mf-manifest.json' };
const demos = demoMarketplaces(options);
const dayMs = 86_400_000;

/** Seed days to try: every day of two weeks (each weekday twice), and both US clock changes. */
const seedDays = [
  ...Array.from({ length: 14 }, (_, i) => new Date(Date.UTC(2026, 5, 1, 15) + i * dayMs)),
  new Date('2027-03-13T18:00:00Z'),
  new Date('2027-11-06T18:00:00Z'),
  // Late evening in Honolulu is already tomorrow in New York.
  new Date('2026-12-31T09:30:00Z'),
];

const tables = [
  'scheduling_settings',
  'practitioners',
  'practitioner_procedures',
  'practitioner_working_hours',
  'practitioner_time_off',
  'appointments',
];

describe('demo schedules', () => {
  const locationsOf = (marketplaceId: number) => {
    const demo = demos.find((candidate) => candidate.marketplace.id === marketplaceId);
    const locations: DemoLocation[] = demo?.clinics.map((clinic) => clinic.id) ?? [];
    return demo?.marketplace.providesAtHome ? [...locations, 'home' as const] : locations;
  };
  const staffAt = (location: DemoLocation) =>
    demoPractitioners.filter((practitioner) =>
      practitioner.hours.some((hours) => hours.location === location),
    );

  it('staffs each clinic of marketplaces 1 and 3 with 3-4 practitioners, and each of marketplace 2 with 1-2', () => {
    for (const marketplaceId of [1, 2, 3]) {
      const [fewest, most] = marketplaceId === 2 ? [1, 2] : [3, 4];
      for (const location of locationsOf(marketplaceId).filter((location) => location !== 'home')) {
        const count = staffAt(location).length;
        expect(count, `clinic ${location}`).toBeGreaterThanOrEqual(fewest);
        expect(count, `clinic ${location}`).toBeLessThanOrEqual(most);
      }
    }
    expect(staffAt('home').map((practitioner) => practitioner.id)).toEqual([153, 155, 156]);
  });

  it('has someone who performs each procedure together with each of its add-ons wherever both are offered', () => {
    for (const demo of demos) {
      const offeredAt = (procedure: (typeof demo.procedures)[number], location: DemoLocation) =>
        location === 'home' ? procedure.offeredAtHome : procedure.clinicIds.includes(location);
      for (const location of locationsOf(demo.marketplace.id)) {
        for (const procedure of demo.procedures.filter((p) => !p.isAddOn && offeredAt(p, location))) {
          const addOnIds = [...(procedure.addOns?.featured ?? []), ...(procedure.addOns?.other ?? [])];
          const carts = [
            [procedure.id],
            ...demo.procedures
              .filter((addOn) => addOnIds.includes(addOn.id) && offeredAt(addOn, location))
              .map((addOn) => [procedure.id, addOn.id]),
          ];
          for (const cart of carts) {
            const able = staffAt(location).filter((practitioner) =>
              cart.every((id) => practitioner.procedureIds.includes(id)),
            );
            expect(able.length, `${cart.join('+')} at ${location}`).toBeGreaterThan(0);
          }
        }
      }
    }
  });

  it('lets practitioners perform only procedures of their own marketplace', () => {
    for (const practitioner of demoPractitioners) {
      const demo = demos.find((candidate) => candidate.marketplace.id === practitioner.marketplaceId);
      const ids = new Set(demo?.procedures.map((procedure) => procedure.id));
      expect(
        practitioner.procedureIds.filter((id) => !ids.has(id)),
        practitioner.name,
      ).toEqual([]);
    }
  });

  it.each(seedDays.map((day) => [day.toISOString(), day] as const))(
    'seeded on %s: appointments never overlap, lie in working hours within two weeks, and have unique small ids',
    (_name, now) => {
      const { appointments, workingHours, timeOff } = demoScheduleRows(demos, now);
      expect(appointments.length).toBeGreaterThan(300);
      expect(new Set(appointments.map((a) => a.id)).size).toBe(appointments.length);
      expect(appointments.every((a) => a.id > 0 && a.id < demoAppointmentIdLimit)).toBe(true);
      expect(new Set(workingHours.map((hours) => hours.id)).size).toBe(workingHours.length);
      expect(timeOff).toHaveLength(8);

      const byPractitioner = new Map<number, typeof appointments>();
      for (const a of appointments)
        byPractitioner.set(a.practitionerId, [...(byPractitioner.get(a.practitionerId) ?? []), a]);
      for (const [practitionerId, list] of byPractitioner) {
        const sorted = [...list].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
        sorted.forEach((a, i) => {
          const next = sorted[i + 1];
          if (next) expect(a.endsAt <= next.startsAt, `practitioner ${practitionerId}`).toBe(true);
        });
      }
      const clinics = new Map(
        demos.flatMap((demo) => demo.clinics.map((clinic) => [clinic.id, clinic.timeZone])),
      );
      for (const a of appointments) {
        expect(a.startsAt.getTime()).toBeGreaterThan(now.getTime());
        expect(a.startsAt.getTime()).toBeLessThan(now.getTime() + (demoBookingDays + 1) * dayMs);
        const zone =
          a.organizationId === null ? 'America/New_York' : (clinics.get(a.organizationId) as string);
        const start = new TZDate(a.startsAt, zone);
        const end = new TZDate(a.endsAt, zone);
        const startMinute = start.getHours() * 60 + start.getMinutes();
        const endMinute = startMinute + (a.endsAt.getTime() - a.startsAt.getTime()) / 60_000;
        expect(end.getDate()).toBe(start.getDate());
        const fits = workingHours.some(
          (hours) =>
            hours.practitionerId === a.practitionerId &&
            hours.organizationId === a.organizationId &&
            hours.weekday === getISODay(start) &&
            hours.startMinute <= startMinute &&
            endMinute <= hours.endMinute,
        );
        expect(fits, `appointment ${a.id}`).toBe(true);
      }
      expect(new Set(appointments.map((a) => a.note))).toEqual(new Set([demoVisitNote]));
    },
  );
});

describe.each(testDatabases)('demo schedules seeded on $name', (factory) => {
  let handle: TestDatabase;
  const query = <Row extends Record<string, unknown>>(text: string, params?: unknown[]) =>
    handle.database.transaction((tx) => tx.query<Row>(text, params));
  const snapshot = async () => {
    const rows: Record<string, unknown[]> = {};
    for (const table of tables) rows[table] = await query(`select * from ${table} as row order by row::text`);
    return rows;
  };

  beforeAll(async () => {
    handle = await migratedDatabase(factory);
  });
  afterAll(() => handle.dispose());

  const firstDay = new Date('2026-06-01T15:00:00Z');
  const laterDay = new Date('2026-06-04T15:00:00Z');

  it('writes the same rows when run twice on the same day, even at another hour', async () => {
    await seedDemo(handle.database, { ...options, now: firstDay });
    const first = await snapshot();
    expect(first.practitioners).toHaveLength(demoPractitioners.length);
    expect(first.appointments).toHaveLength(demoScheduleRows(demos, firstDay).appointments.length);
    await seedDemo(handle.database, { ...options, now: new Date(firstDay.getTime() + 60 * 60_000) });
    expect(await snapshot()).toEqual(first);
  });

  it("writes the demo's appointments as the Schedule's visits booked outside Atrium, each in the activity log", async () => {
    const kinds = await query<{ status: string; note: string | null; clients: number }>(
      `select status, outside_note as note, count(client_user_id)::integer as clients
       from appointments group by status, outside_note`,
    );
    expect(kinds).toEqual([{ status: 'BOOKED', note: demoVisitNote, clients: 0 }]);
    const [logged] = await query<{ added: number; visits: number }>(
      `select count(*) filter (where action = 'appointment.outside.add' and actor = 'Atrium demo seed')::integer as added,
              (select count(*)::integer from appointments) as visits
       from activity_log`,
    );
    expect(logged?.added).toBe(logged?.visits);
  });

  it('moves the demo appointments to the two weeks after a later seed day', async () => {
    await seedDemo(handle.database, { ...options, now: laterDay });
    const [row] = await query<{ earliest: Date }>('select min(starts_at) as earliest from appointments');
    expect(new Date(row?.earliest as Date).getTime()).toBeGreaterThan(laterDay.getTime());
    const planned = demoScheduleRows(demos, laterDay).appointments;
    const [count] = await query<{ count: number }>('select count(*)::integer as count from appointments');
    expect(count?.count).toBe(planned.length);
  });

  it('gives real bookings ids above the demo range, and skips a demo appointment that would overlap one', async () => {
    const nextDay = new Date(laterDay.getTime() + dayMs);
    const planned = demoScheduleRows(demos, nextDay).appointments.filter((a) => a.organizationId !== null);
    const target = planned[0];
    if (!target) throw new Error('no planned appointment');
    const [real] = await query<{ id: number }>(
      `insert into appointments (marketplace_id, practitioner_id, organization_id, starts_at, ends_at, status)
       values ($1, $2, $3, $4, $5, 'BOOKED') returning id`,
      [target.marketplaceId, target.practitionerId, target.organizationId, target.startsAt, target.endsAt],
    );
    expect(real?.id).toBeGreaterThan(demoAppointmentIdLimit);

    await seedDemo(handle.database, { ...options, now: nextDay });
    const ids = (await query<{ id: number }>('select id from appointments')).map((row) => row.id);
    expect(ids).toContain(real?.id);
    expect(ids).not.toContain(target.id);
    // One planned appointment gave way to the real booking.
    expect(ids).toHaveLength(demoScheduleRows(demos, nextDay).appointments.length);
  });
});

describe('demo visits of a day', () => {
  const procedure = (id: number, durations: number[], more: Partial<DemoProcedure> = {}): DemoProcedure => ({
    id,
    name: `Procedure ${id}`,
    tagline: '',
    description: '',
    thumbnail: '',
    ingredients: [],
    prices: [10000],
    durations,
    tags: [],
    offeredAtHome: false,
    clinicIds: [101],
    ...more,
  });
  const addOn = procedure(9, [20], { isAddOn: true });
  const withAddOn = procedure(1, [45, 60], { addOns: { featured: [9], other: [] } });
  const plain = procedure(2, [30]);
  const nineToFive = { from: '09:00', to: '17:00' };

  it('cycles procedures and starts, adds an add-on to every third visit, and leaves out one running past closing', () => {
    // Practitioner 2's first day: three visits cycled, the third (at 17:00) would end after closing.
    expect(dayVisits(2, 0, nineToFive, [withAddOn, plain, addOn])).toEqual([
      { n: 0, start: 780, end: 845 },
      { n: 1, start: 900, end: 930 },
    ]);
  });

  it('has no visits on a day whose cycled count is none, nor where only add-ons are offered', () => {
    expect(dayVisits(151, 0, nineToFive, [withAddOn, plain, addOn])).toEqual([]);
    expect(dayVisits(2, 0, nineToFive, [addOn])).toEqual([]);
  });
});
