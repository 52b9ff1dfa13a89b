// Drizzle's view of migrations/0012_processor_events.sql (re-exported by schema.ts): what the payment
// processor told us by webhook.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One row per processor event handled; its id is the once-only claim. */
export const processorEvents = pgTable(
  'processor_events',
  {
    id: text('id').primaryKey(),
    processor: text('processor', { enum: ['sandbox', 'stripe'] }).notNull(),
    type: text('type').notNull(),
    objectReference: text('object_reference'),
    receivedAt: timestamptz('received_at').notNull().defaultNow(),
  },
  (t) => [
    check('processor_events_processor_known', sql`${t.processor} in ('sandbox', 'stripe')`),
    check('processor_events_id_length', sql`length(${t.id}) between 1 and 255`),
    index('processor_events_received_at_idx').on(t.receivedAt),
  ],
);

/** A charge the client disputed with their bank. */
export const paymentDisputes = pgTable(
  'payment_disputes',
  {
    id: text('id').primaryKey(),
    paymentReference: text('payment_reference'),
    chargeReference: text('charge_reference').notNull(),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull(),
    status: text('status').notNull(),
    openedAt: timestamptz('opened_at').notNull(),
    receivedAt: timestamptz('received_at').notNull().defaultNow(),
  },
  (t) => [
    check('payment_disputes_amount_not_negative', sql`${t.amountCents} >= 0`),
    index('payment_disputes_payment_reference_idx').on(t.paymentReference),
  ],
);
