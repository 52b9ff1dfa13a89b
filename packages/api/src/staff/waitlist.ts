// The waitlist of the staff console: open waitlist requests with their windows, the time
// cancellations and declines freed, and offering such a time to a request whose windows hold it.
// A window holds a freed time when it contains the freed start and the place is the same (the same
// clinic, or both at the client's home); whether the practitioner can take that request's cart then
// is checked by checkout's availability rules when it is offered and again when it is accepted.
import { and, asc, eq, gt, type SQL, sql } from 'drizzle-orm';
import { clinics } from '../catalogue';
import type { CheckoutPorts } from '../checkout';
import {
  appointmentRequests,
  createWaitlistOffer,
  loadWaitlistRequestForOffer,
  practitionerFreeFor,
  waitlistOfferMessages,
  waitlistOffers,
  waitlistRequestRanges,
  waitlistRequests,
} from '../checkout';
import type { RequestSession } from '../identity';
import { users } from '../identity';
import { InvalidInputError, NotFoundError } from '../kernel/errors';
import { appointments, practitioners } from '../scheduling';
import { requireStaff, type StaffContext } from './access';
import {
  requestProceduresJson,
  type StaffClientView,
  type StaffRequestView,
  toClinicRef,
  toStaffClientView,
} from './requests';

export const staffWaitlistMessages = {
  notCancelled: 'Only the time of a cancelled or declined appointment can be offered.',
  past: 'This time has already started.',
  outsideWindows: "This time is not inside the client's waitlist windows at this place.",
  notFree: "The practitioner is not free for this request's services at that time.",
} as const;

export interface StaffWaitlistWindowView {
  start: string;
  end: string;
  localStart: string;
  localEnd: string;
}

export interface StaffWaitlistRequestView {
  id: string;
  requestedAt: string;
  client: StaffClientView;
  procedures: StaffRequestView['procedures'];
  clinic: { id: string; name: string } | null;
  address: string;
  timeZone: string;
  windows: StaffWaitlistWindowView[];
  notes: string | null;
  total: number;
  matchesFreedTime: boolean;
  lastOfferedAt: string | null;
}

export interface StaffFreedTimeView {
  appointmentId: string;
  start: string;
  end: string;
  timeZone: string;
  practitioner: { id: string; name: string };
  clinic: { id: string; name: string } | null;
  cancellationReason: string | null;
  matchingRequests: number;
}

interface FreedAppointment {
  id: number;
  practitionerId: number;
  practitionerName: string;
  organizationId: number | null;
  startsAt: Date;
  status: string;
}

/** A cancelled appointment of the marketplace; NOT_FOUND otherwise, BAD_USER_INPUT if not cancelled. */
async function freedAppointment(
  context: StaffContext,
  marketplaceId: number,
  appointmentId: number,
): Promise<FreedAppointment> {
  const [row] = await context.db
    .select({
      id: appointments.id,
      practitionerId: appointments.practitionerId,
      practitionerName: practitioners.name,
      organizationId: appointments.organizationId,
      startsAt: appointments.startsAt,
      status: appointments.status,
    })
    .from(appointments)
    .innerJoin(practitioners, eq(practitioners.id, appointments.practitionerId))
    .where(and(eq(appointments.id, appointmentId), eq(appointments.marketplaceId, marketplaceId)));
  if (!row) throw new NotFoundError(`Appointment ${appointmentId} was not found.`);
  if (row.status !== 'CANCELLED') throw new InvalidInputError(staffWaitlistMessages.notCancelled);
  return row;
}

/** SQL: a window of the waitlist request `requestId` holds the freed start at the freed place. */
function holdsFreedTime(freed: { startsAt: Date; organizationId: number | null }): SQL {
  const place =
    freed.organizationId === null
      ? sql`${appointmentRequests.organizationId} is null`
      : sql`${appointmentRequests.organizationId} = ${freed.organizationId}`;
  return sql`(${place} and exists (
    select 1 from ${waitlistRequestRanges}
    where ${waitlistRequestRanges.waitlistRequestId} = ${waitlistRequests.id}
      and ${waitlistRequestRanges.startsAt} <= ${freed.startsAt.toISOString()}::timestamptz
      and ${waitlistRequestRanges.endsAt} > ${freed.startsAt.toISOString()}::timestamptz))`;
}

/**
 * The open waitlist requests (a window not over yet), matching ones first when a freed appointment is
 * named, then by their earliest open window.
 */
export async function staffWaitlist(
  context: StaffContext & { clock: () => Date },
  input: {
    marketplaceId: number;
    filter: { freedAppointmentId: number | null; clinicId: number | null };
  },
): Promise<StaffWaitlistRequestView[]> {
  await requireStaff(context, input.marketplaceId, 'viewWaitlist');
  const { filter } = input;
  const freed =
    filter.freedAppointmentId === null
      ? null
      : await freedAppointment(context, input.marketplaceId, filter.freedAppointmentId);
  const now = context.clock().toISOString();
  const rows: StaffWaitlistRow[] = await context.db
    .select(staffWaitlistColumns(freed, now))
    .from(waitlistRequests)
    .innerJoin(appointmentRequests, eq(appointmentRequests.id, waitlistRequests.requestId))
    .innerJoin(users, eq(users.id, appointmentRequests.clientUserId))
    .leftJoin(clinics, eq(clinics.id, appointmentRequests.organizationId))
    .where(
      and(
        eq(appointmentRequests.marketplaceId, input.marketplaceId),
        eq(waitlistRequests.status, 'WAITLISTED'),
        filter.clinicId === null ? undefined : eq(appointmentRequests.organizationId, filter.clinicId),
        sql`exists (select 1 from ${waitlistRequestRanges}
                    where ${waitlistRequestRanges.waitlistRequestId} = ${waitlistRequests.id}
                      and ${waitlistRequestRanges.endsAt} > ${now}::timestamptz)`,
      ),
    )
    .orderBy(asc(waitlistRequests.id));
  return rows.sort(matchingFirstThenEarliestWindow).map(toStaffWaitlistRequestView);
}

/** One open waitlist request as `staffWaitlistColumns` reads it. */
export interface StaffWaitlistRow {
  id: number;
  requestedAt: Date;
  clientId: number;
  givenName: string | null;
  familyName: string | null;
  email: string;
  phone: string | null;
  clinicId: number | null;
  clinicName: string | null;
  clinicAddress: string | null;
  homeAddress: string | null;
  timeZone: string;
  notes: string | null;
  total: number;
  /** Whether a window holds the freed time (always false when none is named). */
  matches: boolean;
  lastOfferedAt: string | null;
  /** When its earliest window not over yet starts. */
  firstOpen: string;
  procedures: StaffRequestView['procedures'];
  windows: StaffWaitlistWindowView[];
}

/** A waitlist request with its request, client and clinic, whether it holds the freed time, and its offers. */
function staffWaitlistColumns(freed: FreedAppointment | null, now: string) {
  const matches = freed ? holdsFreedTime(freed) : sql`false`;
  return {
    id: waitlistRequests.id,
    requestedAt: waitlistRequests.createdAt,
    clientId: users.id,
    givenName: users.givenName,
    familyName: users.familyName,
    email: users.email,
    phone: users.phone,
    clinicId: clinics.id,
    clinicName: clinics.name,
    clinicAddress: clinics.address,
    homeAddress: appointmentRequests.address,
    timeZone: appointmentRequests.timeZone,
    notes: appointmentRequests.notes,
    total: appointmentRequests.totalCents,
    matches: sql<boolean>`${matches}`,
    lastOfferedAt: sql<string | null>`(
      select max(${waitlistOffers.createdAt}) from ${waitlistOffers}
      where ${waitlistOffers.waitlistRequestId} = ${waitlistRequests.id})`,
    firstOpen: sql<string>`(
      select min(${waitlistRequestRanges.startsAt}) from ${waitlistRequestRanges}
      where ${waitlistRequestRanges.waitlistRequestId} = ${waitlistRequests.id}
        and ${waitlistRequestRanges.endsAt} > ${now}::timestamptz)`,
    procedures: requestProceduresJson(),
    windows: waitlistWindowsJson(),
  };
}

/** Requests holding the freed time first, then the earliest open window, then the oldest request. */
export function matchingFirstThenEarliestWindow(a: StaffWaitlistRow, b: StaffWaitlistRow): number {
  return (
    Number(b.matches) - Number(a.matches) ||
    new Date(a.firstOpen).getTime() - new Date(b.firstOpen).getTime() ||
    a.id - b.id
  );
}

export function toStaffWaitlistRequestView(row: StaffWaitlistRow): StaffWaitlistRequestView {
  return {
    id: String(row.id),
    requestedAt: row.requestedAt.toISOString(),
    client: toStaffClientView(row),
    procedures: row.procedures,
    clinic: toClinicRef(row),
    address: row.clinicAddress ?? row.homeAddress ?? '',
    timeZone: row.timeZone,
    windows: row.windows.map(toWaitlistWindowView),
    notes: row.notes,
    total: row.total,
    matchesFreedTime: row.matches,
    lastOfferedAt: row.lastOfferedAt === null ? null : new Date(row.lastOfferedAt).toISOString(),
  };
}

/** A window as `waitlistWindowsJson` reads it, its instants as ISO 8601 (JSON gives PostgreSQL's text). */
export function toWaitlistWindowView(window: StaffWaitlistWindowView): StaffWaitlistWindowView {
  return {
    ...window,
    start: new Date(window.start).toISOString(),
    end: new Date(window.end).toISOString(),
  };
}

/**
 * Future time of cancelled or declined appointments that no live appointment of the practitioner
 * overlaps again, soonest first (at most 100), with how many open waitlist requests hold each.
 */
export async function staffFreedTimes(
  context: StaffContext & { clock: () => Date },
  marketplaceId: number,
): Promise<StaffFreedTimeView[]> {
  await requireStaff(context, marketplaceId, 'viewWaitlist');
  const now = context.clock().toISOString();
  const rows = await context.db
    .select({
      id: appointments.id,
      startsAt: appointments.startsAt,
      endsAt: appointments.endsAt,
      practitionerId: practitioners.id,
      practitionerName: practitioners.name,
      clinicId: clinics.id,
      clinicName: clinics.name,
      clinicTimeZone: clinics.timeZone,
      requestTimeZone: appointmentRequests.timeZone,
      cancellationReason: appointments.cancellationReason,
      matchingRequests: sql<number>`(
        select count(*)::int from waitlist_requests w
        join appointment_requests r on r.id = w.request_id
        where w.status = 'WAITLISTED' and r.marketplace_id = ${appointments.marketplaceId}
          and r.organization_id is not distinct from ${appointments.organizationId}
          and exists (select 1 from waitlist_request_ranges range
                      where range.waitlist_request_id = w.id
                        and range.starts_at <= ${appointments.startsAt}
                        and range.ends_at > ${appointments.startsAt}))`,
    })
    .from(appointments)
    .innerJoin(practitioners, eq(practitioners.id, appointments.practitionerId))
    .leftJoin(clinics, eq(clinics.id, appointments.organizationId))
    .leftJoin(appointmentRequests, eq(appointmentRequests.appointmentId, appointments.id))
    .where(
      and(
        eq(appointments.marketplaceId, marketplaceId),
        eq(appointments.status, 'CANCELLED'),
        gt(appointments.startsAt, sql`${now}::timestamptz`),
        sql`not exists (
          select 1 from appointments live
          where live.practitioner_id = ${appointments.practitionerId}
            and live.status in ('PENDING', 'BOOKED')
            and tstzrange(live.starts_at, live.ends_at) && tstzrange(${appointments.startsAt}, ${appointments.endsAt}))`,
      ),
    )
    .orderBy(asc(appointments.startsAt), asc(appointments.id))
    .limit(100);
  return rows.map((row) => ({
    appointmentId: String(row.id),
    start: row.startsAt.toISOString(),
    end: row.endsAt.toISOString(),
    timeZone: row.clinicTimeZone ?? row.requestTimeZone ?? 'UTC',
    practitioner: { id: String(row.practitionerId), name: row.practitionerName },
    clinic: toClinicRef(row),
    cancellationReason: row.cancellationReason,
    matchingRequests: row.matchingRequests,
  }));
}

/**
 * Offers a freed appointment's time to a waitlist request of the marketplace whose windows hold it at
 * the same place, when the practitioner can take that request's cart then; mails the client the link.
 */
export async function staffOfferWaitlistSlot(
  context: CheckoutPorts & { session: RequestSession },
  input: { marketplaceId: number; waitlistRequestId: number; freedAppointmentId: number },
) {
  const { member } = await requireStaff(context, input.marketplaceId, 'offerWaitlistSlot');
  const request = await loadWaitlistRequestForOffer(context.db, input.waitlistRequestId);
  if (!request || request.marketplaceId !== input.marketplaceId)
    throw new NotFoundError(`Waitlist request ${input.waitlistRequestId} was not found.`);
  const freed = await freedAppointment(context, input.marketplaceId, input.freedAppointmentId);
  if (request.status !== 'WAITLISTED') throw new InvalidInputError(waitlistOfferMessages.closed);
  const now = context.clock();
  if (freed.startsAt.getTime() <= now.getTime()) throw new InvalidInputError(staffWaitlistMessages.past);

  const [holds] = await context.db
    .select({ id: waitlistRequests.id })
    .from(waitlistRequests)
    .innerJoin(appointmentRequests, eq(appointmentRequests.id, waitlistRequests.requestId))
    .where(and(eq(waitlistRequests.id, request.id), holdsFreedTime(freed)));
  if (!holds) throw new InvalidInputError(staffWaitlistMessages.outsideWindows);

  const { free } = await practitionerFreeFor(context, request, freed.practitionerId, freed.startsAt, now);
  if (!free) throw new InvalidInputError(staffWaitlistMessages.notFree);
  return createWaitlistOffer(context, {
    marketplaceId: input.marketplaceId,
    request,
    freedAppointmentId: freed.id,
    practitioner: { id: freed.practitionerId, name: freed.practitionerName },
    startsAt: free.startsAt,
    endsAt: free.endsAt,
    offeredByUserId: member.userId,
  });
}

/** A waitlist request's windows (instants and the place's local times), in order. */
export function waitlistWindowsJson() {
  return sql<StaffWaitlistWindowView[]>`coalesce((
    select json_agg(json_build_object(
             'start', ${waitlistRequestRanges.startsAt},
             'end', ${waitlistRequestRanges.endsAt},
             'localStart', ${waitlistRequestRanges.localStart},
             'localEnd', ${waitlistRequestRanges.localEnd})
           order by ${waitlistRequestRanges.position})
    from ${waitlistRequestRanges}
    where ${waitlistRequestRanges.waitlistRequestId} = ${waitlistRequests.id}
  ), '[]'::json)`;
}
