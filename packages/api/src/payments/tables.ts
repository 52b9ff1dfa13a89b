// Drizzle's view of the payments tables created by the SQL
// migrations in src/db/migrations: the SQL is the truth, and src/db/schema.test.ts compares both.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../identity';
import { timestamptz } from '../kernel/database/columns';
import { paymentReceiptSources } from '../kernel/jobs/queues';

export const paymentProcessors = ['sandbox', 'stripe'] as const;
export type PaymentProcessorName = (typeof paymentProcessors)[number];
export const cardBrands = ['VISA', 'MASTERCARD', 'AMEX', 'DISCOVER', 'OTHER'] as const;
export type CardBrand = (typeof cardBrands)[number];
export const sandboxAuthentications = ['on_save', 'always'] as const;
export const sandboxChargeStatuses = ['succeeded', 'failed', 'requires_action'] as const;

export const paymentInstruments = pgTable(
  'payment_instruments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    processor: text('processor', { enum: paymentProcessors }).notNull(),
    customerReference: text('customer_reference').notNull(),
    processorReference: text('processor_reference').notNull(),
    brand: text('brand', { enum: cardBrands }).notNull(),
    lastFour: text('last_four').notNull(),
    expirationMonth: smallint('expiration_month').notNull(),
    expirationYear: smallint('expiration_year').notNull(),
    isPrimary: boolean('is_primary').notNull().default(false),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    deletedAt: timestamptz('deleted_at'),
  },
  (t) => [
    unique('payment_instruments_processor_reference_key').on(t.processor, t.processorReference),
    index('payment_instruments_user_id_idx').on(t.userId),
    uniqueIndex('payment_instruments_one_primary_idx')
      .on(t.userId)
      .where(sql`${t.isPrimary} and ${t.deletedAt} is null`),
    check('payment_instruments_processor_known', sql`${t.processor} in ('sandbox', 'stripe')`),
    check(
      'payment_instruments_brand_known',
      sql`${t.brand} in ('VISA', 'MASTERCARD', 'AMEX', 'DISCOVER', 'OTHER')`,
    ),
    check('payment_instruments_last_four_digits', sql`${t.lastFour} ~ '^[0-9]{4}$'`),
    check('payment_instruments_expiration_month_range', sql`${t.expirationMonth} between 1 and 12`),
    check('payment_instruments_expiration_year_range', sql`${t.expirationYear} between 2000 and 2199`),
  ],
);

export const sandboxCards = pgTable(
  'sandbox_cards',
  {
    token: text('token').primaryKey(),
    paymentMethodReference: text('payment_method_reference'),
    brand: text('brand').notNull(),
    lastFour: text('last_four').notNull(),
    expirationMonth: smallint('expiration_month').notNull(),
    expirationYear: smallint('expiration_year').notNull(),
    saveDeclineReason: text('save_decline_reason'),
    chargeDeclineReason: text('charge_decline_reason'),
    /** Which 3-D Secure test card it is: authentication when saved, or also on every charge. */
    authentication: text('authentication', { enum: sandboxAuthentications }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('sandbox_cards_payment_method_reference_key').on(t.paymentMethodReference),
    check('sandbox_cards_authentication_known', sql`${t.authentication} in ('on_save', 'always')`),
    check('sandbox_cards_token_format', sql`${t.token} ~ '^tok_sandbox_[0-9a-f]{32}$'`),
  ],
);

export const sandboxCharges = pgTable(
  'sandbox_charges',
  {
    idempotencyKey: text('idempotency_key').primaryKey(),
    reference: text('reference').notNull(),
    paymentMethodReference: text('payment_method_reference').notNull(),
    amountCents: integer('amount_cents').notNull(),
    failureReason: text('failure_reason'),
    status: text('status', { enum: sandboxChargeStatuses }).notNull().default('succeeded'),
    /** The PaymentIntent-like secret the browser authenticates with (requires_action). */
    clientSecret: text('client_secret'),
    refundedAt: timestamptz('refunded_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('sandbox_charges_reference_key').on(t.reference),
    unique('sandbox_charges_client_secret_key').on(t.clientSecret),
    check('sandbox_charges_status_known', sql`${t.status} in ('succeeded', 'failed', 'requires_action')`),
  ],
);

/** A sandbox refund of (part of) a charge, under its idempotency key (0030). */
export const sandboxRefunds = pgTable(
  'sandbox_refunds',
  {
    idempotencyKey: text('idempotency_key').primaryKey(),
    reference: text('reference').notNull(),
    chargeReference: text('charge_reference')
      .notNull()
      .references(() => sandboxCharges.reference),
    amountCents: integer('amount_cents').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('sandbox_refunds_reference_key').on(t.reference),
    index('sandbox_refunds_charge_reference_idx').on(t.chargeReference),
    check('sandbox_refunds_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/** A sandbox card's setup waiting for its holder's authentication (a Stripe SetupIntent). */
export const sandboxSetups = pgTable(
  'sandbox_setups',
  {
    reference: text('reference').primaryKey(),
    clientSecret: text('client_secret').notNull(),
    token: text('token')
      .notNull()
      .references(() => sandboxCards.token),
    customerReference: text('customer_reference').notNull(),
    status: text('status', { enum: sandboxChargeStatuses }).notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('sandbox_setups_client_secret_key').on(t.clientSecret),
    unique('sandbox_setups_token_key').on(t.token),
    check('sandbox_setups_status_known', sql`${t.status} in ('requires_action', 'succeeded', 'failed')`),
  ],
);

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

/**
 * A receipt mailed (0033): one per charge or refund, keyed by its own row (`source` names the table),
 * written with the mail so a retried receipt job mails nobody twice.
 */
export const paymentReceipts = pgTable(
  'payment_receipts',
  {
    source: text('source', { enum: paymentReceiptSources }).notNull(),
    sourceId: bigint('source_id', { mode: 'number' }).notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.source, t.sourceId] }),
    check(
      'payment_receipts_source_known',
      sql`${t.source} in ('appointment_payment', 'appointment_refund', 'package_purchase', 'package_refund', 'membership_charge', 'membership_refund')`,
    ),
  ],
);
