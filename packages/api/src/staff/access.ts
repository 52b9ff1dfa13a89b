// The one guard of every staff operation: signed in (UNAUTHENTICATED), staff of this
// marketplace and allowed by the role (FORBIDDEN), per @atrium/domain's staffPermissions.
import { type StaffOperation, type StaffRole, staffScope } from '@atrium/domain';
import { and, eq } from 'drizzle-orm';
import type { RequestSession } from '../identity';
import {
  ForbiddenError,
  signInRequired,
  type Tenant,
  tenantOfMarketplace,
  UnauthenticatedError,
  users,
} from '../identity';
import type { Db } from '../kernel/database/database';
import { NotFoundError } from '../kernel/errors';
import { appointments, practitioners } from '../scheduling';
import { staffMembers } from './tables';

/**
 * Atrium itself changing a marketplace: the demo seed. Its changes go through the same services and
 * the activity log records its name as their actor. Only the composition root makes one (`systemContext`);
 * no request can, since every resolver builds its context from the request's session.
 */
export interface SystemActor {
  readonly kind: 'system';
  readonly name: string;
}

/**
 * Staff signed in to the marketplace's group, or Atrium's own system actor (changes only), which has
 * no session (`never`, so `StaffContext['session']` stays the request's).
 */
export type StaffContext =
  | { db: Db; session: RequestSession; system?: undefined }
  | { db: Db; session: never; system: SystemActor };

/** The context in which the system actor named `name` changes marketplaces. */
export const systemContext = (db: Db, name: string): Extract<StaffContext, { system: SystemActor }> => ({
  db,
  session: undefined as never,
  system: { kind: 'system', name },
});

/** A context with a session: what every guard but changeAsStaff's needs. */
type SessionContext = Extract<StaffContext, { system?: undefined }>;

export interface StaffMember {
  id: number;
  userId: number;
  role: StaffRole;
  /** The practitioner a practitioner member is; null for the other roles. */
  practitionerId: number | null;
  givenName: string | null;
  familyName: string | null;
  email: string;
  marketplace: Tenant & { marketplaceId: number };
}

/** A member allowed an operation, and on which appointments: all of the marketplace's, or their own. */
export interface StaffAccess {
  member: StaffMember;
  scope: 'marketplace' | 'own';
}

export const staffMessages = {
  notStaff: 'You are not on the staff of this marketplace.',
  notAllowed: 'Your role does not allow this.',
} as const;

/**
 * The signed-in user's staff membership of a marketplace, or null (signed out, or not its staff).
 * The session is the one of the marketplace's own group, whatever the request names. NOT_FOUND for an
 * unknown marketplace.
 */
export async function currentStaffMember(
  { db, session }: SessionContext,
  marketplaceId: number,
): Promise<{ signedIn: boolean; member: StaffMember | null }> {
  const tenant = await tenantOfMarketplace(db, marketplaceId);
  const current = await session.current(tenant.mgId);
  if (!current) return { signedIn: false, member: null };
  const [row] = await db
    .select({
      id: staffMembers.id,
      userId: staffMembers.userId,
      role: staffMembers.role,
      practitionerId: staffMembers.practitionerId,
      givenName: users.givenName,
      familyName: users.familyName,
      email: users.email,
    })
    .from(staffMembers)
    .innerJoin(users, eq(users.id, staffMembers.userId))
    .where(and(eq(staffMembers.marketplaceId, marketplaceId), eq(staffMembers.userId, current.userId)));
  return {
    signedIn: true,
    member: row ? { ...row, marketplace: { ...tenant, marketplaceId } } : null,
  };
}

/**
 * The guard: the member and the reach of their permission for the operation. UNAUTHENTICATED when
 * signed out of the marketplace's group, FORBIDDEN when not its staff or the role does not allow it.
 * The system actor is no staff member: it only makes changes, through changeAsStaff.
 */
export async function requireStaff(
  context: StaffContext,
  marketplaceId: number,
  operation: StaffOperation,
): Promise<StaffAccess> {
  if (context.system) throw new ForbiddenError(staffMessages.notStaff);
  const { signedIn, member } = await currentStaffMember(context, marketplaceId);
  if (!signedIn) throw new UnauthenticatedError(signInRequired);
  if (!member) throw new ForbiddenError(staffMessages.notStaff);
  const scope = staffScope(member.role, operation);
  if (scope === 'none') throw new ForbiddenError(staffMessages.notAllowed);
  return { member, scope };
}

/**
 * The guard for an operation on one appointment: requireStaff, then the appointment must be the
 * marketplace's (and the member's own for an 'own' permission); any other is NOT_FOUND, exactly
 * like one that does not exist, so nothing of another marketplace is told.
 */
export async function requireStaffOnAppointment(
  context: StaffContext,
  marketplaceId: number,
  appointmentId: number,
  operation: StaffOperation,
): Promise<StaffAccess> {
  const access = await requireStaff(context, marketplaceId, operation);
  const [row] = await context.db
    .select({ practitionerId: appointments.practitionerId })
    .from(appointments)
    .where(and(eq(appointments.id, appointmentId), eq(appointments.marketplaceId, marketplaceId)));
  const reachable =
    row !== undefined &&
    (access.scope === 'marketplace' || row.practitionerId === access.member.practitionerId);
  if (!reachable) throw new NotFoundError(`Appointment ${appointmentId} was not found.`);
  return access;
}

export interface StaffViewerView {
  role: 'OWNER' | 'FRONT_DESK' | 'PRACTITIONER';
  name: string;
  email: string;
  marketplace: { id: string; name: string };
  practitioner: { id: string; name: string } | null;
}

/** Who the signed-in user is on this marketplace's staff; null when signed out or not its staff. */
export async function staffViewer(
  context: StaffContext,
  marketplaceId: number,
): Promise<StaffViewerView | null> {
  if (context.system) return null;
  const { member } = await currentStaffMember(context, marketplaceId);
  if (!member) return null;
  const [practitioner] =
    member.practitionerId === null
      ? []
      : await context.db
          .select({ id: practitioners.id, name: practitioners.name })
          .from(practitioners)
          .where(eq(practitioners.id, member.practitionerId));
  const name = [member.givenName, member.familyName].filter(Boolean).join(' ');
  return {
    role: member.role === 'owner' ? 'OWNER' : member.role === 'front_desk' ? 'FRONT_DESK' : 'PRACTITIONER',
    name: name || member.email,
    email: member.email,
    marketplace: { id: String(marketplaceId), name: member.marketplace.name },
    practitioner: practitioner ? { id: String(practitioner.id), name: practitioner.name } : null,
  };
}
