// Drizzle's view of the memberships tables created by the SQL
// migrations in src/db/migrations: the SQL is the truth, and src/db/schema.test.ts compares both.
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../identity';
import { timestamptz } from '../kernel/database/columns';
import { marketplaces } from '../kernel/tables';
import { paymentInstruments } from '../payments';

const groupIdsValid = (name: string, column: unknown) =>
  check(name, sql`cardinality(${column}) > 0 and array_position(${column}, null) is null`);

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

export const membershipPeriods = ['monthly', 'quarterly', 'yearly'] as const;
export const membershipStatuses = ['Active', 'Cancelled'] as const;

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
    /** No longer sold; what clients bought of it stays. */
    retiredAt: timestamptz('retired_at'),
    /** Its points expire this many days after purchase; null: never. */
    validityDays: integer('validity_days'),
  },
  (t) => [
    unique('packages_id_marketplace_key').on(t.id, t.marketplaceId),
    index('packages_marketplace_id_idx').on(t.marketplaceId),
    check('packages_name_not_blank', sql`btrim(${t.name}) <> ''`),
    check('packages_price_not_negative', sql`${t.priceCents} >= 0`),
    check('packages_validity_days_positive', sql`${t.validityDays} > 0`),
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
    /** No longer sold; its Active memberships renew as before. */
    retiredAt: timestamptz('retired_at'),
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
    /** Cents per period as bought: renewals charge this, whatever the definition's price now. */
    priceCents: integer('price_cents').notNull(),
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
    check('memberships_price_not_negative', sql`${t.priceCents} >= 0`),
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

/** Where a purchase intent stands (0011_purchase_intents.sql); only `pending` rows are still open. */
export const purchaseStatuses = ['pending', 'succeeded', 'failed', 'refunded'] as const;
export type PurchaseStatus = (typeof purchaseStatuses)[number];
/** What a membership charge pays for: the first period (createMembership), a renewal, a reactivation. */
export const membershipChargeKinds = ['purchase', 'renewal', 'reactivation'] as const;
export type MembershipChargeKind = (typeof membershipChargeKinds)[number];

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
