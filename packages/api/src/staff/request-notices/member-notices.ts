// The signed-in member's own side of new requests: how many arrived since they last opened Requests,
// marking them seen, and their mail about each one on or off. Each acts on the caller's membership
// only; none is a change of the marketplace, so none goes to the activity log or moves its revision.
import { and, count, eq, gt, isNull, or, type SQL, sql } from 'drizzle-orm';
import { appointmentRequests } from '../../checkout';
import type { Db } from '../../kernel/database/database';
import { appointments } from '../../scheduling';
import { requireStaff, type StaffAccess, type StaffContext } from '../access';
import { staffMembers } from '../tables';

export interface RequestNoticeSettingsView {
  mailNewRequests: boolean;
}

/** Only the member's own appointments for an 'own' reach (none if they are no practitioner). */
function reachOf({ member, scope }: StaffAccess): SQL | undefined {
  if (scope === 'marketplace') return undefined;
  return member.practitionerId === null ? sql`false` : eq(appointments.practitionerId, member.practitionerId);
}

/**
 * The PENDING requests the member may see that arrived after they last opened Requests (all of them
 * before they first did), by when the appointment was made: a waitlist request counts when it takes a time.
 */
export async function unreadRequestCount(context: StaffContext, marketplaceId: number): Promise<number> {
  const access = await requireStaff(context, marketplaceId, 'followNewRequests');
  return countUnread(context.db, marketplaceId, access);
}

/** The member opened Requests at `now`: what arrived until then is read. Answers the count left (0). */
export async function markRequestsSeen(
  context: StaffContext,
  marketplaceId: number,
  now: Date,
): Promise<number> {
  const access = await requireStaff(context, marketplaceId, 'followNewRequests');
  await context.db
    .update(staffMembers)
    .set({ requestsSeenAt: now })
    .where(eq(staffMembers.id, access.member.id));
  return countUnread(context.db, marketplaceId, access);
}

async function countUnread(db: Db, marketplaceId: number, access: StaffAccess): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(appointments)
    .innerJoin(appointmentRequests, eq(appointmentRequests.appointmentId, appointments.id))
    .innerJoin(staffMembers, eq(staffMembers.id, access.member.id))
    .where(
      and(
        eq(appointments.marketplaceId, marketplaceId),
        eq(appointments.status, 'PENDING'),
        reachOf(access),
        or(isNull(staffMembers.requestsSeenAt), gt(appointments.createdAt, staffMembers.requestsSeenAt)),
      ),
    );
  return row?.unread ?? 0;
}

export async function requestNoticeSettings(
  context: StaffContext,
  marketplaceId: number,
): Promise<RequestNoticeSettingsView> {
  const { member } = await requireStaff(context, marketplaceId, 'followNewRequests');
  const [row] = await context.db
    .select({ mailNewRequests: staffMembers.notifyNewRequests })
    .from(staffMembers)
    .where(eq(staffMembers.id, member.id));
  return { mailNewRequests: row?.mailNewRequests ?? false };
}

/** Turns the caller's own mail about each new request on or off; no other member's. */
export async function setNewRequestMails(
  context: StaffContext,
  marketplaceId: number,
  enabled: boolean,
): Promise<RequestNoticeSettingsView> {
  const { member } = await requireStaff(context, marketplaceId, 'followNewRequests');
  const [row] = await context.db
    .update(staffMembers)
    .set({ notifyNewRequests: enabled })
    .where(and(eq(staffMembers.id, member.id), eq(staffMembers.marketplaceId, marketplaceId)))
    .returning({ mailNewRequests: staffMembers.notifyNewRequests });
  return { mailNewRequests: row?.mailNewRequests ?? enabled };
}
