import { and, eq, sql } from 'drizzle-orm';
import { confirmUserEmail, findUserByEmail, users, writeProfile } from '../../identity';
import { changeMemberRole, inviteMember, staffMembers } from '../../staff';
import { type DemoStaffMember, demoStaff } from './demo-staff';
import type { SeedContext } from './seed-context';

/**
 * Writes the marketplace's demo staff through the Team section's services (the owner is already on
 * the staff: the marketplace was created with them): a missing member is added with their role (the
 * system actor mails no invitation: they sign in by code), a member whose role differs gets the demo's.
 * Their user's name and confirmed email go through the identity context's services.
 */
export async function seedDemoStaff(
  context: SeedContext,
  marketplaceId: number,
  mgId: number,
): Promise<void> {
  for (const member of demoStaff.filter((candidate) => candidate.marketplaceId === marketplaceId)) {
    await seedStaffMember(context, mgId, member);
    await seedProfile(context, mgId, member);
  }
}

async function seedStaffMember(context: SeedContext, mgId: number, member: DemoStaffMember) {
  const choice = { role: member.role, practitionerId: member.practitionerId ?? null };
  const [current] = await context.db
    .select({ id: staffMembers.id, role: staffMembers.role, practitionerId: staffMembers.practitionerId })
    .from(staffMembers)
    .innerJoin(users, eq(users.id, staffMembers.userId))
    .where(and(eq(staffMembers.marketplaceId, member.marketplaceId), sameEmail(mgId, member.email)));
  if (!current) {
    await inviteMember(context, member.marketplaceId, { email: member.email, ...choice });
  } else if (current.role !== choice.role || current.practitionerId !== choice.practitionerId) {
    await changeMemberRole(context, member.marketplaceId, current.id, choice);
  }
}

const sameEmail = (mgId: number, email: string) =>
  and(eq(users.mgId, mgId), sql`lower(${users.email}) = lower(${email})`);

/**
 * The demo's name, through the identity context's profile write, and the email confirmed (as after a
 * first sign-in, by the identity context's own proof) unless it already was.
 */
async function seedProfile(context: SeedContext, mgId: number, member: DemoStaffMember) {
  const user = await findUserByEmail(context.db, mgId, member.email);
  if (!user) throw new Error(`The demo staff member ${member.email} has no user.`);
  const now = context.clock();
  const named = await writeProfile(
    context.db,
    user,
    { givenName: member.givenName, familyName: member.familyName },
    now,
  );
  await confirmUserEmail(context.db, named ?? user, now);
}
