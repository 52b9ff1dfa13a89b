import {
  confirmUserEmail,
  confirmUserPhone,
  findUserByEmail,
  hashPassword,
  insertUser,
  replacePasswordHash,
  type UserRow,
  verifyPassword,
  writeProfile,
} from '../../identity';
import type { Db } from '../../kernel/database/database';
import { type DemoClient, demoClientPassword, demoClients } from './demo-clients';
import type { DemoMarketplace } from './demo-marketplace';

type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Writes the demo clients (one per demo marketplace group) through the identity context's services,
 * as a client's own registration, proofs and profile edits would. Idempotent: a client is found by
 * group and email; the email and phone are confirmed, the profile set to the demo's and the password
 * replaced only when it no longer matches the demo password, so a second run writes nothing.
 */
export async function seedDemoClients(tx: Transaction, demos: DemoMarketplace[], now: Date): Promise<void> {
  for (const client of demoClients) {
    const demo = demos.find((candidate) => candidate.marketplace.id === client.marketplaceId);
    if (demo) await seedDemoClient(tx, demo.group.id, client, now);
  }
}

async function seedDemoClient(tx: Transaction, mgId: number, client: DemoClient, now: Date): Promise<void> {
  const { marketplaceId: _marketplaceId, email, ...profile } = client;
  const existing = await findUserByEmail(tx, mgId, email);
  const user = existing
    ? await demoAccount(tx, existing, profile, now)
    : await insertUser(tx, {
        mgId,
        email,
        passwordHash: await hashPassword(demoClientPassword),
        emailConfirmedAt: now,
        now,
        profile,
      });
  if (!user) throw new Error(`The demo client ${email} could not be written.`);
  if (user.phone && !user.phoneConfirmedAt) await confirmUserPhone(tx, user.id, user.phone, now);
}

/**
 * An existing demo account made the demo's again. Its email is confirmed first: confirming an
 * unconfirmed address drops the password set before it, which is then set again below.
 */
async function demoAccount(
  tx: Transaction,
  existing: UserRow,
  profile: Omit<DemoClient, 'marketplaceId' | 'email'>,
  now: Date,
): Promise<UserRow | null> {
  const confirmed = await confirmUserEmail(tx, existing, now);
  const user = await writeProfile(tx, confirmed, profile, now);
  if (!user) return null;
  if (user.passwordHash && (await verifyPassword(user.passwordHash, demoClientPassword))) return user;
  return replacePasswordHash(tx, user, await hashPassword(demoClientPassword), now);
}
