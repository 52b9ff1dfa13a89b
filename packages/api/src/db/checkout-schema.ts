// Drizzle's view of the checkout tables of migrations/0004_checkout.sql and 0005_memberships.sql
// (re-exported by schema.ts, which schema.test.ts compares with the migrated database).
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './identity-schema';
import { appointments } from './scheduling-schema';
import { checkoutNoteDefinitions, clinics, marketplaces, procedures } from './schema';

export const membershipPeriods = ['monthly', 'quarterly', 'yearly'] as const;
export const membershipStatuses = ['Active', 'Cancelled'] as const;
export const promoKinds = ['percentage', 'fixed'] as const;
export const paymentProcessors = ['sandbox', 'stripe'] as const;
export type PaymentProcessorName = (typeof paymentProcessors)[number];
export const cardBrands = ['VISA', 'MASTERCARD', 'AMEX', 'DISCOVER', 'OTHER'] as const;
export type CardBrand = (typeof cardBrands)[number];
export const waitlistStatuses = ['WAITLISTED', 'BOOKED', 'CANCELLED'] as const;
export const consentChannels = ['SMS', 'EMAIL'] as const;
export const sandboxAuthentications = ['on_save', 'always'] as const;
export const sandboxChargeStatuses = ['succeeded', 'failed', 'requires_action'] as const;
export const paymentStatuses = ['pending', 'requires_action', 'succeeded', 'failed', 'refunded'] as const;

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

const groupIdsValid = (name: string, column: unknown) =>
  check(name, sql`cardinality(${column}) > 0 and array_position(${column}, null) is null`);

export const packages = pgTable(
  'packages',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    marketplaceId: integer('marketplace_id')
      .notNull()
      .references(() => marketplaces.id),
    name: text('name').notNull(),
    description: text('description'),
    list: text('list'),
    priceCents: integer('price_cents').notNull(),
  },
  (t) => [
    unique('packages_id_marketplace_key').on(t.id, t.marketplaceId),
    index('packages_marketplace_id_idx').on(t.marketplaceId),
    check('packages_name_not_blank', sql`btrim(${t.name}) <> ''`),
    check('packages_price_not_negative', sql`${t.priceCents} >= 0`),
  ],
);

export const packageItemDefinitions = pgTable(
  'package_item_definitions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    packageId: integer('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    points: integer('points').notNull(),
    procedureGroupIds: integer('procedure_group_ids').array().notNull(),
  },
  (t) => [
    index('package_item_definitions_package_id_idx').on(t.packageId),
    check('package_item_definitions_points_positive', sql`${t.points} > 0`),
    groupIdsValid('package_item_definitions_procedure_group_ids_valid', t.procedureGroupIds),
  ],
);

export const membershipDefinitions = pgTable(
  'membership_definitions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    marketplaceId: integer('marketplace_id')
      .notNull()
      .references(() => marketplaces.id),
    name: text('name').notNull(),
    priceCents: integer('price_cents').notNull(),
    period: text('period', { enum: membershipPeriods }).notNull(),
    packageId: integer('package_id'),
    description: text('description'),
    list: text('list'),
  },
  (t) => [
    unique('membership_definitions_id_marketplace_key').on(t.id, t.marketplaceId),
    foreignKey({
      name: 'membership_definitions_package_same_marketplace',
      columns: [t.packageId, t.marketplaceId],
      foreignColumns: [packages.id, packages.marketplaceId],
    }),
    index('membership_definitions_marketplace_id_idx').on(t.marketplaceId),
    check('membership_definitions_name_not_blank', sql`btrim(${t.name}) <> ''`),
    check('membership_definitions_price_not_negative', sql`${t.priceCents} >= 0`),
    check('membership_definitions_period_known', sql`${t.period} in ('monthly', 'quarterly', 'yearly')`),
  ],
);

export const membershipDiscounts = pgTable(
  'membership_discounts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    membershipDefinitionId: integer('membership_definition_id')
      .notNull()
      .references(() => membershipDefinitions.id, { onDelete: 'cascade' }),
    percentage: integer('percentage').notNull(),
    procedureGroupIds: integer('procedure_group_ids').array().notNull(),
  },
  (t) => [
    index('membership_discounts_membership_definition_id_idx').on(t.membershipDefinitionId),
    check('membership_discounts_percentage_range', sql`${t.percentage} between 1 and 100`),
    groupIdsValid('membership_discounts_procedure_group_ids_valid', t.procedureGroupIds),
  ],
);

export const memberships = pgTable(
  'memberships',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    membershipDefinitionId: integer('membership_definition_id')
      .notNull()
      .references(() => membershipDefinitions.id),
    marketplaceId: integer('marketplace_id').notNull(),
    status: text('status', { enum: membershipStatuses }).notNull().default('Active'),
    renewalDate: date('renewal_date', { mode: 'string' }).notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('memberships_user_id_idx').on(t.userId),
    index('memberships_status_renewal_date_idx').on(t.status, t.renewalDate),
    foreignKey({
      name: 'memberships_definition_same_marketplace',
      columns: [t.membershipDefinitionId, t.marketplaceId],
      foreignColumns: [membershipDefinitions.id, membershipDefinitions.marketplaceId],
    }),
    uniqueIndex('memberships_one_active_idx')
      .on(t.userId, t.marketplaceId)
      .where(sql`${t.status} = 'Active'`),
    check('memberships_status_known', sql`${t.status} in ('Active', 'Cancelled')`),
  ],
);

export const packageItems = pgTable(
  'package_items',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    packageItemDefinitionId: integer('package_item_definition_id')
      .notNull()
      .references(() => packageItemDefinitions.id),
    membershipId: integer('membership_id').references(() => memberships.id),
    totalPoints: integer('total_points').notNull(),
    balance: integer('balance').notNull(),
    expiresAt: timestamptz('expires_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    packagePurchaseId: integer('package_purchase_id').references(() => packagePurchases.id, {
      onDelete: 'cascade',
    }),
  },
  (t) => [
    index('package_items_user_id_idx').on(t.userId),
    index('package_items_membership_id_idx').on(t.membershipId),
    index('package_items_package_purchase_id_idx').on(t.packagePurchaseId),
    check('package_items_total_points_positive', sql`${t.totalPoints} > 0`),
    check('package_items_balance_range', sql`${t.balance} between 0 and ${t.totalPoints}`),
  ],
);

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
  ],
);

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

/** Where a purchase intent stands (0011_purchase_intents.sql); only `pending` rows are still open. */
export const purchaseStatuses = ['pending', 'succeeded', 'failed', 'refunded'] as const;
export type PurchaseStatus = (typeof purchaseStatuses)[number];
/** What a membership charge pays for: the first period (createMembership), a renewal, a reactivation. */
export const membershipChargeKinds = ['purchase', 'renewal', 'reactivation'] as const;
export type MembershipChargeKind = (typeof membershipChargeKinds)[number];

const outcomeCheck = (t: {
  status: unknown;
  processorReference: unknown;
  amountCents: unknown;
  failureReason: unknown;
}) =>
  sql`(${t.status} = 'succeeded' and (${t.processorReference} is not null or ${t.amountCents} = 0) and ${t.failureReason} is null)
        or (${t.status} = 'failed' and ${t.processorReference} is null and ${t.failureReason} is not null)
        or (${t.status} = 'pending' and ${t.processorReference} is null and ${t.failureReason} is null)
        or (${t.status} = 'refunded' and ${t.processorReference} is not null and ${t.failureReason} is not null)`;

/**
 * One charge per membership period (0005_memberships.sql, 0011_purchase_intents.sql): the unique
 * period is the renewal claim, and each row is the intent recorded before the processor is asked. A
 * first purchase has no membership until it is paid.
 */
export const membershipCharges = pgTable(
  'membership_charges',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    membershipId: integer('membership_id').references(() => memberships.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: membershipChargeKinds }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    membershipDefinitionId: integer('membership_definition_id')
      .notNull()
      .references(() => membershipDefinitions.id),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: purchaseStatuses }).notNull(),
    attempts: integer('attempts').notNull().default(1),
    idempotencyKey: text('idempotency_key').notNull(),
    /** The key the client sent with createMembership, so its retry finds this intent. */
    clientKey: text('client_key'),
    paymentInstrumentId: integer('payment_instrument_id').references(() => paymentInstruments.id),
    processorReference: text('processor_reference'),
    failureReason: text('failure_reason'),
    /** A pending row older than the processor's idempotency keys: left to an operator. */
    reviewRequiredAt: timestamptz('review_required_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('membership_charges_period_key').on(t.membershipId, t.periodStart),
    unique('membership_charges_idempotency_key_key').on(t.idempotencyKey),
    uniqueIndex('membership_charges_client_key_idx')
      .on(t.userId, t.membershipDefinitionId, t.clientKey)
      .where(sql`${t.clientKey} is not null and ${t.status} <> 'failed'`),
    index('membership_charges_pending_idx').on(t.updatedAt).where(sql`${t.status} = 'pending'`),
    check('membership_charges_amount_not_negative', sql`${t.amountCents} >= 0`),
    check(
      'membership_charges_status_known',
      sql`${t.status} in ('pending', 'succeeded', 'failed', 'refunded')`,
    ),
    check('membership_charges_kind_known', sql`${t.kind} in ('purchase', 'renewal', 'reactivation')`),
    check('membership_charges_attempts_positive', sql`${t.attempts} > 0`),
    check('membership_charges_outcome', outcomeCheck(t)),
    check(
      'membership_charges_membership_known',
      sql`${t.membershipId} is not null or (${t.kind} = 'purchase' and ${t.status} <> 'succeeded')`,
    ),
  ],
);

/**
 * A package bought on its own (0005_memberships.sql, 0011_purchase_intents.sql): the intent recorded
 * before the processor is asked; its package items point at it once it has succeeded.
 */
export const packagePurchases = pgTable(
  'package_purchases',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    packageId: integer('package_id')
      .notNull()
      .references(() => packages.id),
    paymentInstrumentId: integer('payment_instrument_id').references(() => paymentInstruments.id),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: purchaseStatuses }).notNull().default('pending'),
    idempotencyKey: text('idempotency_key').notNull(),
    /** The key the client sent with purchasePackage, so its retry finds this intent. */
    clientKey: text('client_key'),
    processorReference: text('processor_reference'),
    failureReason: text('failure_reason'),
    /** A pending row older than the processor's idempotency keys: left to an operator. */
    reviewRequiredAt: timestamptz('review_required_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('package_purchases_idempotency_key_key').on(t.idempotencyKey),
    index('package_purchases_user_id_idx').on(t.userId),
    uniqueIndex('package_purchases_client_key_idx')
      .on(t.userId, t.packageId, t.clientKey)
      .where(sql`${t.clientKey} is not null and ${t.status} <> 'failed'`),
    index('package_purchases_pending_idx').on(t.updatedAt).where(sql`${t.status} = 'pending'`),
    check('package_purchases_amount_not_negative', sql`${t.amountCents} >= 0`),
    check(
      'package_purchases_status_known',
      sql`${t.status} in ('pending', 'succeeded', 'failed', 'refunded')`,
    ),
    check('package_purchases_outcome', outcomeCheck(t)),
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

export const appointmentRequestKeys = pgTable(
  'appointment_request_keys',
  {
    marketplaceId: integer('marketplace_id')
      .notNull()
      .references(() => marketplaces.id),
    key: text('key').notNull(),
    claimedAt: timestamptz('claimed_at').notNull(),
    result: jsonb('result'),
    completedAt: timestamptz('completed_at'),
    /** Who claimed the key (migrations/0009_idempotency_scope.sql): 'user:<id>' or 'guest:<email hash>'. */
    caller: text('caller').notNull(),
    /** SHA-256 (hex) of the request the key was claimed with. */
    requestHash: text('request_hash').notNull(),
    /** The attempt holding the claim (migrations/0022_idempotency_leases.sql). */
    leaseOwner: uuid('lease_owner'),
    /** Until when the claim stands unless its attempt renews it. */
    leaseExpiresAt: timestamptz('lease_expires_at'),
  },
  (t) => [
    primaryKey({ columns: [t.marketplaceId, t.caller, t.key] }),
    check('appointment_request_keys_key_length', sql`length(${t.key}) between 1 and 200`),
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
  },
  (t) => [
    unique('appointment_payments_idempotency_key_key').on(t.idempotencyKey),
    unique('appointment_payments_authentication_token_hash_key').on(t.authenticationTokenHash),
    index('appointment_payments_appointment_id_idx').on(t.appointmentId),
    uniqueIndex('appointment_payments_one_open_idx')
      .on(t.appointmentId)
      .where(sql`${t.status} in ('pending', 'requires_action')`),
    check('appointment_payments_processor_known', sql`${t.processor} in ('sandbox', 'stripe')`),
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
