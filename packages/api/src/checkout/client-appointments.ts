// The Appointments tab of /profile: the signed-in client's visits at one marketplace.
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { clinics, procedures } from '../catalogue';
import type { RequestSession } from '../identity';
import { signInRequired, tenantOfMarketplace, UnauthenticatedError } from '../identity';
import type { Db } from '../kernel/database/database';
import { marketplaces } from '../kernel/tables';
import { appointments, practitioners } from '../scheduling';
import { appointmentRequestProcedures, appointmentRequests } from './tables';

export interface AppointmentProcedureView {
  id: string;
  name: string;
  /** Null for an add-on. */
  categoryId: string | null;
}

export interface AppointmentView {
  id: string;
  /** ISO 8601 instants. */
  start: string;
  end: string;
  /** Minutes. */
  duration: number;
  timeZone: string;
  location: string;
  organizationId: string | null;
  organizationPhone: string | null;
  startedAt: string | null;
  completedAt: string | null;
  procedures: AppointmentProcedureView[];
  practitioner: { id: string; name: string } | null;
  status: 'PENDING' | 'BOOKED' | 'COMPLETE' | 'CANCELLED';
  /** Why a cancelled (or declined) request was, as the client was told; null without a reason. */
  cancellationReason: string | null;
}

const shown = ['PENDING', 'BOOKED', 'COMPLETE', 'CANCELLED'] as const;

/**
 * The signed-in client's appointments at a marketplace, in one statement: upcoming ones (PENDING,
 * BOOKED) soonest first, then completed and cancelled (or declined) ones newest first, a cancelled
 * one with the reason the client was told. NOT_FOUND for an unknown marketplace; UNAUTHENTICATED
 * without a session of its group.
 */
export async function profileAppointments(
  context: { db: Db; session: RequestSession },
  input: { marketplaceId: number },
): Promise<AppointmentView[]> {
  const { db } = context;
  const marketplace = await tenantOfMarketplace(db, input.marketplaceId);
  const session = await context.session.current();
  if (!session || session.mgId !== marketplace.mgId) throw new UnauthenticatedError(signInRequired);

  const isPast = sql`${appointments.status} not in ('PENDING', 'BOOKED')`;
  const rows = await db
    .select({
      id: appointments.id,
      startsAt: appointments.startsAt,
      endsAt: appointments.endsAt,
      status: appointments.status,
      completedAt: appointments.completedAt,
      cancellationReason: appointments.cancellationReason,
      organizationId: appointments.organizationId,
      address: appointments.address,
      timeZone: appointmentRequests.timeZone,
      clinicName: clinics.name,
      clinicAddress: clinics.address,
      clinicPhone: clinics.phone,
      marketplacePhone: marketplaces.phone,
      practitionerId: practitioners.id,
      practitionerName: practitioners.name,
      // The cart, in the order it was booked (one sub-select per row, in the same statement).
      procedures: sql<AppointmentProcedureView[]>`coalesce((
        select json_agg(json_build_object(
                 'id', ${procedures.id}::text,
                 'name', ${procedures.name},
                 'categoryId', case when ${procedures.isAddOn} then null
                                    else ${procedures.procedureGroupId}::text end)
               order by ${appointmentRequestProcedures.position})
        from ${appointmentRequestProcedures}
        join ${procedures} on ${procedures.id} = ${appointmentRequestProcedures.procedureId}
        where ${appointmentRequestProcedures.requestId} = ${appointmentRequests.id}
      ), '[]'::json)`,
    })
    .from(appointments)
    .innerJoin(appointmentRequests, eq(appointmentRequests.appointmentId, appointments.id))
    .innerJoin(practitioners, eq(practitioners.id, appointments.practitionerId))
    .leftJoin(clinics, eq(clinics.id, appointments.organizationId))
    .innerJoin(marketplaces, eq(marketplaces.id, appointments.marketplaceId))
    .where(
      and(
        eq(appointments.clientUserId, session.userId),
        eq(appointments.marketplaceId, input.marketplaceId),
        inArray(appointments.status, [...shown]),
      ),
    )
    .orderBy(
      asc(isPast),
      sql`case when ${isPast} then null else ${appointments.startsAt} end asc`,
      desc(appointments.startsAt),
      asc(appointments.id),
    );

  return rows.map((row) => ({
    id: String(row.id),
    start: row.startsAt.toISOString(),
    end: row.endsAt.toISOString(),
    duration: Math.round((row.endsAt.getTime() - row.startsAt.getTime()) / 60_000),
    timeZone: row.timeZone,
    location: row.clinicName !== null ? `${row.clinicName}, ${row.clinicAddress ?? ''}` : (row.address ?? ''),
    organizationId: row.organizationId === null ? null : String(row.organizationId),
    // The clinic's line, or for an at-home visit the marketplace's own (null if it has none).
    organizationPhone: row.organizationId === null ? row.marketplacePhone : row.clinicPhone,
    // Nothing records when a visit starts; only completion is noted (by the operator).
    startedAt: null,
    completedAt: row.completedAt?.toISOString() ?? null,
    procedures: row.procedures,
    practitioner: { id: String(row.practitionerId), name: row.practitionerName },
    status: row.status as AppointmentView['status'],
    cancellationReason: row.cancellationReason,
  }));
}
