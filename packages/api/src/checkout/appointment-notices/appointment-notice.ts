// Everything a message about one appointment request says, read in one statement (inside the
// transaction that causes the message, so it sees that transaction's own changes).
import { eq, type SQL, sql } from 'drizzle-orm';
import { clinics, procedures } from '../../catalogue';
import { users } from '../../identity';
import type { Db } from '../../kernel/database/database';
import { marketplaces } from '../../kernel/tables';
import { type AppointmentStatus, appointments, practitioners, schedulingSettings } from '../../scheduling';
import {
  appointmentRequestProcedures,
  appointmentRequests,
  waitlistRequestRanges,
  waitlistRequests,
} from '../tables';

export interface AppointmentNotice {
  marketplace: {
    id: number;
    name: string;
    primaryColor: string;
    logo: string | null;
    /** The marketplace's own line (E.164), which clients call about at-home visits; null when unset. */
    phone: string | null;
    /** Its first clinic and that clinic's phone: who else answers when the marketplace has no line of its own. */
    clinic: { name: string; phone: string } | null;
    /** Hours before a visit until which clients may change it online; null when changes are by phone. */
    onlineChangeCutoffHours: number | null;
  };
  client: {
    email: string;
    givenName: string | null;
    familyName: string | null;
    /** E.164; texts go to it only when phoneOptIn. */
    phone: string | null;
    phoneOptIn: boolean;
  };
  /** The place's IANA zone: the clinic's, or the client's address's for an at-home visit. */
  timeZone: string;
  place: { kind: 'clinic'; name: string; address: string; phone: string } | { kind: 'home'; address: string };
  /** Procedures and add-ons, in cart order. */
  procedures: string[];
  /** A single time's appointment; null for a waitlist request. */
  appointment: {
    id: number;
    status: AppointmentStatus;
    startsAt: Date;
    endsAt: Date;
    practitioner: string;
    cancellationReason: string | null;
    /** The invitation's SEQUENCE (raised by every move). */
    calendarSequence: number;
  } | null;
  /** A waitlist request's windows in order (empty for an appointment). */
  waitlist: { startsAt: Date; endsAt: Date }[];
}

/** The request's notice, found by its appointment or by the request itself; null when there is none. */
export async function loadAppointmentNotice(
  db: Db,
  by: { appointmentId: number } | { requestId: number },
): Promise<AppointmentNotice | null> {
  const [row] = await noticeRows(
    db,
    'appointmentId' in by
      ? eq(appointmentRequests.appointmentId, by.appointmentId)
      : eq(appointmentRequests.id, by.requestId),
  );
  return row ? toNotice(row) : null;
}

/** The requests' rows with their marketplace, client, clinic (if any) and appointment (if any). */
function noticeRows(db: Db, where: SQL) {
  return db
    .select(noticeColumns)
    .from(appointmentRequests)
    .innerJoin(marketplaces, eq(marketplaces.id, appointmentRequests.marketplaceId))
    .innerJoin(users, eq(users.id, appointmentRequests.clientUserId))
    .leftJoin(clinics, eq(clinics.id, appointmentRequests.organizationId))
    .leftJoin(appointments, eq(appointments.id, appointmentRequests.appointmentId))
    .leftJoin(practitioners, eq(practitioners.id, appointments.practitionerId))
    .where(where);
}

type NoticeRow = Awaited<ReturnType<typeof noticeRows>>[number];

/** The names of the request's procedures and add-ons in cart order, as a JSON array. */
const procedureNames = sql<string[]>`coalesce((
  select json_agg(${procedures.name} order by ${appointmentRequestProcedures.position})
  from ${appointmentRequestProcedures}
  join ${procedures} on ${procedures.id} = ${appointmentRequestProcedures.procedureId}
  where ${appointmentRequestProcedures.requestId} = ${appointmentRequests.id}
), '[]'::json)`;

/** A waitlist request's windows in order, as a JSON array (empty for a request holding a time). */
const waitlistWindows = sql<{ startsAt: string; endsAt: string }[]>`coalesce((
  select json_agg(json_build_object('startsAt', ${waitlistRequestRanges.startsAt},
                                    'endsAt', ${waitlistRequestRanges.endsAt})
                  order by ${waitlistRequestRanges.position})
  from ${waitlistRequests}
  join ${waitlistRequestRanges} on ${waitlistRequestRanges.waitlistRequestId} = ${waitlistRequests.id}
  where ${waitlistRequests.requestId} = ${appointmentRequests.id}
), '[]'::json)`;

/** The marketplace's first clinic (as it lists them) with its phone, as JSON; null when it has none. */
const firstClinicPhone = sql<{ name: string; phone: string } | null>`(
  select json_build_object('name', c.name, 'phone', c.phone) from ${clinics} c
  where c.marketplace_id = ${marketplaces.id}
  order by c.position, c.id limit 1
)`;

/** The cut-off of online changes when the marketplace allows them (its scheduling rules), else null. */
const onlineChangeCutoff = sql<number | null>`(
  select ${schedulingSettings.clientChangeCutoffHours} from ${schedulingSettings}
  where ${schedulingSettings.marketplaceId} = ${marketplaces.id} and ${schedulingSettings.clientChanges} = 'online'
)`;

const noticeColumns = {
  marketplaceId: marketplaces.id,
  marketplaceName: marketplaces.name,
  primaryColor: marketplaces.primaryColor,
  logo: marketplaces.logo,
  marketplacePhone: marketplaces.phone,
  firstClinic: firstClinicPhone,
  onlineChangeCutoff,
  email: users.email,
  givenName: users.givenName,
  familyName: users.familyName,
  phone: users.phone,
  phoneOptIn: users.phoneOptIn,
  timeZone: appointmentRequests.timeZone,
  address: appointmentRequests.address,
  clinicName: clinics.name,
  clinicAddress: clinics.address,
  clinicPhone: clinics.phone,
  appointmentId: appointments.id,
  status: appointments.status,
  startsAt: appointments.startsAt,
  endsAt: appointments.endsAt,
  cancellationReason: appointments.cancellationReason,
  calendarSequence: appointments.calendarSequence,
  practitioner: practitioners.name,
  procedures: procedureNames,
  waitlist: waitlistWindows,
};

function toNotice(row: NoticeRow): AppointmentNotice {
  return {
    marketplace: {
      id: row.marketplaceId,
      name: row.marketplaceName,
      primaryColor: row.primaryColor,
      logo: row.logo,
      phone: row.marketplacePhone,
      clinic: row.firstClinic,
      onlineChangeCutoffHours: row.onlineChangeCutoff === null ? null : Number(row.onlineChangeCutoff),
    },
    client: {
      email: row.email,
      givenName: row.givenName,
      familyName: row.familyName,
      phone: row.phone,
      phoneOptIn: row.phoneOptIn,
    },
    timeZone: row.timeZone,
    place: noticePlace(row),
    procedures: row.procedures,
    appointment: noticeAppointment(row),
    waitlist: row.waitlist.map((range) => ({
      startsAt: new Date(range.startsAt),
      endsAt: new Date(range.endsAt),
    })),
  };
}

/** The clinic of a clinic visit, else the client's address of an at-home visit. */
function noticePlace(row: NoticeRow): AppointmentNotice['place'] {
  return row.clinicName !== null
    ? { kind: 'clinic', name: row.clinicName, address: row.clinicAddress ?? '', phone: row.clinicPhone ?? '' }
    : { kind: 'home', address: row.address ?? '' };
}

function noticeAppointment(row: NoticeRow): AppointmentNotice['appointment'] {
  if (row.appointmentId === null || row.status === null || row.startsAt === null || row.endsAt === null) {
    return null;
  }
  return {
    id: row.appointmentId,
    status: row.status,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    practitioner: row.practitioner ?? '',
    cancellationReason: row.cancellationReason,
    calendarSequence: row.calendarSequence ?? 0,
  };
}
