// The one way the console changes a marketplace: the guard, then the change, its activity-log row and
// the marketplace's revision in one transaction, so nothing is changed without a record of who did it
// and no cached answer of the old menu is served after it.
import type { StaffOperation } from '@atrium/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../kernel/database/database';
import { marketplaces } from '../kernel/tables';
import { requireStaff, type StaffAccess, type StaffContext, type SystemActor } from './access';
import { activityLog } from './tables';

/** What a change did, for the activity log, and what it answers. */
export interface StaffChange<T> {
  /** What it was done to, as people read it, e.g. 'Service “Myers' Cocktail”'. */
  subject: string;
  /** The values before and after (null when created or deleted); only what the change touched. */
  before: unknown;
  after: unknown;
  result: T;
}

export interface StaffChangeRecord {
  marketplaceId: number;
  staffMemberId: number | null;
  actor: string;
  action: string;
}

/** Writes the activity log's row of something staff did (who, what, to what, before and after). */
export async function logActivity(
  db: Db,
  record: StaffChangeRecord,
  change: Pick<StaffChange<unknown>, 'subject' | 'before' | 'after'>,
): Promise<void> {
  await db.insert(activityLog).values({
    ...record,
    subject: change.subject,
    before: change.before ?? null,
    after: change.after ?? null,
  });
}

/** Writes the log row and moves the marketplace's revision on, inside the change's transaction. */
export async function recordChange(
  tx: Db,
  record: StaffChangeRecord,
  change: Pick<StaffChange<unknown>, 'subject' | 'before' | 'after'>,
): Promise<void> {
  await logActivity(tx, record, change);
  await tx
    .update(marketplaces)
    .set({ revision: sql`${marketplaces.revision} + 1` })
    .where(eq(marketplaces.id, record.marketplaceId));
}

/** The fixed id the demo seed gives a row it creates; no resolver passes one, so clients never choose ids. */
export interface CreateOptions {
  id?: number;
}

/** The id column's value for an insert: the fixed one, or none (the identity sequence's). */
export const fixedId = ({ id }: CreateOptions) => (id === undefined ? {} : { id });

/** The system actor's reach: the whole marketplace, as no staff member. */
export interface SystemAccess {
  member: null;
  scope: 'marketplace';
  system: SystemActor;
}

/** Who makes a change: a member allowed the operation, or the system actor. */
export type ChangeAccess = StaffAccess | SystemAccess;

/** The name the activity log gives the one making a change. */
export const actorName = (access: ChangeAccess): string =>
  access.member ? access.member.email : access.system.name;

/**
 * Runs a console change for a member whose role allows the operation (or for the system actor):
 * `change` runs in a transaction and says what it did; the activity log records it as `action`
 * ('procedure.update', …). Throws what requireStaff throws, and whatever `change` throws (then
 * nothing is kept).
 */
export async function changeAsStaff<T>(
  context: StaffContext,
  marketplaceId: number,
  operation: StaffOperation,
  action: string,
  change: (tx: Db, access: ChangeAccess) => Promise<StaffChange<T>>,
): Promise<T> {
  const access: ChangeAccess = context.system
    ? { member: null, scope: 'marketplace', system: context.system }
    : await requireStaff(context, marketplaceId, operation);
  return context.db.transaction(async (tx) => {
    const done = await change(tx, access);
    const staffMemberId = access.member ? access.member.id : null;
    await recordChange(tx, { marketplaceId, staffMemberId, actor: actorName(access), action }, done);
    return done.result;
  });
}
