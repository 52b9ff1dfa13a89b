import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../kernel/database/database';
import { type OutboxAttachment, type outboxChannels, outboxMessages, type outboxStatuses } from './tables';

export interface OutboxMessageView {
  id: number;
  channel: (typeof outboxChannels)[number];
  to: string;
  from: string;
  subject: string | null;
  text: string;
  html: string | null;
  createdAt: string;
  /** Every http(s) URL in the text, in order: what a test follows. */
  links: string[];
  /** Files sent with an email (e.g. the .ics invitation), their text content in full. */
  attachments: OutboxAttachment[];
  /** Delivery: queued (waiting for an attempt), sent, or failed for good; attempts so far and the last error. */
  status: (typeof outboxStatuses)[number];
  attempts: number;
  lastError: string | null;
}

const urlPattern = /https?:\/\/[^\s<>"']+/g;

/** Messages of the outbox (every mail and text, queued or sent), newest first; optionally only those to one recipient. */
export async function listOutboxMessages(db: Db, options: { to?: string | null; limit?: number } = {}) {
  const rows = await db
    .select()
    .from(outboxMessages)
    .where(options.to ? sql`lower(${outboxMessages.recipient}) = lower(${options.to})` : undefined)
    .orderBy(desc(outboxMessages.id))
    .limit(options.limit ?? 200);
  return rows.map(toView);
}

export async function getOutboxMessage(db: Db, id: number): Promise<OutboxMessageView | null> {
  const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
  return row ? toView(row) : null;
}

function toView(row: typeof outboxMessages.$inferSelect): OutboxMessageView {
  return {
    id: row.id,
    channel: row.channel,
    to: row.recipient,
    from: row.sender,
    subject: row.subject,
    text: row.textBody,
    html: row.htmlBody,
    createdAt: row.createdAt.toISOString(),
    links: row.textBody.match(urlPattern) ?? [],
    attachments: row.attachments,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
  };
}
