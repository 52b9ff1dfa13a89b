// Drizzle's view of the shared (marketplace, idempotency key and rate limit) tables created by the SQL
// migrations in src/db/migrations: the SQL is the truth, and src/db/schema.test.ts compares both.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamptz } from './database/columns';

export const paymentCollectionMethods = [
  'collect_on_site',
  'collect_deposit',
  'collect_on_confirmation',
] as const;
export const paymentDepositTypes = ['percentage', 'fixed_amount'] as const;

export const marketplaceGroups = pgTable(
  'marketplace_groups',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
  },
  (t) => [check('marketplace_groups_name_not_blank', sql`btrim(${t.name}) <> ''`)],
);

export const marketplaces = pgTable(
  'marketplaces',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    mgId: integer('mg_id')
      .notNull()
      .references(() => marketplaceGroups.id),
    name: text('name').notNull(),
    logo: text('logo'),
    favicon: text('favicon'),
    primaryColor: text('primary_color').notNull(),
    navigationGroupId: integer('navigation_group_id'),
    providesAtHome: boolean('provides_at_home').notNull().default(false),
    serviceAreaLatitude: doublePrecision('service_area_latitude'),
    serviceAreaLongitude: doublePrecision('service_area_longitude'),
    serviceAreaRadiusKm: doublePrecision('service_area_radius_km'),
    serviceAreaZipCodes: text('service_area_zip_codes').array().notNull().default(sql`'{}'`),
    travelFeeCents: integer('travel_fee_cents').notNull().default(0),
    hasPaymentPolicy: boolean('has_payment_policy').notNull().default(false),
    paymentPolicyName: text('payment_policy_name'),
    paymentPolicyText: text('payment_policy_text'),
    requirePaymentPolicyAttestation: boolean('require_payment_policy_attestation').notNull().default(false),
    paymentCollectionMethod: text('payment_collection_method', { enum: paymentCollectionMethods })
      .notNull()
      .default('collect_on_confirmation'),
    paymentDepositType: text('payment_deposit_type', { enum: paymentDepositTypes }),
    paymentDepositValue: integer('payment_deposit_value'),
    /** Charged when staff mark a booked visit a no-show (0030); null charges none. */
    noShowFeeCents: integer('no_show_fee_cents'),
    /** The marketplace's own line (E.164), called about at-home visits (0015). */
    phone: text('phone'),
    /** Clients may book; an operator's new marketplace is created closed and opens when its owner has set it up. */
    isLive: boolean('is_live').notNull().default(true),
    /** Moves on with every console change, so a cached public answer of the old menu is not reused. */
    revision: integer('revision').notNull().default(0),
  },
  (t) => [
    index('marketplaces_mg_id_idx').on(t.mgId),
    // Lets a staff member require a marketplace of their own group (0017).
    unique('marketplaces_id_mg_key').on(t.id, t.mgId),
    check('marketplaces_phone_e164', sql`${t.phone} ~ '^\\+[1-9][0-9]{6,14}$'`),
    check('marketplaces_revision_not_negative', sql`${t.revision} >= 0`),
    check('marketplaces_name_not_blank', sql`btrim(${t.name}) <> ''`),
    check('marketplaces_primary_color_hex', sql`${t.primaryColor} ~ '^#[0-9A-Fa-f]{6}$'`),
    check('marketplaces_service_area_latitude_range', sql`${t.serviceAreaLatitude} between -90 and 90`),
    check('marketplaces_service_area_longitude_range', sql`${t.serviceAreaLongitude} between -180 and 180`),
    check('marketplaces_service_area_radius_positive', sql`${t.serviceAreaRadiusKm} > 0`),
    check(
      'marketplaces_service_area_zip_codes_format',
      sql`array_to_string(${t.serviceAreaZipCodes}, ',') ~ '^([0-9]{5}(,[0-9]{5})*)?$'`,
    ),
    check('marketplaces_travel_fee_not_negative', sql`${t.travelFeeCents} >= 0`),
    check(
      'marketplaces_payment_collection_method_known',
      sql`${t.paymentCollectionMethod} in ('collect_on_site', 'collect_deposit', 'collect_on_confirmation')`,
    ),
    check('marketplaces_no_show_fee_positive', sql`${t.noShowFeeCents} is null or ${t.noShowFeeCents} > 0`),
    check(
      'marketplaces_payment_deposit_type_known',
      sql`${t.paymentDepositType} in ('percentage', 'fixed_amount')`,
    ),
    check(
      'marketplaces_service_area_circle_complete',
      sql`(${t.serviceAreaLatitude} is null) = (${t.serviceAreaLongitude} is null)
        and (${t.serviceAreaLatitude} is null) = (${t.serviceAreaRadiusKm} is null)`,
    ),
    check(
      'marketplaces_at_home_has_service_area',
      sql`not ${t.providesAtHome} or ${t.serviceAreaRadiusKm} is not null or cardinality(${t.serviceAreaZipCodes}) > 0`,
    ),
    check(
      'marketplaces_payment_policy_complete',
      sql`not ${t.hasPaymentPolicy}
        or (btrim(coalesce(${t.paymentPolicyName}, '')) <> '' and btrim(coalesce(${t.paymentPolicyText}, '')) <> '')`,
    ),
    check(
      'marketplaces_attestation_needs_policy',
      sql`not ${t.requirePaymentPolicyAttestation} or ${t.hasPaymentPolicy}`,
    ),
    check(
      'marketplaces_deposit_complete',
      sql`(${t.paymentCollectionMethod} = 'collect_deposit'
          and ${t.paymentDepositType} is not null
          and ${t.paymentDepositValue} is not null
          and ${t.paymentDepositValue} > 0
          and (${t.paymentDepositType} <> 'percentage' or ${t.paymentDepositValue} <= 100))
        or (${t.paymentCollectionMethod} <> 'collect_deposit'
          and ${t.paymentDepositType} is null
          and ${t.paymentDepositValue} is null)`,
    ),
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

export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    at: timestamptz('at').notNull(),
  },
  (t) => [index('rate_limit_hits_scope_key_at_idx').on(t.scope, t.key, t.at)],
);
