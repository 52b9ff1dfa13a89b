// Visits booked outside Atrium: time a practitioner already owes a client the marketplace booked
// elsewhere (its old system, a call taken on paper), held as an appointment without a client so
// clients cannot book over it. The owner and the front desk enter and remove them; each is logged.
import { formatTimeOfDay, OUTSIDE_VISIT_MESSAGES } from '@atrium/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { clinics } from '../../catalogue';
import { appointmentRequests, type BookingPlace, exclusionViolation, sqlState } from '../../checkout';
import type { Db } from '../../kernel/database/database';
import { InvalidInputError, NotFoundError } from '../../kernel/errors';
import { appointments, practitioners } from '../../scheduling';
import { type CreateOptions, changeAsStaff, fixedId } from '../changes';
import { homeVisitTimeZone } from '../requests';
import type { TeamContext } from '../team/team-context';
import { instantOf } from '../team/team-read';
import { practitionerName } from '../team/working-hours';

export interface OutsideVisitInput {
  practitionerId: number;
  place: BookingPlace;
  /** yyyy-MM-dd and minutes after midnight, local to the place. */
  date: string;
  start: number;
  end: number;
  note: string | null;
}

export interface OutsideVisitView {
  id: string;
  /** ISO 8601 instants. */
  start: string;
  end: string;
  timeZone: string;
}

/** The practitioner already holds (part of) that time: the form says so and keeps what was typed. */
export class OutsideVisitTakenError extends InvalidInputError {
  constructor() {
    super(OUTSIDE_VISIT_MESSAGES.taken);
  }
}

/**
 * Holds the practitioner's time for a visit booked elsewhere (BOOKED, no client). The exclusion
 * constraint decides against every other booking: a taken time is OutsideVisitTakenError.
 */
export async function addOutsideVisit(
  context: TeamContext,
  marketplaceId: number,
  input: OutsideVisitInput,
  options: CreateOptions = {},
): Promise<OutsideVisitView> {
  try {
    return await changeAsStaff(
      context,
      marketplaceId,
      'recordOutsideVisits',
      'appointment.outside.add',
      async (tx) => {
        const name = await practitionerName(tx, marketplaceId, input.practitionerId, { active: true });
        const where = await placeOf(tx, marketplaceId, input.place);
        const startsAt = instantOf(`${input.date}T${formatTimeOfDay(input.start)}`, where.timeZone);
        const endsAt = instantOf(`${input.date}T${formatTimeOfDay(input.end)}`, where.timeZone);
        // Times typed into an hour the clocks skip can meet or cross: the same words as the form's.
        if (endsAt <= startsAt) throw new InvalidInputError(OUTSIDE_VISIT_MESSAGES.order);
        const [row] = await tx
          .insert(appointments)
          .values({
            ...fixedId(options),
            marketplaceId,
            practitionerId: input.practitionerId,
            ...where.columns,
            startsAt,
            endsAt,
            status: 'BOOKED',
            outsideNote: input.note,
          })
          .returning({ id: appointments.id });
        const id = row?.id ?? 0;
        const visit = { start: startsAt.toISOString(), end: endsAt.toISOString(), timeZone: where.timeZone };
        return {
          subject: `Visit booked outside Atrium with “${name}”`,
          before: null,
          after: { appointmentId: id, ...visit, place: where.name, note: input.note },
          result: { id: String(id), ...visit },
        };
      },
    );
  } catch (error) {
    if (sqlState(error) === exclusionViolation) throw new OutsideVisitTakenError();
    throw error;
  }
}

/** Frees the time of a visit booked outside Atrium; an appointment a client booked is NOT_FOUND here. */
export function removeOutsideVisit(context: TeamContext, marketplaceId: number, id: number): Promise<true> {
  return changeAsStaff(
    context,
    marketplaceId,
    'recordOutsideVisits',
    'appointment.outside.remove',
    async (tx) => {
      const [row] = await tx
        .select({
          practitioner: practitioners.name,
          startsAt: appointments.startsAt,
          endsAt: appointments.endsAt,
          status: appointments.status,
          note: appointments.outsideNote,
        })
        .from(appointments)
        .innerJoin(practitioners, eq(practitioners.id, appointments.practitionerId))
        .leftJoin(appointmentRequests, eq(appointmentRequests.appointmentId, appointments.id))
        .where(
          and(
            eq(appointments.id, id),
            eq(appointments.marketplaceId, marketplaceId),
            isNull(appointments.clientUserId),
            isNull(appointmentRequests.id),
          ),
        );
      if (!row) throw new NotFoundError(`Visit ${id} was not found.`);
      await tx.delete(appointments).where(eq(appointments.id, id));
      return {
        subject: `Visit booked outside Atrium with “${row.practitioner}”`,
        before: {
          appointmentId: id,
          start: row.startsAt.toISOString(),
          end: row.endsAt.toISOString(),
          status: row.status,
          note: row.note,
        },
        after: null,
        result: true as const,
      };
    },
  );
}

/** The appointment's place columns, its zone and its name for the log; NOT_FOUND for another's clinic. */
async function placeOf(tx: Db, marketplaceId: number, place: BookingPlace) {
  if ('organizationId' in place) {
    const [clinic] = await tx
      .select({ name: clinics.name, timeZone: clinics.timeZone })
      .from(clinics)
      .where(and(eq(clinics.id, place.organizationId), eq(clinics.marketplaceId, marketplaceId)));
    if (!clinic) throw new NotFoundError(`Clinic ${place.organizationId} was not found.`);
    return {
      columns: { organizationId: place.organizationId },
      timeZone: clinic.timeZone,
      name: clinic.name,
    };
  }
  const { rows } = (await tx.execute(
    sql`select ${homeVisitTimeZone(sql`${marketplaceId}`)} as time_zone`,
  )) as unknown as { rows: { time_zone: string }[] };
  return {
    columns: { address: place.address, ...place.location },
    timeZone: rows[0]?.time_zone ?? 'UTC',
    name: place.address,
  };
}
