// Drizzle's view of the notifications tables created by the SQL
// migrations in src/db/migrations: the SQL is the truth, and src/db/schema.test.ts compares both.
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '../kernel/database/columns';
import { marketplaces } from '../kernel/tables';

export const outboxChannels = ['email', 'sms'] as const;
export const outboxStatuses = ['queued', 'sent', 'failed'] as const;

/** A file sent with an email (text content, such as an .ics invitation). */
export interface OutboxAttachment {
  filename: string;
  contentType: string;
  content: string;
}

export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    channel: text('channel', { enum: outboxChannels }).notNull(),
    recipient: text('recipient').notNull(),
    sender: text('sender').notNull(),
    subject: text('subject'),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    marketplaceId: integer('marketplace_id').references(() => marketplaces.id),
    status: text('status', { enum: outboxStatuses }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamptz('sent_at'),
    attachments: jsonb('attachments').$type<OutboxAttachment[]>().notNull().default(sql`'[]'::jsonb`),
  },
  (t) => [
    index('outbox_messages_recipient_idx').on(sql`lower(${t.recipient})`, t.id),
    index('outbox_messages_status_created_at_idx').on(t.status, t.createdAt),
    check('outbox_messages_status_known', sql`${t.status} in ('queued', 'sent', 'failed')`),
    check('outbox_messages_attempts_not_negative', sql`${t.attempts} >= 0`),
    check('outbox_messages_channel_known', sql`${t.channel} in ('email', 'sms')`),
    check('outbox_messages_email_has_subject', sql`${t.channel} <> 'email' or ${t.subject} is not null`),
  ],
);
