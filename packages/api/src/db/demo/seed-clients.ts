import { hash, verify } from '@node-rs/argon2';
import { and, eq, sql } from 'drizzle-orm';
import { users } from '../../identity';
import type { Db } from '../../kernel/database/database';
import { type DemoClient, demoClientPassword, demoClients } from './demo-clients';
import type { DemoMarketplace } from './demo-marketplace';

type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Writes the demo clients (one per demo marketplace group). Idempotent: a client is found by group and
 * email; its profile is reset to the demo's, and its password hash is replaced only when it no longer
 * matches the demo password, so a second run leaves the rows as they were. argon2id with the same
 * defaults as services/identity/passwords.ts.
 */
export async function seedDemoClients(tx: Transaction, demos: DemoMarketplace[], now: Date): Promise<void> {
  for (const client of demoClients) {
    const demo = demos.find((candidate) => candidate.marketplace.id === client.marketplaceId);
    if (demo) await seedDemoClient(tx, demo.group.id, client, now);
  }
}

async function seedDemoClient(tx: Transaction, mgId: number, client: DemoClient, now: Date): Promise<void> {
  const profile = {
    givenName: client.givenName,
    familyName: client.familyName,
    dob: client.dob,
    phone: client.phone,
    address: client.address,
    sexAssignedAtBirth: client.sexAssignedAtBirth,
    tzid: client.tzid,
  };
  const [existing] = await tx
    .select()
    .from(users)
    .where(and(eq(users.mgId, mgId), sql`lower(${users.email}) = lower(${client.email})`));
  if (!existing) {
    await tx.insert(users).values({
      mgId,
      email: client.email,
      passwordHash: await hash(demoClientPassword),
      emailConfirmedAt: now,
      phoneConfirmedAt: now,
      createdAt: now,
      updatedAt: now,
      ...profile,
    });
    return;
  }
  const passwordMatches = existing.passwordHash
    ? await verify(existing.passwordHash, demoClientPassword)
    : false;
  await tx
    .update(users)
    .set({
      ...profile,
      passwordHash: passwordMatches ? existing.passwordHash : await hash(demoClientPassword),
      emailConfirmedAt: existing.emailConfirmedAt ?? now,
      phoneConfirmedAt: existing.phone === client.phone ? (existing.phoneConfirmedAt ?? now) : now,
    })
    .where(eq(users.id, existing.id));
}
