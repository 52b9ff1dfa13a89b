// Drizzle's view of the table created by migration 0031 (the SQL is the truth; the staff context's
// tables.ts re-exports it so src/db/schema.test.ts compares both).
import { sql } from 'drizzle-orm';
import { check, integer, pgTable } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../kernel/database/columns';
import { appointments } from '../../scheduling';

/** A new request whose staff were told: written with their mails, so a retried fan-out mails nobody twice. */
export const staffRequestNotices = pgTable(
  'staff_request_notices',
  {
    appointmentId: integer('appointment_id')
      .primaryKey()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    /** How many members were mailed. */
    recipients: integer('recipients').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [check('staff_request_notices_recipients_not_negative', sql`${t.recipients} >= 0`)],
);
