// Holding a practitioner's time: a PENDING appointment with one of the practitioners free at the
// slot, the database's exclusion constraint having the last word when bookings race.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/database/database';
import {
  appointments,
  type PractitionerSchedule,
  practitioners,
  rankPractitioners,
  type slotRules,
} from '../../scheduling';
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
  candidates: PractitionerSchedule[];
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
    else if (outcome !== 'taken') return heldWith(tx, outcome, choice);
  }
  for (const choice of busyElsewhere) {
    const outcome = await tryPractitioner(tx, request, choice, true);
    if (typeof outcome === 'number') return heldWith(tx, outcome, choice);
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

/** The appointment's id; null when `wait` is false and another transaction holds the practitioner's lock. */
function insertAppointment(
  tx: Db,
  request: HoldRequest,
  choice: RankedChoice,
  wait: boolean,
): Promise<number | null> {
  // A savepoint, so a refused insert leaves the rest of the transaction usable.
  return tx.transaction(async (savepoint) => {
    if (!(await lockPractitioner(savepoint, choice.practitionerId, wait))) return null;
    const [row] = await savepoint
      .insert(appointments)
      .values({
        marketplaceId: request.marketplaceId,
        practitionerId: choice.practitionerId,
        ...placeColumns(request.place),
        startsAt: choice.startsAt,
        endsAt: choice.endsAt,
        status: 'PENDING',
        clientUserId: request.clientUserId,
        createdAt: request.now,
        updatedAt: request.now,
      })
      .returning({ id: appointments.id });
    if (!row) throw new Error('The appointment was not created.');
    return row.id;
  });
}

/** Takes the practitioner's booking lock for the transaction: waiting for it, or only when it is free. */
async function lockPractitioner(db: Db, practitionerId: number, wait: boolean): Promise<boolean> {
  if (wait) {
    await db.execute(sql`select pg_advisory_xact_lock(${practitionerLockSpace}, ${practitionerId})`);
    return true;
  }
  const { rows } = (await db.execute(
    sql`select pg_try_advisory_xact_lock(${practitionerLockSpace}, ${practitionerId}) as locked`,
  )) as unknown as { rows: { locked: boolean }[] };
  return Boolean(rows[0]?.locked);
}

async function heldWith(tx: Db, appointmentId: number, choice: RankedChoice): Promise<HeldTime> {
  const [practitioner] = await tx
    .select({ id: practitioners.id, name: practitioners.name })
    .from(practitioners)
    .where(eq(practitioners.id, choice.practitionerId));
  if (!practitioner) throw new Error(`Practitioner ${choice.practitionerId} vanished.`);
  return { appointmentId, practitioner, startsAt: choice.startsAt, endsAt: choice.endsAt };
}
