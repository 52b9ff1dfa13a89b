import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../kernel/database/database';
import type { NamedSchedule } from '../../scheduling';
import { migratedDatabase, type TestDatabase, testDatabases } from '../../test/databases';
import { SlotTakenError, slotTakenMessage } from '../errors';
import { type HoldRequest, holdTime, practitionerLockSpace, type RankedChoice, tryOrder } from './hold-time';

const choice = (practitionerId: number, booked: number): RankedChoice => ({
  practitionerId,
  booked,
  startsAt: new Date('2030-01-16T15:00:00Z'),
  endsAt: new Date('2030-01-16T15:30:00Z'),
});

/** Returns the given numbers in turn, as Math.random would return its own. */
const randomOf = (...values: number[]) => {
  let next = 0;
  return () => values[next++] ?? 0;
};

describe('tryOrder', () => {
  it('tries the practitioners with fewest appointments that day first, the equally booked in random order', () => {
    const ranked = [choice(1, 0), choice(2, 0), choice(3, 1)];
    expect(tryOrder(ranked, randomOf(0.9, 0.1, 0)).map((c) => c.practitionerId)).toEqual([2, 1, 3]);
    expect(tryOrder(ranked, randomOf(0.1, 0.9, 0)).map((c) => c.practitionerId)).toEqual([1, 2, 3]);
  });
});

// Marketplace 93, clinic 931 in New York; practitioners 9311 and 9312 both work there every day
// 08:00-20:00; client 9301.
const fixture = `
  insert into marketplace_groups (id, name) values (93, 'Hold Test');
  insert into marketplaces (id, mg_id, name, primary_color) values (93, 93, 'Hold Test', '#336699');
  insert into clinics (id, marketplace_id, name, address, phone, time_zone, latitude, longitude)
    values (931, 93, 'Hold Midtown', '1 Main St, New York, NY 10001', '+12125550100', 'America/New_York', 40.75, -73.99);
  insert into practitioners (id, marketplace_id, name) values (9311, 93, 'Ada'), (9312, 93, 'Bea');
  insert into users (id, mg_id, email) values (9301, 93, 'client@example.com');
`;
const [ada, bea] = [9311, 9312];

/** Both practitioners free all day, as the schedules read before the transaction saw them. */
const candidates: NamedSchedule[] = [ada, bea].map((id) => ({
  id,
  name: id === ada ? 'Ada' : 'Bea',
  windows: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, startMinute: 480, endMinute: 1200 })),
  timeOff: [],
  appointments: [],
}));

const requestAt = (time: string): HoldRequest => ({
  marketplaceId: 93,
  place: { organizationId: 931 },
  clientUserId: 9301,
  slot: { date: '2030-01-16', time },
  rules: {
    timeZone: 'America/New_York',
    durationMinutes: 30,
    stepMinutes: 15,
    noticeMinutes: 0,
    now: new Date('2030-01-15T15:00:00Z'),
  },
  candidates,
  now: new Date('2030-01-15T15:00:00Z'),
});

/** New York times of 16 January 2030 as instants (UTC-5). */
const onTheDay = (time: string) => new Date(`2030-01-16T${time}:00-05:00`);

describe.each(testDatabases)('holdTime on $name', (factory) => {
  let handle: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    handle = await migratedDatabase(factory, fixture);
    db = handle.database.db;
  });
  afterAll(() => handle.dispose());

  /** Someone else's appointment, committed: the practitioner's time is taken since the schedules were read. */
  const takeTime = (practitionerId: number, time: string) =>
    handle.database.transaction((tx) =>
      tx.query(
        `insert into appointments (marketplace_id, practitioner_id, organization_id, starts_at, ends_at, status)
           values (93, $1, 931, $2, $3, 'BOOKED')`,
        [practitionerId, onTheDay(time), new Date(onTheDay(time).getTime() + 30 * 60_000)],
      ),
    );
  const appointmentsAt = (time: string) =>
    handle.database.transaction((tx) =>
      tx.query<{ practitioner_id: number; status: string; client_user_id: number | null }>(
        'select practitioner_id, status, client_user_id from appointments where starts_at = $1 order by id',
        [onTheDay(time)],
      ),
    );

  it('holds the slot with a PENDING appointment of the first practitioner tried, for the client', async () => {
    const held = await db.transaction((tx) => holdTime(tx, requestAt('10:00'), randomOf(0.9, 0.1)));
    expect(held).toEqual({
      appointmentId: expect.any(Number),
      practitioner: { id: bea, name: 'Bea' },
      startsAt: onTheDay('10:00'),
      endsAt: onTheDay('10:30'),
    });
    expect(await appointmentsAt('10:00')).toEqual([
      { practitioner_id: bea, status: 'PENDING', client_user_id: 9301 },
    ]);
  });

  it("passes to the next practitioner when the first one's time was taken since the schedules were read", async () => {
    await takeTime(ada, '11:00');
    const held = await db.transaction((tx) => holdTime(tx, requestAt('11:00'), randomOf(0.1, 0.9)));
    expect(held.practitioner).toEqual({ id: bea, name: 'Bea' });
    expect((await appointmentsAt('11:00')).map((row) => [row.practitioner_id, row.status])).toEqual([
      [ada, 'BOOKED'],
      [bea, 'PENDING'],
    ]);
  });

  it("answers SLOT_TAKEN when every practitioner's time was taken meanwhile, and holds nothing", async () => {
    await takeTime(ada, '12:00');
    await takeTime(bea, '12:00');
    const holding = db.transaction((tx) => holdTime(tx, requestAt('12:00'), randomOf(0.1, 0.9)));
    await expect(holding).rejects.toBeInstanceOf(SlotTakenError);
    await expect(holding).rejects.toThrow(slotTakenMessage);
    expect((await appointmentsAt('12:00')).map((row) => row.status)).toEqual(['BOOKED', 'BOOKED']);
  });

  it.runIf(factory.name === 'PostgreSQL')(
    'takes no lock for a practitioner whose time is already taken, so no one waits for one it does not book',
    async () => {
      await takeTime(ada, '15:00');
      const locksHeld = await db.transaction(async (tx) => {
        const held = await holdTime(tx, requestAt('15:00'), randomOf(0.1, 0.9));
        expect(held.practitioner.id).toBe(bea);
        const { rows } = (await tx.execute(sql`
          select objid::integer as practitioner from pg_locks
          where locktype = 'advisory' and pid = pg_backend_pid() and classid = ${practitionerLockSpace}
          order by objid`)) as unknown as { rows: { practitioner: number }[] };
        return rows.map((row) => row.practitioner);
      });
      expect(locksHeld).toEqual([bea]);
    },
  );

  it.runIf(factory.name === 'PostgreSQL')(
    'skips a practitioner another transaction is booking, and waits for them when no one else is free',
    async () => {
      const other = new pg.Client({ connectionString: handle.url });
      await other.connect();
      try {
        await other.query('begin');
        await other.query('select pg_advisory_xact_lock($1, $2)', [practitionerLockSpace, ada]);
        // Ada is tried first but is being booked: Bea takes the time without waiting.
        const held = await db.transaction((tx) => holdTime(tx, requestAt('13:00'), randomOf(0.1, 0.9)));
        expect(held.practitioner.id).toBe(bea);

        // Bea is taken at 14:00: the booking waits for Ada's lock and holds her once it is released.
        await takeTime(bea, '14:00');
        let released = false;
        const waiting = db
          .transaction((tx) => holdTime(tx, requestAt('14:00'), randomOf(0.1, 0.9)))
          .then((result) => ({ result, released }));
        await new Promise((resolve) => setTimeout(resolve, 300));
        released = true;
        await other.query('rollback');
        const waited = await waiting;
        expect(waited.released).toBe(true);
        expect(waited.result.practitioner.id).toBe(ada);
      } finally {
        await other.end();
      }
    },
  );
});
