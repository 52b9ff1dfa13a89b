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
 * exclusion constraint refuses it (someone took that practitioner's time since the schedules were
 * read), the next is tried; none left is the slot-taken message.
 *
 * Bookings of one practitioner take turns (a transaction-level advisory lock, released with the
 * savepoint when the practitioner is refused): two overlapping PENDING rows inserted at once would
 * each wait for the other inside the exclusion check, a deadlock PostgreSQL only breaks after a
 * second. So that bookings do not queue on one practitioner while others are free, the first pass
 * only takes a lock that is free (`pg_try_advisory_xact_lock`), skipping practitioners being booked
 * by another transaction right now; a second pass waits for the skipped ones in turn. A transaction
 * holds at most one of these locks at a time (a refused one goes with its savepoint), so waiting
 * cannot deadlock. A deadlock that happens anyway (other writers) is retried with the same practitioner.
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
    const outcome = await tryPractitioner(tx, request, choice, false);
    if (outcome === 'busy') busyElsewhere.push(choice);
    else if (outcome !== 'taken') return heldWith(request, outcome, choice);
  }
  for (const choice of busyElsewhere) {
    const outcome = await tryPractitioner(tx, request, choice, true);
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

/**
 * One practitioner tried, a deadlock retried with them: the appointment's id, 'busy' when `wait` is
 * false and another transaction is booking them, 'taken' when their time is no longer free.
 */
async function tryPractitioner(
  tx: Db,
  request: HoldRequest,
  choice: RankedChoice,
  wait: boolean,
): Promise<number | 'busy' | 'taken'> {
  for (let deadlocks = 0; ; deadlocks++) {
    try {
      return (await insertAppointment(tx, request, choice, wait)) ?? 'busy';
    } catch (error) {
      if (sqlState(error) === deadlockDetected && deadlocks < maxDeadlockRetries) continue;
      if (sqlState(error) === exclusionViolation) return 'taken';
      throw error;
    }
  }
}

/**
 * The appointment's id; null when `wait` is false and another transaction holds the practitioner's
 * lock. One statement: the row is only selected for insertion once the lock is held.
 */
async function insertAppointment(
  tx: Db,
  request: HoldRequest,
  choice: RankedChoice,
  wait: boolean,
): Promise<number | null> {
  const place = placeColumns(request.place);
  const key = sql`${practitionerLockSpace}, ${choice.practitionerId}`;
  const locked = wait
    ? sql`from (select pg_advisory_xact_lock(${key})) as locked`
    : sql`where pg_try_advisory_xact_lock(${key})`;
  // A savepoint, so a refused insert leaves the rest of the transaction usable.
  return tx.transaction(async (savepoint) => {
    const { rows } = (await savepoint.execute(sql`
      insert into ${appointments} (marketplace_id, practitioner_id, organization_id, address, latitude,
                                   longitude, starts_at, ends_at, status, client_user_id, created_at, updated_at)
      select ${request.marketplaceId}::integer, ${choice.practitionerId}::integer, ${place.organizationId}::integer,
             ${place.address}::text, ${place.latitude}::double precision, ${place.longitude}::double precision,
             ${choice.startsAt.toISOString()}::timestamptz, ${choice.endsAt.toISOString()}::timestamptz,
             'PENDING', ${request.clientUserId}::integer,
             ${request.now.toISOString()}::timestamptz, ${request.now.toISOString()}::timestamptz
      ${locked}
      returning id`)) as unknown as { rows: { id: number }[] };
    return rows[0]?.id ?? null;
  });
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
