// The owner's read of the activity log: newest first, a page at a time.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/database/database';
import { InvalidInputError } from '../../kernel/errors';
import type { StaffContext } from '../access';
import { requireStaff } from '../access';
import { activityLog } from '../tables';

export interface ActivityLogEntryView {
  id: string;
  at: string;
  actor: string;
  action: string;
  subject: string;
  before: string | null;
  after: string | null;
}

export interface ActivityLogPageView {
  entries: ActivityLogEntryView[];
  endCursor: string | null;
  hasNextPage: boolean;
}

export const invalidCursorMessage = 'This page of the activity log is not valid; start from the first page.';

/** A page's cursor names its last entry; the next page holds the entries logged before it. */
const encodeCursor = (id: number) => Buffer.from(`activity:${id}`).toString('base64url');

function decodeCursor(cursor: string): number {
  const match = /^activity:(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match?.[1]) throw new InvalidInputError(invalidCursorMessage);
  return Number(match[1]);
}

/** Entries after the cursor's, in the order (created_at desc, id desc) that the index keeps. */
async function beforeCursor(db: Db, marketplaceId: number, cursor: string | null) {
  if (cursor === null) return undefined;
  const id = decodeCursor(cursor);
  const [row] = await db
    .select({ id: activityLog.id })
    .from(activityLog)
    .where(and(eq(activityLog.id, id), eq(activityLog.marketplaceId, marketplaceId)));
  if (!row) throw new InvalidInputError(invalidCursorMessage);
  return sql`(${activityLog.createdAt}, ${activityLog.id}) < (select created_at, id from activity_log where id = ${id})`;
}

export async function readActivityLog(
  context: StaffContext,
  input: { marketplaceId: number; first: number; after: string | null },
): Promise<ActivityLogPageView> {
  const { marketplaceId, first, after } = input;
  await requireStaff(context, marketplaceId, 'viewActivityLog');
  const rows = await context.db
    .select()
    .from(activityLog)
    .where(
      and(eq(activityLog.marketplaceId, marketplaceId), await beforeCursor(context.db, marketplaceId, after)),
    )
    .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
    .limit(first + 1);
  const page = rows.slice(0, first);
  const last = page.at(-1);
  return {
    entries: page.map((row) => ({
      id: String(row.id),
      at: row.createdAt.toISOString(),
      actor: row.actor,
      action: row.action,
      subject: row.subject,
      before: row.before === null ? null : JSON.stringify(row.before),
      after: row.after === null ? null : JSON.stringify(row.after),
    })),
    endCursor: last ? encodeCursor(last.id) : null,
    hasNextPage: rows.length > first,
  };
}
