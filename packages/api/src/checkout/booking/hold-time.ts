// Holding a practitioner's time: a PENDING appointment with one of the practitioners free at the
// slot, the database's exclusion constraint having the last word when bookings race.
import { sql } from 'drizzle-orm';
import type { Db } from '../../kernel/database/database';
import { appointments, type NamedSchedule, rankPractitioners, type slotRules } from '../../scheduling';
import { SlotTakenError } from '../errors';
import { type BookingPlace, placeColumns } from './booking-request';
import { deadlockDetected, exclusionViolation, sqlState } from './sql-state';

// Arbitrary but fixed: the first key of the practitioner locks below (the second is the practitioner).
export const practitionerLockSpace = 727_105_006;
const maxDeadlockRetries = 3;

export interface HoldRequest {
  marketplaceId: number;
  place: BookingPlace;
  clientUserId: number;
  slot: { date: string; time: string };
  rules: ReturnType<typeof slotRules>;
  candidates: NamedSchedule[];
  now: Date;
}

export interface HeldTime {
  appointmentId: number;
  practitioner: { id: number; name: string };
  startsAt: Date;
  endsAt: Date;
}

export type RankedChoice = ReturnType<typeof rankPractitioners>[number];

/**
 * Inserts the PENDING appointment with one of the practitioners free at the slot. When the
 * practitioner's time was taken since the schedules were read, the next is tried; none left is the
 * slot-taken message.
 *
 * Bookings of one practitioner take turns (a transaction-level advisory lock): two overlapping
 * PENDING rows inserted at once would each wait for the other inside the exclusion check, a deadlock
 * PostgreSQL only breaks after a second. So that bookings do not queue on one practitioner while
 * others are free, the first pass only takes a lock that is free (`pg_try_advisory_xact_lock`),
 * skipping practitioners being booked by another transaction right now, and never for a time already
 * taken: one statement each, with no savepoint, which is the whole of a booking's hold when its first
 * choice is free. A second pass waits for the skipped ones in turn, each in a savepoint that lets go
 * of its lock when the practitioner is refused, so a waiting transaction holds no lock another waits
 * for (but in the rare case `insertIfFree` tells of). A deadlock there (other writers) is retried with
 * the same practitioner; one in the first pass, which has no savepoint to go back to, fails the
 * booking, and the client's retry with the same idempotency key books afresh.
 * Accepting a waitlist offer holds its time the same way, with the offered practitioner only.
 */
export async function holdTime(
  tx: Db,
  request: HoldRequest,
  random: () => number = Math.random,
): Promise<HeldTime> {
  const ranked = rankPractitioners({
    ...request.rules,
    slot: request.slot,
    practitioners: request.candidates,
  });
  const busyElsewhere: RankedChoice[] = [];
  for (const choice of tryOrder(ranked, random)) {
    const outcome = await insertIfFree(tx, request, choice);
    if (outcome === 'busy') busyElsewhere.push(choice);
    else if (outcome !== 'taken') return heldWith(request, outcome, choice);
  }
  for (const choice of busyElsewhere) {
    const outcome = await waitForPractitioner(tx, request, choice);
    if (typeof outcome === 'number') return heldWith(request, outcome, choice);
  }
  throw new SlotTakenError();
}

/**
 * The order in which to try the practitioners free at the slot: fewest appointments that day first
 * (as `choosePractitioner`), the equally booked in random order. Concurrent bookings read the same
 * schedules, so a fixed order would send them all to the same practitioner first.
 */
export function tryOrder(ranked: RankedChoice[], random: () => number): RankedChoice[] {
  const keyed = ranked.map((choice) => ({ choice, tieBreak: random() }));
  keyed.sort((a, b) => a.choice.booked - b.choice.booked || a.tieBreak - b.tieBreak);
  return keyed.map(({ choice }) => choice);
}

/** The appointment's columns, selected for `insert into appointments (appointmentColumns)`. */
const appointmentColumns = sql`marketplace_id, practitioner_id, organization_id, address, latitude, longitude,
  starts_at, ends_at, status, client_user_id, created_at, updated_at`;

function appointmentValues(request: HoldRequest, choice: RankedChoice) {
  const place = placeColumns(request.place);
  const now = request.now.toISOString();
  return sql`${request.marketplaceId}::integer, ${choice.practitionerId}::integer, ${place.organizationId}::integer,
    ${place.address}::text, ${place.latitude}::double precision, ${place.longitude}::double precision,
    ${choice.startsAt.toISOString()}::timestamptz, ${choice.endsAt.toISOString()}::timestamptz,
    'PENDING', ${request.clientUserId}::integer, ${now}::timestamptz, ${now}::timestamptz`;
}

const lockKey = (choice: RankedChoice) => sql`${practitionerLockSpace}, ${choice.practitionerId}`;

/**
 * The first pass's try, in one statement: 'taken' when an appointment the transaction can see holds
 * the time (no lock is taken then), 'busy' when another transaction holds the practitioner's lock,
 * else the row is inserted under the lock. `on conflict do nothing` answers the rare time taken
 * between the statement's snapshot and the lock as 'taken' rather than an error, which without a
 * savepoint would end the transaction; the lock then stays with it until it ends.
 */
async function insertIfFree(
  tx: Db,
  request: HoldRequest,
  choice: RankedChoice,
): Promise<number | 'busy' | 'taken'> {
  const { rows } = (await tx.execute(sql`
    with attempt as (
      select case
               when exists (
                 select 1 from ${appointments} held
                 where held.practitioner_id = ${choice.practitionerId}::integer
                   and held.status in ('PENDING', 'BOOKED')
                   and tstzrange(held.starts_at, held.ends_at)
                       && tstzrange(${choice.startsAt.toISOString()}::timestamptz, ${choice.endsAt.toISOString()}::timestamptz)
               ) then null
               else pg_try_advisory_xact_lock(${lockKey(choice)})
             end as locked
    ), inserted as (
      insert into ${appointments} (${appointmentColumns})
      select ${appointmentValues(request, choice)} from attempt where attempt.locked
      on conflict do nothing
      returning id
    )
    select (select locked from attempt) as locked, (select id from inserted) as id`)) as unknown as {
    rows: { locked: boolean | null; id: number | null }[];
  };
  const [row] = rows;
  if (row?.id != null) return row.id;
  return row?.locked === false ? 'busy' : 'taken';
}

/**
 * The second pass's try: waits for the practitioner's lock, in a savepoint that lets go of it when
 * their time is taken; a deadlock is retried with the same practitioner.
 */
async function waitForPractitioner(
  tx: Db,
  request: HoldRequest,
  choice: RankedChoice,
): Promise<number | 'taken'> {
  for (let deadlocks = 0; ; deadlocks++) {
    try {
      return await tx.transaction(async (savepoint) => {
        const { rows } = (await savepoint.execute(sql`
          insert into ${appointments} (${appointmentColumns})
          select ${appointmentValues(request, choice)}
          from (select pg_advisory_xact_lock(${lockKey(choice)})) as locked
          returning id`)) as unknown as { rows: { id: number }[] };
        const [row] = rows;
        if (!row) throw new Error('The appointment was not inserted.');
        return row.id;
      });
    } catch (error) {
      if (sqlState(error) === deadlockDetected && deadlocks < maxDeadlockRetries) continue;
      if (sqlState(error) === exclusionViolation) return 'taken';
      throw error;
    }
  }
}

/** The held time, with the practitioner named as the schedules read them. */
function heldWith(request: HoldRequest, appointmentId: number, choice: RankedChoice): HeldTime {
  const practitioner = request.candidates.find((candidate) => candidate.id === choice.practitionerId);
  if (!practitioner) throw new Error(`Practitioner ${choice.practitionerId} is not a candidate.`);
  return {
    appointmentId,
    practitioner: { id: practitioner.id, name: practitioner.name },
    startsAt: choice.startsAt,
    endsAt: choice.endsAt,
  };
}
