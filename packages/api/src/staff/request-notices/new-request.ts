// What the staff are told of a new request, read in one statement in the fan-out's transaction, and
// who is told: the members who want the mail and whose role lets them see that request.
import { type StaffRole, staffScope } from '@atrium/domain';
import { and, eq } from 'drizzle-orm';
import { clinics } from '../../catalogue';
import { appointmentRequests } from '../../checkout';
import { users } from '../../identity';
import type { Db } from '../../kernel/database/database';
import { marketplaces } from '../../kernel/tables';
import { type AppointmentStatus, appointments, practitioners } from '../../scheduling';
import { requestProceduresJson } from '../requests';
import { staffMembers } from '../tables';

export interface NewRequest {
  appointmentId: number;
  status: AppointmentStatus;
  marketplace: { id: number; name: string; primaryColor: string; logo: string | null };
  startsAt: Date;
  /** The place's IANA zone. */
  timeZone: string;
  /** The clinic, or null for a visit at the client's address. */
  clinic: { name: string; address: string } | null;
  address: string;
  practitioner: { id: number; name: string };
  client: { givenName: string | null; familyName: string | null; email: string };
  /** Procedures and add-ons, in cart order. */
  procedures: string[];
  /** Cents, tip included. */
  total: number;
}

export interface NewRequestRecipient {
  email: string;
  givenName: string | null;
  role: StaffRole;
}

/** The request holding the appointment's time, or null when the appointment has none (or is gone). */
export async function loadNewRequest(db: Db, appointmentId: number): Promise<NewRequest | null> {
  const [row] = await db
    .select({
      status: appointments.status,
      marketplace: {
        id: marketplaces.id,
        name: marketplaces.name,
        primaryColor: marketplaces.primaryColor,
        logo: marketplaces.logo,
      },
      startsAt: appointments.startsAt,
      timeZone: appointmentRequests.timeZone,
      clinicName: clinics.name,
      clinicAddress: clinics.address,
      homeAddress: appointments.address,
      practitioner: { id: practitioners.id, name: practitioners.name },
      client: { givenName: users.givenName, familyName: users.familyName, email: users.email },
      procedures: requestProceduresJson(),
      total: appointmentRequests.totalCents,
    })
    .from(appointments)
    .innerJoin(appointmentRequests, eq(appointmentRequests.appointmentId, appointments.id))
    .innerJoin(marketplaces, eq(marketplaces.id, appointments.marketplaceId))
    .innerJoin(users, eq(users.id, appointmentRequests.clientUserId))
    .innerJoin(practitioners, eq(practitioners.id, appointments.practitionerId))
    .leftJoin(clinics, eq(clinics.id, appointments.organizationId))
    .where(eq(appointments.id, appointmentId));
  if (!row) return null;
  const { clinicName, clinicAddress, homeAddress, procedures, ...rest } = row;
  return {
    ...rest,
    appointmentId,
    clinic: clinicName === null ? null : { name: clinicName, address: clinicAddress ?? '' },
    address: clinicAddress ?? homeAddress ?? '',
    procedures: procedures.map((procedure) => procedure.name),
  };
}

/**
 * The marketplace's members who keep new-request mails on and may see the request: the owner and
 * the front desk every one, a practitioner only those assigned to them (staffPermissions' followNewRequests).
 */
export async function newRequestRecipients(db: Db, request: NewRequest): Promise<NewRequestRecipient[]> {
  const members = await db
    .select({
      email: users.email,
      givenName: users.givenName,
      role: staffMembers.role,
      practitionerId: staffMembers.practitionerId,
    })
    .from(staffMembers)
    .innerJoin(users, eq(users.id, staffMembers.userId))
    .where(
      and(eq(staffMembers.marketplaceId, request.marketplace.id), eq(staffMembers.notifyNewRequests, true)),
    )
    .orderBy(staffMembers.id);
  return members
    .filter((member) => {
      const scope = staffScope(member.role, 'followNewRequests');
      return (
        scope === 'marketplace' || (scope === 'own' && member.practitionerId === request.practitioner.id)
      );
    })
    .map(({ email, givenName, role }) => ({ email, givenName, role }));
}
