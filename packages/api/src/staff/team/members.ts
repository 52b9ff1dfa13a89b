// A marketplace's staff members as the owner keeps them: invited by email with a role, their role
// changed, removed. The marketplace always keeps an owner. A removed member's sessions of the group end
// at once unless they are still staff of another marketplace of the group: a session belongs to the
// group, so ending it there would sign them out of the console they still may use.
import type { StaffRole } from '@atrium/domain';
import { and, asc, eq, ne } from 'drizzle-orm';
import { findUserByEmail, insertUser, revokeAllSessions, users } from '../../identity';
import type { Db } from '../../kernel/database/database';
import { NotFoundError } from '../../kernel/errors';
import { marketplaces } from '../../kernel/tables';
import { practitioners } from '../../scheduling';
import { requireStaff } from '../access';
import { changeAsStaff } from '../changes';
import { staffMembers } from '../tables';
import { queueInvitation } from './invitation-mail';
import type { TeamContext } from './team-context';
import { AlreadyStaffError, LastOwnerError, teamMessages } from './team-errors';

export interface StaffMemberView {
  id: string;
  email: string;
  name: string | null;
  role: 'OWNER' | 'FRONT_DESK' | 'PRACTITIONER';
  practitioner: { id: string; name: string } | null;
  addedAt: string;
  joined: boolean;
}

export interface RoleChoice {
  role: StaffRole;
  practitionerId: number | null;
}

const roleCodes = { owner: 'OWNER', front_desk: 'FRONT_DESK', practitioner: 'PRACTITIONER' } as const;

async function memberRows(db: Db, marketplaceId: number, onlyId: number | null) {
  return db
    .select({
      id: staffMembers.id,
      userId: staffMembers.userId,
      role: staffMembers.role,
      practitionerId: staffMembers.practitionerId,
      practitionerName: practitioners.name,
      email: users.email,
      givenName: users.givenName,
      familyName: users.familyName,
      emailConfirmedAt: users.emailConfirmedAt,
      createdAt: staffMembers.createdAt,
    })
    .from(staffMembers)
    .innerJoin(users, eq(users.id, staffMembers.userId))
    .leftJoin(practitioners, eq(practitioners.id, staffMembers.practitionerId))
    .where(
      and(
        eq(staffMembers.marketplaceId, marketplaceId),
        onlyId === null ? undefined : eq(staffMembers.id, onlyId),
      ),
    )
    .orderBy(asc(staffMembers.createdAt), asc(staffMembers.id));
}

type MemberRow = Awaited<ReturnType<typeof memberRows>>[number];

function toView(row: MemberRow): StaffMemberView {
  const name = [row.givenName, row.familyName].filter(Boolean).join(' ');
  return {
    id: String(row.id),
    email: row.email,
    name: name || null,
    role: roleCodes[row.role],
    practitioner:
      row.practitionerId === null
        ? null
        : { id: String(row.practitionerId), name: row.practitionerName ?? '' },
    addedAt: row.createdAt.toISOString(),
    joined: row.emailConfirmedAt !== null,
  };
}

async function memberRow(db: Db, marketplaceId: number, id: number): Promise<MemberRow> {
  const [row] = await memberRows(db, marketplaceId, id);
  if (!row) throw new NotFoundError(`Staff member ${id} was not found.`);
  return row;
}

const logged = (row: Pick<MemberRow, 'role' | 'practitionerId'>) => ({
  role: row.role,
  practitionerId: row.practitionerId,
});

export async function listMembers(context: TeamContext, marketplaceId: number): Promise<StaffMemberView[]> {
  await requireStaff(context, marketplaceId, 'editStaffMembers');
  return (await memberRows(context.db, marketplaceId, null)).map(toView);
}

/** NOT_FOUND for a practitioner not the marketplace's. */
async function requirePractitioner(tx: Db, marketplaceId: number, id: number | null) {
  if (id === null) return;
  const [row] = await tx
    .select({ id: practitioners.id })
    .from(practitioners)
    .where(and(eq(practitioners.id, id), eq(practitioners.marketplaceId, marketplaceId)));
  if (!row) throw new NotFoundError(`Practitioner ${id} was not found.`);
}

/** LAST_OWNER when the member is the marketplace's only owner (the owners' rows locked meanwhile). */
async function refuseLastOwner(tx: Db, marketplaceId: number, member: MemberRow) {
  if (member.role !== 'owner') return;
  const owners = await tx
    .select({ id: staffMembers.id })
    .from(staffMembers)
    .where(and(eq(staffMembers.marketplaceId, marketplaceId), eq(staffMembers.role, 'owner')))
    .for('update');
  if (owners.length <= 1) throw new LastOwnerError(teamMessages.lastOwner);
}

export interface InvitationInput extends RoleChoice {
  email: string;
}

/** Adds someone (a new or existing user of the group) to the staff and mails them the console's link. */
export function inviteMember(
  context: TeamContext,
  marketplaceId: number,
  input: InvitationInput,
): Promise<StaffMemberView> {
  return changeAsStaff(
    context,
    marketplaceId,
    'editStaffMembers',
    'staff-member.invite',
    async (tx, access) => {
      await requirePractitioner(tx, marketplaceId, input.practitionerId);
      const [marketplace] = await tx
        .select({ name: marketplaces.name, primaryColor: marketplaces.primaryColor, mgId: marketplaces.mgId })
        .from(marketplaces)
        .where(eq(marketplaces.id, marketplaceId));
      if (!marketplace) throw new NotFoundError(`Marketplace ${marketplaceId} was not found.`);
      const now = context.clock();
      const email = input.email.toLowerCase();
      const user =
        (await findUserByEmail(tx, marketplace.mgId, email)) ??
        (await insertUser(tx, { mgId: marketplace.mgId, email, now })) ??
        (await findUserByEmail(tx, marketplace.mgId, email));
      if (!user) throw new Error('The invited user was not created.');
      const [added] = await tx
        .insert(staffMembers)
        .values({
          marketplaceId,
          mgId: marketplace.mgId,
          userId: user.id,
          role: input.role,
          practitionerId: input.practitionerId,
        })
        .onConflictDoNothing()
        .returning({ id: staffMembers.id });
      if (!added) throw new AlreadyStaffError(teamMessages.alreadyStaff);
      // Atrium's own staff (the demo's) sign in by code from the start: the system actor invites no one.
      if (access.member) {
        await queueInvitation(tx, context.notifications, {
          to: user.email,
          role: input.role,
          invitedBy: access.member.email,
          marketplace: { id: marketplaceId, name: marketplace.name, primaryColor: marketplace.primaryColor },
        });
      }
      return {
        subject: `Staff member “${user.email}”`,
        before: null,
        after: { email: user.email, role: input.role, practitionerId: input.practitionerId },
        result: toView(await memberRow(tx, marketplaceId, added.id)),
      };
    },
  );
}

export function changeMemberRole(
  context: TeamContext,
  marketplaceId: number,
  id: number,
  choice: RoleChoice,
): Promise<StaffMemberView> {
  return changeAsStaff(context, marketplaceId, 'editStaffMembers', 'staff-member.role', async (tx) => {
    const member = await memberRow(tx, marketplaceId, id);
    await requirePractitioner(tx, marketplaceId, choice.practitionerId);
    if (choice.role !== 'owner') await refuseLastOwner(tx, marketplaceId, member);
    const practitionerId = choice.role === 'practitioner' ? choice.practitionerId : null;
    await tx.update(staffMembers).set({ role: choice.role, practitionerId }).where(eq(staffMembers.id, id));
    return {
      subject: `Staff member “${member.email}”`,
      before: logged(member),
      after: { role: choice.role, practitionerId },
      result: toView(await memberRow(tx, marketplaceId, id)),
    };
  });
}

export function removeMember(
  context: TeamContext,
  marketplaceId: number,
  id: number,
): Promise<{ sessionsEnded: boolean }> {
  return changeAsStaff(context, marketplaceId, 'editStaffMembers', 'staff-member.remove', async (tx) => {
    const member = await memberRow(tx, marketplaceId, id);
    await refuseLastOwner(tx, marketplaceId, member);
    await tx.delete(staffMembers).where(eq(staffMembers.id, id));
    const [elsewhere] = await tx
      .select({ id: staffMembers.id })
      .from(staffMembers)
      .where(and(eq(staffMembers.userId, member.userId), ne(staffMembers.marketplaceId, marketplaceId)))
      .limit(1);
    if (!elsewhere) await revokeAllSessions(tx, member.userId, context.clock());
    return {
      subject: `Staff member “${member.email}”`,
      before: { email: member.email, ...logged(member) },
      after: null,
      result: { sessionsEnded: !elsewhere },
    };
  });
}
