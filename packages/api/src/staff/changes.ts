// The one way the console changes a marketplace: the guard, then the change, its activity-log row and
// the marketplace's revision in one transaction, so nothing is changed without a record of who did it
// and no cached answer of the old menu is served after it.
import type { StaffOperation } from '@atrium/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../kernel/database/database';
import { marketplaces } from '../kernel/tables';
import { requireStaff, type StaffAccess, type StaffContext } from './access';
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

/**
 * Runs a console change for a member whose role allows the operation: `change` runs in a transaction
 * and says what it did; the activity log records it as `action` ('procedure.update', …). Throws what
 * requireStaff throws, and whatever `change` throws (then nothing is kept).
 */
export async function changeAsStaff<T>(
  context: StaffContext,
  marketplaceId: number,
  operation: StaffOperation,
  action: string,
  change: (tx: Db, access: StaffAccess) => Promise<StaffChange<T>>,
): Promise<T> {
  const access = await requireStaff(context, marketplaceId, operation);
  return context.db.transaction(async (tx) => {
    const done = await change(tx, access);
    await recordChange(
      tx,
      { marketplaceId, staffMemberId: access.member.id, actor: access.member.email, action },
      done,
    );
    return done.result;
  });
}
