import { and, eq, sql } from 'drizzle-orm';
import { users } from '../../identity';
import type { Db } from '../../kernel/database/database';
import { staffMembers } from '../../staff';
import type { DemoMarketplace } from './demo-marketplace';
import { type DemoStaffMember, demoStaff } from './demo-staff';

type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Writes the demo staff: each a user of the marketplace's group (email confirmed, no password: they
 * sign in by code) and their membership with its role. Idempotent: found by group and email, the
 * name and role reset to the demo's.
 */
export async function seedDemoStaff(tx: Transaction, demos: DemoMarketplace[], now: Date): Promise<void> {
  for (const member of demoStaff) {
    const demo = demos.find((candidate) => candidate.marketplace.id === member.marketplaceId);
    if (demo) await seedStaffMember(tx, demo.group.id, member, now);
  }
}

async function seedStaffMember(tx: Transaction, mgId: number, member: DemoStaffMember, now: Date) {
  const name = { givenName: member.givenName, familyName: member.familyName };
  const [existing] = await tx
    .select({ id: users.id, emailConfirmedAt: users.emailConfirmedAt })
    .from(users)
    .where(and(eq(users.mgId, mgId), sql`lower(${users.email}) = lower(${member.email})`));
  const [user] = existing
    ? await tx
        .update(users)
        .set({ ...name, emailConfirmedAt: existing.emailConfirmedAt ?? now })
        .where(eq(users.id, existing.id))
        .returning({ id: users.id })
    : await tx
        .insert(users)
        .values({ mgId, email: member.email, emailConfirmedAt: now, createdAt: now, updatedAt: now, ...name })
        .returning({ id: users.id });
  if (!user) throw new Error(`The demo staff member ${member.email} could not be written.`);
  const membership = { role: member.role, practitionerId: member.practitionerId ?? null };
  await tx
    .insert(staffMembers)
    .values({ marketplaceId: member.marketplaceId, mgId, userId: user.id, ...membership })
    .onConflictDoUpdate({ target: [staffMembers.marketplaceId, staffMembers.userId], set: membership });
}
