// The requests inbox of the staff console (issue 19): a marketplace's appointment requests with
// everything the front desk decides on, in one statement.
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { clinics, procedures } from '../catalogue';
import { appointmentRequestProcedures, appointmentRequests, checkoutNoteAnswers } from '../checkout';
import { users } from '../identity';
import type { AppointmentStatus } from '../scheduling';
import { appointments, practitioners } from '../scheduling';
import { requireStaff, type StaffContext } from './access';

export interface StaffRequestFilter {
  status: AppointmentStatus | null;
  clinicId: number | null;
  /** yyyy-MM-dd in the appointment's own time zone. */
  date: string | null;
  /** An inclusive range of such days; either end may be open. */
  from: string | null;
  to: string | null;
}

export interface StaffRequestView {
  id: string;
  status: AppointmentStatus;
  /** ISO 8601 instants. */
  start: string;
  end: string;
  timeZone: string;
  requestedAt: string;
  client: {
    id: string;
    givenName: string | null;
    familyName: string | null;
    email: string;
    phone: string | null;
  };
  procedures: { id: string; name: string; isAddOn: boolean; price: number }[];
  practitioner: { id: string; name: string };
  clinic: { id: string; name: string } | null;
  /** The clinic's address, or the client's for an at-home visit. */
  address: string;
  notes: string | null;
  checkoutNotes: { label: string; value: string }[];
  /** Cents collected on confirmation (0 when paid on site). */
  dueOnConfirmation: number;
  total: number;
  cancellationReason: string | null;
}

/**
 * The marketplace's appointment requests (those made at checkout), soonest first, filtered by
 * status, clinic and local date or range of dates. A practitioner sees only their own (staffPermissions 'own').
 */
export async function staffRequests(
  context: StaffContext,
  input: { marketplaceId: number; filter: StaffRequestFilter },
): Promise<StaffRequestView[]> {
  const { member, scope } = await requireStaff(context, input.marketplaceId, 'viewRequests');
  const { filter } = input;
  const conditions: (SQL | undefined)[] = [
    eq(appointments.marketplaceId, input.marketplaceId),
    scope === 'own' && member.practitionerId !== null
      ? eq(appointments.practitionerId, member.practitionerId)
      : undefined,
    filter.status ? eq(appointments.status, filter.status) : undefined,
    filter.clinicId ? eq(appointments.organizationId, filter.clinicId) : undefined,
    filter.date
      ? sql`(${appointments.startsAt} at time zone ${appointmentRequests.timeZone})::date = ${filter.date}::date`
      : undefined,
    filter.from
      ? sql`(${appointments.startsAt} at time zone ${appointmentRequests.timeZone})::date >= ${filter.from}::date`
      : undefined,
    filter.to
      ? sql`(${appointments.startsAt} at time zone ${appointmentRequests.timeZone})::date <= ${filter.to}::date`
      : undefined,
  ];
  const rows = await context.db
    .select({
      id: appointments.id,
      status: appointments.status,
      startsAt: appointments.startsAt,
      endsAt: appointments.endsAt,
      timeZone: appointmentRequests.timeZone,
      requestedAt: appointmentRequests.createdAt,
      clientId: users.id,
      givenName: users.givenName,
      familyName: users.familyName,
      email: users.email,
      phone: users.phone,
      practitionerId: practitioners.id,
      practitionerName: practitioners.name,
      clinicId: clinics.id,
      clinicName: clinics.name,
      clinicAddress: clinics.address,
      homeAddress: appointments.address,
      notes: appointmentRequests.notes,
      dueOnConfirmation: appointmentRequests.dueNowCents,
      total: appointmentRequests.totalCents,
      cancellationReason: appointments.cancellationReason,
      procedures: requestProceduresJson(),
      checkoutNotes: sql<StaffRequestView['checkoutNotes']>`coalesce((
        select json_agg(json_build_object('label', ${checkoutNoteAnswers.label}, 'value', ${checkoutNoteAnswers.value})
               order by ${checkoutNoteAnswers.id})
        from ${checkoutNoteAnswers}
        where ${checkoutNoteAnswers.requestId} = ${appointmentRequests.id}
      ), '[]'::json)`,
    })
    .from(appointments)
    .innerJoin(appointmentRequests, eq(appointmentRequests.appointmentId, appointments.id))
    .innerJoin(users, eq(users.id, appointmentRequests.clientUserId))
    .innerJoin(practitioners, eq(practitioners.id, appointments.practitionerId))
    .leftJoin(clinics, eq(clinics.id, appointments.organizationId))
    .where(and(...conditions))
    .orderBy(asc(appointments.startsAt), asc(appointments.id));

  return rows.map((row) => ({
    id: String(row.id),
    status: row.status,
    start: row.startsAt.toISOString(),
    end: row.endsAt.toISOString(),
    timeZone: row.timeZone,
    requestedAt: row.requestedAt.toISOString(),
    client: {
      id: String(row.clientId),
      givenName: row.givenName,
      familyName: row.familyName,
      email: row.email,
      phone: row.phone,
    },
    procedures: row.procedures,
    practitioner: { id: String(row.practitionerId), name: row.practitionerName },
    clinic: row.clinicId === null ? null : { id: String(row.clinicId), name: row.clinicName ?? '' },
    address: row.clinicAddress ?? row.homeAddress ?? '',
    notes: row.notes,
    checkoutNotes: row.checkoutNotes,
    dueOnConfirmation: row.dueOnConfirmation,
    total: row.total,
    cancellationReason: row.cancellationReason,
  }));
}

/** A request's procedures and add-ons with the prices they were requested at, in order. */
export function requestProceduresJson() {
  return sql<StaffRequestView['procedures']>`coalesce((
    select json_agg(json_build_object(
             'id', ${procedures.id}::text,
             'name', ${procedures.name},
             'isAddOn', ${procedures.isAddOn},
             'price', ${appointmentRequestProcedures.priceCents})
           order by ${appointmentRequestProcedures.position})
    from ${appointmentRequestProcedures}
    join ${procedures} on ${procedures.id} = ${appointmentRequestProcedures.procedureId}
    where ${appointmentRequestProcedures.requestId} = ${appointmentRequests.id}
  ), '[]'::json)`;
}
