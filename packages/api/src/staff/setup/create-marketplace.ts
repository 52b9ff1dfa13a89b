// The operator creates a marketplace: closed to clients, with its owner invited to the console.
import { NEW_MARKETPLACE_COLOR } from '@atrium/domain';
import { eq } from 'drizzle-orm';
import { findUserByEmail, insertUser } from '../../identity';
import type { Db } from '../../kernel/database/database';
import { NotFoundError } from '../../kernel/errors';
import { marketplaceGroups, marketplaces } from '../../kernel/tables';
import { type NotificationSettings, queueMessage } from '../../notifications';
import { schedulingSettings } from '../../scheduling';
import type { SystemActor } from '../access';
import { type CreateOptions, fixedId, recordChange } from '../changes';
import { staffMembers } from '../tables';
import { ownerInvitationEmail } from './invitation-mail';
import { marketplaceSetups } from './tables';

export interface NewMarketplace {
  name: string;
  group: { id: number } | { name: string };
  providesAtHome: boolean;
  timeZone: string;
  ownerEmail: string;
}

export interface CreatedMarketplaceView {
  id: string;
  mgId: string;
  name: string;
  consoleUrl: string;
  ownerEmail: string;
}

export interface OperatorSetupDependencies {
  db: Db;
  notifications: NotificationSettings;
  clock: () => Date;
}

/**
 * How the demo seed creates its marketplaces (no request passes these): with fixed ids for the new
 * group and marketplace, recorded as the system actor's, and without an invitation (its staff sign in
 * by code from the start).
 */
export interface SystemCreation {
  system: SystemActor;
  marketplaceId: number;
  groupId: number;
}

/** The group's id: the existing one (NOT_FOUND when unknown) or a new group's. */
async function groupOf(tx: Db, group: NewMarketplace['group'], fixed: CreateOptions): Promise<number> {
  if ('name' in group) {
    const [created] = await tx
      .insert(marketplaceGroups)
      .values({ ...fixedId(fixed), name: group.name })
      .returning({ id: marketplaceGroups.id });
    if (!created) throw new Error('The marketplace group was not created');
    return created.id;
  }
  const [found] = await tx
    .select({ id: marketplaceGroups.id })
    .from(marketplaceGroups)
    .where(eq(marketplaceGroups.id, group.id));
  if (!found) throw new NotFoundError(`Marketplace group ${group.id} was not found.`);
  return found.id;
}

/** The owner: the group's user with that email, or a new one who proves the address by signing in. */
async function ownerOf(tx: Db, mgId: number, email: string, now: Date): Promise<number> {
  const existing = await findUserByEmail(tx, mgId, email);
  if (existing) return existing.id;
  const created = await insertUser(tx, { mgId, email, now });
  if (!created) throw new Error('The owner was created by another request at the same time');
  return created.id;
}

/** The closed marketplace with its default scheduling rules and setup row; its id. */
async function insertMarketplace(tx: Db, mgId: number, input: NewMarketplace, fixed: CreateOptions) {
  const [marketplace] = await tx
    .insert(marketplaces)
    .values({
      ...fixedId(fixed),
      mgId,
      name: input.name,
      primaryColor: NEW_MARKETPLACE_COLOR,
      // At-home visits need a service area first (a constraint): the owner's settings turn them on.
      providesAtHome: false,
      isLive: false,
    })
    .returning({ id: marketplaces.id });
  if (!marketplace) throw new Error('The marketplace was not created');
  const marketplaceId = marketplace.id;
  await tx.insert(schedulingSettings).values({ marketplaceId });
  await tx
    .insert(marketplaceSetups)
    .values({ marketplaceId, timeZone: input.timeZone, plansAtHome: input.providesAtHome });
  return marketplaceId;
}

async function queueOwnerInvitation(
  tx: Db,
  deps: OperatorSetupDependencies,
  input: NewMarketplace,
  marketplaceId: number,
  consoleUrl: string,
) {
  const mail = ownerInvitationEmail({
    marketplaceName: input.name,
    primaryColor: NEW_MARKETPLACE_COLOR,
    ownerEmail: input.ownerEmail,
    consoleUrl,
  });
  await queueMessage(tx, {
    channel: 'email',
    to: input.ownerEmail,
    senderName: input.name,
    from: deps.notifications.mailFrom,
    ...mail,
    marketplaceId,
  });
}

/**
 * Creates the marketplace (not live, default colour and scheduling rules), makes the owner its owner,
 * records it in the activity log as the operator's and queues the owner's invitation, in one
 * transaction.
 */
export async function createMarketplace(
  deps: OperatorSetupDependencies,
  input: NewMarketplace,
  bySystem?: SystemCreation,
): Promise<CreatedMarketplaceView> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const mgId = await groupOf(tx, input.group, { id: bySystem?.groupId });
    const marketplaceId = await insertMarketplace(tx, mgId, input, { id: bySystem?.marketplaceId });
    const userId = await ownerOf(tx, mgId, input.ownerEmail, now);
    await tx.insert(staffMembers).values({ marketplaceId, mgId, userId, role: 'owner' });
    const consoleUrl = `${deps.notifications.webOrigin}/${marketplaceId}/console`;
    const actor = bySystem?.system.name ?? 'operator';
    await recordChange(
      tx,
      { marketplaceId, staffMemberId: null, actor, action: 'marketplace.create' },
      {
        subject: `Marketplace “${input.name}”`,
        before: null,
        after: {
          name: input.name,
          groupId: mgId,
          providesAtHome: input.providesAtHome,
          timeZone: input.timeZone,
          ownerEmail: input.ownerEmail,
        },
      },
    );
    if (!bySystem) await queueOwnerInvitation(tx, deps, input, marketplaceId, consoleUrl);
    const ids = { id: String(marketplaceId), mgId: String(mgId) };
    return { ...ids, name: input.name, consoleUrl, ownerEmail: input.ownerEmail };
  });
}
