// The signed-in client's own waitlist requests at a marketplace (the profile's Appointments tab):
// what they asked for, where, and the windows they would take, each one withdrawable. A request
// offered and booked becomes an appointment (listed with the appointments); a withdrawn one is
// offered nothing more.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { clinics, procedures } from '../catalogue';
import type { RequestSession } from '../identity';
import { signInRequired, tenantOfMarketplace, UnauthenticatedError } from '../identity';
import type { Db } from '../kernel/database/database';
import { NotFoundError } from '../kernel/errors';
import { largestId } from '../kernel/id-input';
import type { AppointmentProcedureView } from './client-appointments';
import {
  appointmentRequestProcedures,
  appointmentRequests,
  waitlistRequestRanges,
  waitlistRequests,
} from './tables';

export interface ClientWaitlistView {
  id: string;
  /** ISO 8601: when the client asked. */
  requestedAt: string;
  timeZone: string;
  location: string;
  procedures: AppointmentProcedureView[];
  /** The windows the client would take, local to the place ('yyyy-MM-ddTHH:mm'), in their order. */
  windows: { start: string; end: string }[];
}

type ClientContext = { db: Db; session: RequestSession };

/** The signed-in client's user id in the marketplace's group (UNAUTHENTICATED without one). */
async function clientOf(context: ClientContext, marketplaceId: number): Promise<number> {
  const marketplace = await tenantOfMarketplace(context.db, marketplaceId);
  const session = await context.session.current();
  if (!session || session.mgId !== marketplace.mgId) throw new UnauthenticatedError(signInRequired);
  return session.userId;
}

/** The client's waiting requests at the marketplace, newest first, in one statement. */
export async function profileWaitlistRequests(
  context: ClientContext,
  input: { marketplaceId: number },
): Promise<ClientWaitlistView[]> {
  const userId = await clientOf(context, input.marketplaceId);
  const rows = await context.db
    .select({
      id: waitlistRequests.id,
      requestedAt: appointmentRequests.createdAt,
      timeZone: appointmentRequests.timeZone,
      address: appointmentRequests.address,
      clinicName: clinics.name,
      clinicAddress: clinics.address,
      procedures: sql<AppointmentProcedureView[]>`coalesce((
        select json_agg(json_build_object(
                 'id', ${procedures.id}::text,
                 'name', ${procedures.name},
                 'categoryId', case when ${procedures.isAddOn} then null else ${procedures.procedureGroupId}::text end)
               order by ${appointmentRequestProcedures.position})
        from ${appointmentRequestProcedures}
        join ${procedures} on ${procedures.id} = ${appointmentRequestProcedures.procedureId}
        where ${appointmentRequestProcedures.requestId} = ${appointmentRequests.id}
      ), '[]'::json)`,
      windows: sql<{ start: string; end: string }[]>`coalesce((
        select json_agg(json_build_object('start', r.local_start, 'end', r.local_end) order by r.position)
        from ${waitlistRequestRanges} r where r.waitlist_request_id = ${waitlistRequests.id}
      ), '[]'::json)`,
    })
    .from(waitlistRequests)
    .innerJoin(appointmentRequests, eq(appointmentRequests.id, waitlistRequests.requestId))
    .leftJoin(clinics, eq(clinics.id, appointmentRequests.organizationId))
    .where(
      and(
        eq(appointmentRequests.clientUserId, userId),
        eq(appointmentRequests.marketplaceId, input.marketplaceId),
        eq(waitlistRequests.status, 'WAITLISTED'),
      ),
    )
    .orderBy(desc(appointmentRequests.createdAt), desc(waitlistRequests.id));
  return rows.map((row) => ({
    id: String(row.id),
    requestedAt: row.requestedAt.toISOString(),
    timeZone: row.timeZone,
    location: row.clinicName !== null ? `${row.clinicName}, ${row.clinicAddress ?? ''}` : (row.address ?? ''),
    procedures: row.procedures,
    windows: row.windows,
  }));
}

/**
 * Withdraws one of the client's waiting requests: nothing more is offered from it. Withdrawing it
 * again changes nothing; another client's (or an unknown) request is NOT_FOUND.
 */
export async function withdrawWaitlistRequest(
  context: ClientContext,
  input: { marketplaceId: number; id: number },
): Promise<true> {
  const userId = await clientOf(context, input.marketplaceId);
  const notFound = new NotFoundError(`Waitlist request ${input.id} was not found.`);
  if (!Number.isSafeInteger(input.id) || input.id > largestId) throw notFound;
  const own = context.db
    .select({ id: appointmentRequests.id })
    .from(appointmentRequests)
    .where(
      and(
        eq(appointmentRequests.clientUserId, userId),
        eq(appointmentRequests.marketplaceId, input.marketplaceId),
      ),
    );
  const [request] = await context.db
    .select({ status: waitlistRequests.status })
    .from(waitlistRequests)
    .where(and(eq(waitlistRequests.id, input.id), inArray(waitlistRequests.requestId, own)));
  if (!request) throw notFound;
  await context.db
    .update(waitlistRequests)
    .set({ status: 'CANCELLED' })
    .where(and(eq(waitlistRequests.id, input.id), eq(waitlistRequests.status, 'WAITLISTED')));
  return true;
}
