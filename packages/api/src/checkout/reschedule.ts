// Staff move a request or a booked appointment to another free time, with the same practitioner or
// another who performs the cart at the same place: the times offered and the move both come from the
// scheduling engine's own rules (working hours, changed days, time off, other appointments, the step
// grid; no minimum notice for staff, never in the past), the moved appointment's own time not counting
// against it. The move takes the practitioner's booking lock and the exclusion constraint has the
// last word, so two staff moving two appointments into one time cannot both succeed. A client moving
// their own visit (client-changes.ts) goes through the same move, held to the clients' booking rules.
import { TZDate } from '@date-fns/tz';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../kernel/database/database';
import { InvalidInputError, NotFoundError } from '../kernel/errors';
import { largestId } from '../kernel/id-input';
import {
  appointmentStartsOf,
  appointments,
  clipToBookableDates,
  findAvailableSlots,
  loadPlaceSchedules,
  type NamedSchedule,
  rankPractitioners,
  slotRules,
  withoutHeldTime,
} from '../scheduling';
import { notifyClient } from './appointment-notices/notify';
import type { BookingPlace } from './booking/booking-request';
import { practitionerLockSpace } from './booking/hold-time';
import { exclusionViolation, sqlState } from './booking/sql-state';
import { SlotTakenError } from './errors';
import type { CheckoutPorts } from './ports';
import { appointmentRequestProcedures, appointmentRequests } from './tables';

export const rescheduleMessages = {
  notMovable: 'Only a pending request or a booked appointment can be moved.',
  notFree: 'That practitioner is not free for the whole visit then. Choose one of the times offered.',
  past: 'Choose a time that has not passed.',
} as const;

export interface RescheduleTarget {
  /** yyyy-MM-dd and HH:mm, local to the place. */
  date: string;
  time: string;
  /** Staff's choice; a client's move leaves it null (their own practitioner if free, else as booking chooses). */
  practitionerId: number | null;
}

export interface RescheduleOptions {
  timeZone: string;
  /** Each practitioner who performs the cart at the place, with their free start times that day. */
  practitioners: { id: number; name: string; times: string[] }[];
}

type Movable = NonNullable<Awaited<ReturnType<typeof loadMovable>>>;

/** The free times of a day to move an appointment to, per practitioner who can take the visit. */
export async function rescheduleOptions(
  ports: Pick<CheckoutPorts, 'db' | 'geocoder' | 'clock'>,
  appointmentId: number,
  date: string,
): Promise<RescheduleOptions> {
  const movable = await movableAppointment(ports.db, appointmentId);
  const { rules, candidates } = await schedulesFor(ports, movable, date);
  return {
    timeZone: rules.timeZone,
    practitioners: candidates.map((candidate) => ({
      id: candidate.id,
      name: candidate.name,
      times: findAvailableSlots({
        ...rules,
        dateRange: { start: date, end: date },
        practitioners: [candidate],
      }).map((slot) => slot.time),
    })),
  };
}

/** Who moves the appointment: staff (no minimum notice, a practitioner of their choice) or its client. */
export type Mover = 'staff' | 'client';

/**
 * The free start times of a day a client may move their appointment to, whoever of the practitioners
 * performing the cart at the place is free (as booking offers times): the clients' rules (minimum
 * notice, booking horizon, step), the appointment's own time not counting against it.
 */
export async function clientMoveTimes(
  ports: Pick<CheckoutPorts, 'db' | 'geocoder' | 'clock'>,
  appointmentId: number,
  date: string,
): Promise<{ timeZone: string; times: string[] }> {
  const movable = await movableAppointment(ports.db, appointmentId);
  const { rules, candidates } = await schedulesFor(ports, movable, date, '00:00', 'client');
  const slots = findAvailableSlots({
    ...rules,
    dateRange: { start: date, end: date },
    practitioners: candidates,
  });
  return { timeZone: rules.timeZone, times: slots.map((slot) => slot.time) };
}

/**
 * Moves the appointment, keeping its length, status and everything the client asked for; the client
 * is mailed the new time (a BOOKED one with the updated invitation, its SEQUENCE raised). Staff name
 * the practitioner; a client's move keeps theirs when free, else takes whoever booking would. Throws
 * SlotTakenError when the time was taken meanwhile (or, for a client, is not free).
 */
export async function rescheduleAppointment(
  ports: Pick<CheckoutPorts, 'db' | 'geocoder' | 'clock' | 'notifications'>,
  appointmentId: number,
  target: RescheduleTarget,
  mover: Mover = 'staff',
): Promise<{
  status: 'PENDING' | 'BOOKED';
  before: { startsAt: Date; practitionerId: number };
  after: { startsAt: Date; endsAt: Date; practitionerId: number };
}> {
  const movable = await movableAppointment(ports.db, appointmentId);
  const { rules, slot, candidates } = await schedulesFor(ports, movable, target.date, target.time, mover);
  const free = choosePractitionerFor(
    mover,
    target,
    movable,
    rankPractitioners({ ...rules, slot, practitioners: candidates }),
  );
  if (!free) {
    const past = new TZDate(`${target.date}T${target.time}`, rules.timeZone).getTime() <= rules.now.getTime();
    if (past) throw new InvalidInputError(rescheduleMessages.past);
    throw mover === 'client' ? new SlotTakenError() : new InvalidInputError(rescheduleMessages.notFree);
  }
  await moveAppointment(ports, movable, free, mover);
  return {
    status: movable.status === 'BOOKED' ? 'BOOKED' : 'PENDING',
    before: { startsAt: movable.startsAt, practitionerId: movable.practitionerId },
    after: { startsAt: free.startsAt, endsAt: free.endsAt, practitionerId: free.practitionerId },
  };
}

type FreeChoice = ReturnType<typeof rankPractitioners>[number];

/** Staff's named practitioner if free; for a client, their own if free, else the first ranked. */
function choosePractitionerFor(
  mover: Mover,
  target: RescheduleTarget,
  movable: Movable,
  ranked: FreeChoice[],
): FreeChoice | undefined {
  if (mover === 'staff') return ranked.find((choice) => choice.practitionerId === target.practitionerId);
  return ranked.find((choice) => choice.practitionerId === movable.practitionerId) ?? ranked[0];
}

/**
 * The move under the practitioner's booking lock, only if the row is still where it was read; the
 * exclusion constraint has the last word (SlotTakenError).
 */
async function moveAppointment(
  ports: Pick<CheckoutPorts, 'db' | 'notifications'>,
  movable: Movable,
  free: FreeChoice,
  mover: Mover,
): Promise<void> {
  try {
    await ports.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${practitionerLockSpace}, ${free.practitionerId})`);
      const [moved] = await tx
        .update(appointments)
        .set({
          startsAt: free.startsAt,
          endsAt: free.endsAt,
          practitionerId: free.practitionerId,
          calendarSequence: sql`${appointments.calendarSequence} + 1`,
          remindedAt: null,
          updatedAt: sql`now()`,
        })
        .where(
          and(
            eq(appointments.id, movable.id),
            inArray(appointments.status, ['PENDING', 'BOOKED']),
            eq(appointments.startsAt, movable.startsAt),
            eq(appointments.practitionerId, movable.practitionerId),
          ),
        )
        .returning({ id: appointments.id });
      // Moved or decided by someone else since it was read: what they see now is what counts.
      if (!moved) throw new SlotTakenError();
      await notifyClient(
        tx,
        ports.notifications,
        'rescheduled',
        { appointmentId: movable.id },
        {
          movedByClient: mover === 'client',
        },
      );
    });
  } catch (error) {
    if (sqlState(error) === exclusionViolation) throw new SlotTakenError();
    throw error;
  }
}

/**
 * The day's schedules at the appointment's place for its cart, its own time left out: staff's rules
 * (no minimum notice), or the clients' (minimum notice, and no day beyond the booking horizon).
 */
async function schedulesFor(
  ports: Pick<CheckoutPorts, 'db' | 'geocoder' | 'clock'>,
  movable: Movable,
  date: string,
  time = '00:00',
  mover: Mover = 'staff',
) {
  const place = await loadPlaceSchedules(ports, {
    marketplaceId: movable.marketplaceId,
    place: 'organizationId' in movable.place ? movable.place : { location: movable.place.location },
    procedureIds: movable.procedureIds,
    dateRange: { start: date, end: date },
  });
  const now = ports.clock();
  const clientRules = slotRules(place, now);
  const rules = {
    ...clientRules,
    // The visit keeps its length; staff are not held to the clients' minimum notice.
    durationMinutes: Math.round((movable.endsAt.getTime() - movable.startsAt.getTime()) / 60_000),
    noticeMinutes: mover === 'staff' ? 0 : clientRules.noticeMinutes,
  };
  const horizon = place.marketplace.bookingHorizonMonths;
  const bookable =
    mover === 'staff' || clipToBookableDates({ start: date, end: date }, rules.timeZone, now, horizon);
  const candidates =
    place.servesPlace && bookable
      ? place.schedules.practitioners.map((candidate) => withoutOwnTime(candidate, movable))
      : [];
  return { rules, slot: { date, time }, candidates };
}

/**
 * The practitioner's schedule without the moved appointment's own time: cut out of the held time
 * (availability reads it merged with the appointments next to it), and its start not counted. No
 * other held appointment shares that time (the exclusion constraint), so nothing else is freed.
 */
function withoutOwnTime(candidate: NamedSchedule, movable: Movable): NamedSchedule {
  if (candidate.id !== movable.practitionerId) return candidate;
  const start = movable.startsAt.getTime();
  const starts = appointmentStartsOf(candidate);
  const own = starts.indexOf(start);
  return {
    ...candidate,
    appointments: withoutHeldTime(candidate.appointments, start, movable.endsAt.getTime()),
    appointmentStarts: own === -1 ? starts : starts.filter((_, index) => index !== own),
  };
}

async function movableAppointment(db: Db, appointmentId: number): Promise<Movable> {
  const movable = await loadMovable(db, appointmentId);
  if (!movable) throw new NotFoundError(`Appointment ${appointmentId} was not found.`);
  if (movable.status !== 'PENDING' && movable.status !== 'BOOKED') {
    throw new InvalidInputError(rescheduleMessages.notMovable);
  }
  return movable;
}

/** The appointment with its request's place and cart (a request made at checkout); null if none. */
async function loadMovable(db: Db, appointmentId: number) {
  if (appointmentId > largestId) return null;
  const [row] = await db
    .select({
      id: appointments.id,
      status: appointments.status,
      startsAt: appointments.startsAt,
      endsAt: appointments.endsAt,
      practitionerId: appointments.practitionerId,
      marketplaceId: appointments.marketplaceId,
      organizationId: appointmentRequests.organizationId,
      address: appointmentRequests.address,
      latitude: appointmentRequests.latitude,
      longitude: appointmentRequests.longitude,
      procedureIds: sql<number[]>`array(
        select ${appointmentRequestProcedures.procedureId} from ${appointmentRequestProcedures}
        where ${appointmentRequestProcedures.requestId} = ${appointmentRequests.id}
        order by ${appointmentRequestProcedures.position})`,
    })
    .from(appointments)
    .innerJoin(appointmentRequests, eq(appointmentRequests.appointmentId, appointments.id))
    .where(eq(appointments.id, appointmentId));
  if (!row) return null;
  const place: BookingPlace =
    row.organizationId !== null
      ? { organizationId: row.organizationId }
      : {
          address: row.address ?? '',
          location: { latitude: row.latitude ?? 0, longitude: row.longitude ?? 0 },
        };
  return { ...row, procedureIds: row.procedureIds.map(Number), place };
}
