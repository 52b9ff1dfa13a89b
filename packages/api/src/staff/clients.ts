// Clients in the staff console. A marketplace's clients are the users of its group who sent
// it at least one request (an appointment or a waitlist request): a group's other marketplaces' clients
// and its staff are not this front desk's business. Found by name, email or phone (digits anywhere in
// the E.164 number); one client's appointments, waitlist requests, memberships and packages of it.
import { and, desc, eq, exists, type SQL, sql } from 'drizzle-orm';
import { clinics } from '../catalogue';
import { appointmentRequests, waitlistRequests } from '../checkout';
import { users } from '../identity';
import type { Db } from '../kernel/database/database';
import { NotFoundError } from '../kernel/errors';
import {
  membershipDefinitions,
  memberships,
  packageItemDefinitions,
  packageItems,
  packages,
} from '../memberships';
import { appointments, practitioners } from '../scheduling';
import { requireStaff, type StaffContext } from './access';
import { requestProceduresJson, type StaffClientView, type StaffRequestView, toClinicRef } from './requests';
import { type StaffWaitlistWindowView, toWaitlistWindowView, waitlistWindowsJson } from './waitlist';

const resultLimit = 50;

export type { StaffClientView };

/** `%text%` for LIKE, with LIKE's own wildcards taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * The marketplace's clients matching the search (name, email, or three or more digits of the phone),
 * most recently active first. A blank search lists the most recent.
 */
export async function staffClients(
  context: StaffContext,
  input: { marketplaceId: number; search: string },
): Promise<StaffClientView[]> {
  await requireStaff(context, input.marketplaceId, 'viewClients');
  const search = input.search.trim().replace(/\s+/g, ' ');
  const digits = search.replace(/\D/g, '');
  const matches: SQL[] = [];
  if (search) {
    const pattern = containing(search);
    matches.push(
      sql`(coalesce(${users.givenName}, '') || ' ' || coalesce(${users.familyName}, '')) ilike ${pattern}`,
      sql`(coalesce(${users.familyName}, '') || ' ' || coalesce(${users.givenName}, '')) ilike ${pattern}`,
      sql`${users.email} ilike ${pattern}`,
    );
    if (digits.length >= 3) {
      // A US number may be typed without the country code: its E.164 holds the digits either way.
      matches.push(
        sql`regexp_replace(coalesce(${users.phone}, ''), '[^0-9]', '', 'g') like ${containing(digits)}`,
      );
    }
  }
  const lastActive = sql<Date>`max(${appointmentRequests.createdAt})`;
  const rows = await context.db
    .select({
      id: users.id,
      givenName: users.givenName,
      familyName: users.familyName,
      email: users.email,
      phone: users.phone,
      lastActive,
    })
    .from(users)
    .innerJoin(appointmentRequests, eq(appointmentRequests.clientUserId, users.id))
    .where(
      and(
        eq(appointmentRequests.marketplaceId, input.marketplaceId),
        matches.length > 0 ? sql`(${sql.join(matches, sql` or `)})` : undefined,
      ),
    )
    .groupBy(users.id)
    .orderBy(desc(lastActive), desc(users.id))
    .limit(resultLimit);
  return rows.map(({ lastActive: _lastActive, ...row }) => ({ ...row, id: String(row.id) }));
}

export interface StaffClientDetailView {
  client: StaffClientView;
  appointments: {
    id: string;
    status: 'PENDING' | 'BOOKED' | 'COMPLETE' | 'CANCELLED' | 'NO_SHOW';
    start: string;
    end: string;
    timeZone: string;
    procedures: StaffRequestView['procedures'];
    practitioner: { id: string; name: string };
    clinic: { id: string; name: string } | null;
    total: number;
  }[];
  waitlist: {
    id: string;
    status: 'WAITLISTED' | 'BOOKED' | 'CANCELLED';
    requestedAt: string;
    timeZone: string;
    procedures: StaffRequestView['procedures'];
    windows: StaffWaitlistWindowView[];
  }[];
  memberships: {
    id: string;
    name: string;
    status: string;
    renewalDate: string;
    price: number;
    period: string;
  }[];
  packages: { id: string; name: string; balance: number; totalPoints: number; expiresAt: string | null }[];
}

/** One client of the marketplace; NOT_FOUND for anyone who never sent it a request. */
export async function staffClient(
  context: StaffContext,
  input: { marketplaceId: number; clientId: number },
): Promise<StaffClientDetailView> {
  await requireStaff(context, input.marketplaceId, 'viewClients');
  const client: ClientOfMarketplace = { db: context.db, ...input };
  return {
    client: await clientDetails(client),
    appointments: await clientAppointments(client),
    waitlist: await clientWaitlistRequests(client),
    memberships: await clientMemberships(client),
    packages: await clientPackages(client),
  };
}

/** A user as a client of one marketplace: what the front desk may read of them there. */
export interface ClientOfMarketplace {
  db: Db;
  marketplaceId: number;
  clientId: number;
}

/** The client's requests to this marketplace (not to the group's other marketplaces). */
const requestsOf = ({ marketplaceId, clientId }: ClientOfMarketplace) =>
  and(eq(appointmentRequests.clientUserId, clientId), eq(appointmentRequests.marketplaceId, marketplaceId));

export async function clientDetails({
  db,
  marketplaceId,
  clientId,
}: ClientOfMarketplace): Promise<StaffClientView> {
  const [client] = await db
    .select({
      id: users.id,
      givenName: users.givenName,
      familyName: users.familyName,
      email: users.email,
      phone: users.phone,
    })
    .from(users)
    .where(
      and(
        eq(users.id, clientId),
        exists(
          db
            .select({ one: sql`1` })
            .from(appointmentRequests)
            .where(
              and(
                eq(appointmentRequests.clientUserId, users.id),
                eq(appointmentRequests.marketplaceId, marketplaceId),
              ),
            ),
        ),
      ),
    );
  if (!client) throw new NotFoundError(`Client ${clientId} was not found.`);
  return { ...client, id: String(client.id) };
}

async function clientAppointments(
  client: ClientOfMarketplace,
): Promise<StaffClientDetailView['appointments']> {
  const rows = await client.db
    .select({
      id: appointments.id,
      status: appointments.status,
      startsAt: appointments.startsAt,
      endsAt: appointments.endsAt,
      timeZone: appointmentRequests.timeZone,
      procedures: requestProceduresJson(),
      practitionerId: practitioners.id,
      practitionerName: practitioners.name,
      clinicId: clinics.id,
      clinicName: clinics.name,
      total: appointmentRequests.totalCents,
    })
    .from(appointmentRequests)
    .innerJoin(appointments, eq(appointments.id, appointmentRequests.appointmentId))
    .innerJoin(practitioners, eq(practitioners.id, appointments.practitionerId))
    .leftJoin(clinics, eq(clinics.id, appointments.organizationId))
    .where(requestsOf(client))
    .orderBy(desc(appointments.startsAt), desc(appointments.id));
  return rows.map((row) => ({
    id: String(row.id),
    status: row.status,
    start: row.startsAt.toISOString(),
    end: row.endsAt.toISOString(),
    timeZone: row.timeZone,
    procedures: row.procedures,
    practitioner: { id: String(row.practitionerId), name: row.practitionerName },
    clinic: toClinicRef(row),
    total: row.total,
  }));
}

async function clientWaitlistRequests(
  client: ClientOfMarketplace,
): Promise<StaffClientDetailView['waitlist']> {
  const rows = await client.db
    .select({
      id: waitlistRequests.id,
      status: waitlistRequests.status,
      requestedAt: waitlistRequests.createdAt,
      timeZone: appointmentRequests.timeZone,
      procedures: requestProceduresJson(),
      windows: waitlistWindowsJson(),
    })
    .from(waitlistRequests)
    .innerJoin(appointmentRequests, eq(appointmentRequests.id, waitlistRequests.requestId))
    .where(requestsOf(client))
    .orderBy(desc(waitlistRequests.createdAt), desc(waitlistRequests.id));
  return rows.map((row) => ({
    id: String(row.id),
    status: row.status,
    requestedAt: row.requestedAt.toISOString(),
    timeZone: row.timeZone,
    procedures: row.procedures,
    windows: row.windows.map(toWaitlistWindowView),
  }));
}

async function clientMemberships({
  db,
  marketplaceId,
  clientId,
}: ClientOfMarketplace): Promise<StaffClientDetailView['memberships']> {
  const rows = await db
    .select({
      id: memberships.id,
      name: membershipDefinitions.name,
      status: memberships.status,
      renewalDate: memberships.renewalDate,
      // What this member pays (the price when bought), not the definition's price for new members.
      price: memberships.priceCents,
      period: membershipDefinitions.period,
    })
    .from(memberships)
    .innerJoin(membershipDefinitions, eq(membershipDefinitions.id, memberships.membershipDefinitionId))
    .where(and(eq(memberships.userId, clientId), eq(memberships.marketplaceId, marketplaceId)))
    .orderBy(desc(memberships.createdAt), desc(memberships.id));
  return rows.map((row) => ({ ...row, id: String(row.id) }));
}

async function clientPackages({
  db,
  marketplaceId,
  clientId,
}: ClientOfMarketplace): Promise<StaffClientDetailView['packages']> {
  const rows = await db
    .select({
      id: packageItems.id,
      name: packages.name,
      balance: packageItems.balance,
      totalPoints: packageItems.totalPoints,
      expiresAt: packageItems.expiresAt,
    })
    .from(packageItems)
    .innerJoin(packageItemDefinitions, eq(packageItemDefinitions.id, packageItems.packageItemDefinitionId))
    .innerJoin(packages, eq(packages.id, packageItemDefinitions.packageId))
    .where(and(eq(packageItems.userId, clientId), eq(packages.marketplaceId, marketplaceId)))
    .orderBy(desc(packageItems.createdAt), desc(packageItems.id));
  return rows.map((row) => ({
    ...row,
    id: String(row.id),
    expiresAt: row.expiresAt?.toISOString() ?? null,
  }));
}
