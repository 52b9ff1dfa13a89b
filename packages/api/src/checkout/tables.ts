// Drizzle's view of the checkout tables created by the SQL
// migrations in src/db/migrations: the SQL is the truth, and src/db/schema.test.ts compares both.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { checkoutNoteDefinitions, clinics, procedures } from '../catalogue';
import { users } from '../identity';
import { timestamptz } from '../kernel/database/columns';
import { marketplaces } from '../kernel/tables';
import { memberships, packageItems } from '../memberships';
import { paymentInstruments, paymentProcessors } from '../payments';
import { appointments, practitioners } from '../scheduling';

export const promoKinds = ['percentage', 'fixed'] as const;
export const waitlistStatuses = ['WAITLISTED', 'BOOKED', 'CANCELLED'] as const;
export const consentChannels = ['SMS', 'EMAIL'] as const;
export const paymentStatuses = ['pending', 'requires_action', 'succeeded', 'failed', 'refunded'] as const;
/** What an appointment's charge was for (0030). */
export const paymentPurposes = ['confirmation', 'no_show_fee'] as const;
export const refundStatuses = ['pending', 'succeeded', 'failed'] as const;

export const promoCodes = pgTable(
  'promo_codes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    marketplaceId: integer('marketplace_id')
      .notNull()
      .references(() => marketplaces.id),
    code: text('code').notNull(),
    kind: text('kind', { enum: promoKinds }).notNull(),
    value: integer('value').notNull(),
    procedureIds: integer('procedure_ids').array(),
    validFrom: timestamptz('valid_from'),
    validUntil: timestamptz('valid_until'),
    usageLimit: integer('usage_limit'),
    timesUsed: integer('times_used').notNull().default(0),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /** The procedures' total (cents, before discounts) a cart needs for the code to apply. */
    minimumOrderCents: integer('minimum_order_cents'),
    /** How many of one client's requests may use the code. */
    perClientLimit: integer('per_client_limit'),
    /** Paused: refused at checkout like an unknown code until resumed. */
    pausedAt: timestamptz('paused_at'),
  },
  (t) => [
    unique('promo_codes_marketplace_code_key').on(t.marketplaceId, t.code),
    check(
      'promo_codes_code_format',
      sql`${t.code} = upper(btrim(${t.code})) and length(${t.code}) between 1 and 15`,
    ),
    check('promo_codes_kind_known', sql`${t.kind} in ('percentage', 'fixed')`),
    check(
      'promo_codes_value_valid',
      sql`${t.value} > 0 and (${t.kind} <> 'percentage' or ${t.value} <= 100)`,
    ),
    check(
      'promo_codes_procedure_ids_valid',
      sql`${t.procedureIds} is null or (cardinality(${t.procedureIds}) > 0 and array_position(${t.procedureIds}, null) is null)`,
    ),
    check('promo_codes_usage_limit_not_negative', sql`${t.usageLimit} >= 0`),
    check(
      'promo_codes_valid_window',
      sql`${t.validFrom} is null or ${t.validUntil} is null or ${t.validFrom} < ${t.validUntil}`,
    ),
    check(
      'promo_codes_times_used_within_limit',
      sql`${t.timesUsed} >= 0 and (${t.usageLimit} is null or ${t.timesUsed} <= ${t.usageLimit})`,
    ),
    check('promo_codes_minimum_order_positive', sql`${t.minimumOrderCents} > 0`),
    check('promo_codes_per_client_limit_positive', sql`${t.perClientLimit} > 0`),
  ],
);

/** The checkout summary stored with a request (cents; ranges as [low, high]). */
export interface StoredPriceSummary {
  procedures: [number, number];
  membership: [number, number];
  credit: [number, number];
  discount: [number, number];
  promoCode: [number, number];
  promoCodeText: string | null;
  gratuity: number;
  travelFee: [number, number];
  total: [number, number];
}

export const appointmentRequests = pgTable(
  'appointment_requests',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    marketplaceId: integer('marketplace_id')
      .notNull()
      .references(() => marketplaces.id),
    clientUserId: integer('client_user_id')
      .notNull()
      .references(() => users.id),
    appointmentId: integer('appointment_id').references(() => appointments.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id'),
    address: text('address'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    timeZone: text('time_zone').notNull(),
    notes: text('notes'),
    gratuityCents: integer('gratuity_cents').notNull().default(0),
    promoCodeId: integer('promo_code_id').references(() => promoCodes.id),
    membershipId: integer('membership_id').references(() => memberships.id),
    paymentInstrumentId: integer('payment_instrument_id').references(() => paymentInstruments.id),
    priceSummary: jsonb('price_summary').$type<StoredPriceSummary>().notNull(),
    totalCents: integer('total_cents').notNull(),
    dueNowCents: integer('due_now_cents').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('appointment_requests_appointment_id_key').on(t.appointmentId),
    foreignKey({
      name: 'appointment_requests_clinic_same_marketplace',
      columns: [t.organizationId, t.marketplaceId],
      foreignColumns: [clinics.id, clinics.marketplaceId],
    }),
    index('appointment_requests_client_user_id_idx').on(t.clientUserId),
    index('appointment_requests_marketplace_id_idx').on(t.marketplaceId, t.createdAt),
    check('appointment_requests_latitude_range', sql`${t.latitude} between -90 and 90`),
    check('appointment_requests_longitude_range', sql`${t.longitude} between -180 and 180`),
    check('appointment_requests_gratuity_not_negative', sql`${t.gratuityCents} >= 0`),
    check('appointment_requests_total_not_negative', sql`${t.totalCents} >= 0`),
    check('appointment_requests_due_now_range', sql`${t.dueNowCents} between 0 and ${t.totalCents}`),
    check(
      'appointment_requests_one_location',
      sql`(${t.organizationId} is not null and ${t.address} is null and ${t.latitude} is null and ${t.longitude} is null)
        or (${t.organizationId} is null and btrim(coalesce(${t.address}, '')) <> '' and ${t.latitude} is not null and ${t.longitude} is not null)`,
    ),
  ],
);

export const appointmentRequestProcedures = pgTable(
  'appointment_request_procedures',
  {
    requestId: integer('request_id')
      .notNull()
      .references(() => appointmentRequests.id, { onDelete: 'cascade' }),
    procedureId: integer('procedure_id')
      .notNull()
      .references(() => procedures.id),
    position: smallint('position').notNull(),
    priceCents: integer('price_cents').notNull(),
    packageItemId: integer('package_item_id').references(() => packageItems.id),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.procedureId] }),
    index('appointment_request_procedures_procedure_id_idx').on(t.procedureId),
    index('appointment_request_procedures_package_item_id_idx').on(t.packageItemId),
    check('appointment_request_procedures_price_not_negative', sql`${t.priceCents} >= 0`),
  ],
);

export const waitlistRequests = pgTable(
  'waitlist_requests',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    requestId: integer('request_id')
      .notNull()
      .references(() => appointmentRequests.id, { onDelete: 'cascade' }),
    status: text('status', { enum: waitlistStatuses }).notNull().default('WAITLISTED'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('waitlist_requests_request_id_key').on(t.requestId),
    check('waitlist_requests_status_known', sql`${t.status} in ('WAITLISTED', 'BOOKED', 'CANCELLED')`),
  ],
);

export const waitlistRequestRanges = pgTable(
  'waitlist_request_ranges',
  {
    waitlistRequestId: integer('waitlist_request_id')
      .notNull()
      .references(() => waitlistRequests.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    startsAt: timestamptz('starts_at').notNull(),
    endsAt: timestamptz('ends_at').notNull(),
    localStart: text('local_start').notNull(),
    localEnd: text('local_end').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.waitlistRequestId, t.position] }),
    check('waitlist_request_ranges_starts_before_end', sql`${t.startsAt} < ${t.endsAt}`),
  ],
);

export const checkoutNoteAnswers = pgTable(
  'checkout_note_answers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    requestId: integer('request_id')
      .notNull()
      .references(() => appointmentRequests.id, { onDelete: 'cascade' }),
    checkoutNoteId: integer('checkout_note_id').references(() => checkoutNoteDefinitions.id, {
      onDelete: 'set null',
    }),
    label: text('label').notNull(),
    value: text('value').notNull(),
  },
  (t) => [
    index('checkout_note_answers_request_id_idx').on(t.requestId),
    index('checkout_note_answers_checkout_note_id_idx').on(t.checkoutNoteId),
  ],
);

export const marketingConsents = pgTable(
  'marketing_consents',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    marketplaceId: integer('marketplace_id')
      .notNull()
      .references(() => marketplaces.id),
    requestId: integer('request_id').references(() => appointmentRequests.id, { onDelete: 'set null' }),
    channel: text('channel', { enum: consentChannels }).notNull(),
    consent: boolean('consent').notNull(),
    source: text('source').notNull(),
    phone: text('phone'),
    email: text('email'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('marketing_consents_user_id_idx').on(t.userId, t.channel, t.createdAt),
    index('marketing_consents_request_id_idx').on(t.requestId),
    check('marketing_consents_channel_known', sql`${t.channel} in ('SMS', 'EMAIL')`),
    check('marketing_consents_source_not_blank', sql`btrim(${t.source}) <> ''`),
  ],
);

export const appointmentPayments = pgTable(
  'appointment_payments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    appointmentId: integer('appointment_id')
      .notNull()
      .references(() => appointments.id),
    paymentInstrumentId: integer('payment_instrument_id').references(() => paymentInstruments.id),
    processor: text('processor', { enum: paymentProcessors }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status', { enum: paymentStatuses }).notNull(),
    processorReference: text('processor_reference'),
    failureReason: text('failure_reason'),
    /** SHA-256 (hex) of the token in the client's authentication link (requires_action only). */
    authenticationTokenHash: text('authentication_token_hash'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    /** Set when a pending attempt outlived the processor's idempotency window (0014). */
    reviewRequiredAt: timestamptz('review_required_at'),
    /** What the charge was for (0030). */
    purpose: text('purpose', { enum: paymentPurposes }).notNull().default('confirmation'),
    /** The staff member who made the attempt (their email); null for the client and the operator (0030). */
    actor: text('actor'),
  },
  (t) => [
    unique('appointment_payments_idempotency_key_key').on(t.idempotencyKey),
    unique('appointment_payments_authentication_token_hash_key').on(t.authenticationTokenHash),
    index('appointment_payments_appointment_id_idx').on(t.appointmentId),
    uniqueIndex('appointment_payments_one_open_idx')
      .on(t.appointmentId)
      .where(sql`${t.status} in ('pending', 'requires_action')`),
    check('appointment_payments_processor_known', sql`${t.processor} in ('sandbox', 'stripe')`),
    check('appointment_payments_purpose_known', sql`${t.purpose} in ('confirmation', 'no_show_fee')`),
    check('appointment_payments_amount_positive', sql`${t.amountCents} > 0`),
    check(
      'appointment_payments_status_known',
      sql`${t.status} in ('pending', 'requires_action', 'succeeded', 'failed', 'refunded')`,
    ),
    check(
      'appointment_payments_failure_has_reason',
      sql`${t.status} <> 'failed' or ${t.failureReason} is not null`,
    ),
  ],
);

/** A freed time offered to a waitlist request by a mailed link (only the token's SHA-256 is kept). */
export const waitlistOffers = pgTable(
  'waitlist_offers',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    marketplaceId: integer('marketplace_id')
      .notNull()
      .references(() => marketplaces.id),
    waitlistRequestId: integer('waitlist_request_id')
      .notNull()
      .references(() => waitlistRequests.id, { onDelete: 'cascade' }),
    /** The cancelled or declined appointment whose time is offered. */
    freedAppointmentId: integer('freed_appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    practitionerId: integer('practitioner_id')
      .notNull()
      .references(() => practitioners.id),
    startsAt: timestamptz('starts_at').notNull(),
    endsAt: timestamptz('ends_at').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    offeredByUserId: integer('offered_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    acceptedAt: timestamptz('accepted_at'),
    /** The PENDING appointment the accepted offer became. */
    appointmentId: integer('appointment_id').references(() => appointments.id, { onDelete: 'set null' }),
  },
  (t) => [
    unique('waitlist_offers_token_hash_key').on(t.tokenHash),
    check('waitlist_offers_starts_before_end', sql`${t.startsAt} < ${t.endsAt}`),
    index('waitlist_offers_waitlist_request_id_idx').on(t.waitlistRequestId),
    index('waitlist_offers_practitioner_id_idx').on(t.practitionerId),
    index('waitlist_offers_appointment_id_idx').on(t.appointmentId),
    index('waitlist_offers_offered_by_user_id_idx').on(t.offeredByUserId),
    index('waitlist_offers_marketplace_id_idx').on(t.marketplaceId),
    uniqueIndex('waitlist_offers_one_acceptance_idx')
      .on(t.freedAppointmentId)
      .where(sql`${t.acceptedAt} is not null`),
  ],
);

/**
 * Money given back from an appointment's charge (0030), in full or in parts: recorded pending with
 * its idempotency key before the processor is asked, settled by its answer or by the processor's
 * charge.refunded webhook (which also records refunds made in the processor's dashboard).
 */
export const appointmentRefunds = pgTable(
  'appointment_refunds',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    appointmentPaymentId: bigint('appointment_payment_id', { mode: 'number' })
      .notNull()
      .references(() => appointmentPayments.id),
    amountCents: integer('amount_cents').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status', { enum: refundStatuses }).notNull(),
    processorReference: text('processor_reference'),
    failureReason: text('failure_reason'),
    /** Why, as staff wrote it. */
    reason: text('reason'),
    /** Who asked for it (email); null when made in the processor's dashboard. */
    actor: text('actor'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('appointment_refunds_idempotency_key_key').on(t.idempotencyKey),
    index('appointment_refunds_appointment_payment_id_idx').on(t.appointmentPaymentId),
    check('appointment_refunds_amount_positive', sql`${t.amountCents} > 0`),
    check('appointment_refunds_status_known', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
    check(
      'appointment_refunds_failure_has_reason',
      sql`${t.status} <> 'failed' or ${t.failureReason} is not null`,
    ),
  ],
);
