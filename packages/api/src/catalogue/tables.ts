// Drizzle's view of the catalogue tables created by the SQL
// migrations in src/db/migrations: the SQL is the truth, and src/db/schema.test.ts compares both.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { marketplaces } from '../kernel/tables';

export const checkoutNoteTypes = ['TEXT', 'SELECT', 'MULTISELECT', 'BOOLEAN', 'DATETIME', 'HEADER'] as const;

export interface CheckoutNoteOptions {
  placeholder?: string;
  values?: string[];
}

export const clinics = pgTable(
  'clinics',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    marketplaceId: integer('marketplace_id')
      .notNull()
      .references(() => marketplaces.id),
    name: text('name').notNull(),
    address: text('address').notNull(),
    phone: text('phone').notNull(),
    timeZone: text('time_zone').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    unique('clinics_id_marketplace_key').on(t.id, t.marketplaceId),
    index('clinics_marketplace_id_idx').on(t.marketplaceId, t.position),
    check('clinics_name_not_blank', sql`btrim(${t.name}) <> ''`),
    check('clinics_address_not_blank', sql`btrim(${t.address}) <> ''`),
    check('clinics_phone_e164', sql`${t.phone} ~ '^\\+[1-9][0-9]{6,14}$'`),
    check('clinics_time_zone_not_blank', sql`btrim(${t.timeZone}) <> ''`),
    check('clinics_latitude_range', sql`${t.latitude} between -90 and 90`),
    check('clinics_longitude_range', sql`${t.longitude} between -180 and 180`),
  ],
);

export const procedureGroups = pgTable(
  'procedure_groups',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    marketplaceId: integer('marketplace_id')
      .notNull()
      .references(() => marketplaces.id),
    name: text('name').notNull(),
    description: text('description'),
    thumbnail: text('thumbnail'),
    banner: text('banner'),
    position: integer('position').notNull().default(0),
    archivedAt: timestamp('archived_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    unique('procedure_groups_id_marketplace_key').on(t.id, t.marketplaceId),
    index('procedure_groups_marketplace_id_idx').on(t.marketplaceId, t.position),
    check('procedure_groups_name_not_blank', sql`btrim(${t.name}) <> ''`),
  ],
);

export const procedures = pgTable(
  'procedures',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    marketplaceId: integer('marketplace_id')
      .notNull()
      .references(() => marketplaces.id),
    procedureGroupId: integer('procedure_group_id'),
    name: text('name').notNull(),
    tagline: text('tagline'),
    description: text('description'),
    thumbnail: text('thumbnail'),
    ingredients: jsonb('ingredients').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    prices: integer('prices').array().notNull(),
    durations: integer('durations').array().notNull(),
    tags: text('tags').array().notNull().default(sql`'{}'`),
    isAddOn: boolean('is_add_on').notNull().default(false),
    offeredAtHome: boolean('offered_at_home').notNull().default(false),
    position: integer('position').notNull().default(0),
    archivedAt: timestamp('archived_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    unique('procedures_id_marketplace_key').on(t.id, t.marketplaceId),
    foreignKey({
      name: 'procedures_procedure_group_same_marketplace',
      columns: [t.procedureGroupId, t.marketplaceId],
      foreignColumns: [procedureGroups.id, procedureGroups.marketplaceId],
    }),
    index('procedures_marketplace_id_idx').on(t.marketplaceId, t.position),
    index('procedures_procedure_group_id_idx').on(t.procedureGroupId),
    check('procedures_name_not_blank', sql`btrim(${t.name}) <> ''`),
    check(
      'procedures_ingredients_strings',
      sql`jsonb_typeof(${t.ingredients}) = 'array'
        and not coalesce(jsonb_path_exists(${t.ingredients}, 'strict $[*] ? (@.type() != "string")', '{}', true), false)`,
    ),
    check(
      'procedures_prices_valid',
      sql`cardinality(${t.prices}) > 0
        and array_ndims(${t.prices}) = 1
        and array_position(${t.prices}, null) is null
        and 0 <= all (${t.prices})`,
    ),
    check(
      'procedures_durations_valid',
      sql`cardinality(${t.durations}) > 0
        and array_ndims(${t.durations}) = 1
        and array_position(${t.durations}, null) is null
        and (0 < all (${t.durations}) or (${t.isAddOn} and 0 <= all (${t.durations})))`,
    ),
    check('procedures_bookable_has_group', sql`${t.isAddOn} or ${t.procedureGroupId} is not null`),
  ],
);

export const procedureAddOns = pgTable(
  'procedure_add_ons',
  {
    marketplaceId: integer('marketplace_id').notNull(),
    procedureId: integer('procedure_id').notNull(),
    addOnId: integer('add_on_id').notNull(),
    featured: boolean('featured').notNull().default(false),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.procedureId, t.addOnId] }),
    foreignKey({
      name: 'procedure_add_ons_procedure_same_marketplace',
      columns: [t.procedureId, t.marketplaceId],
      foreignColumns: [procedures.id, procedures.marketplaceId],
    }).onDelete('cascade'),
    foreignKey({
      name: 'procedure_add_ons_add_on_same_marketplace',
      columns: [t.addOnId, t.marketplaceId],
      foreignColumns: [procedures.id, procedures.marketplaceId],
    }).onDelete('cascade'),
    index('procedure_add_ons_marketplace_id_idx').on(t.marketplaceId),
    index('procedure_add_ons_add_on_id_idx').on(t.addOnId),
    check('procedure_add_ons_not_self', sql`${t.procedureId} <> ${t.addOnId}`),
  ],
);

export const procedureClinics = pgTable(
  'procedure_clinics',
  {
    marketplaceId: integer('marketplace_id').notNull(),
    procedureId: integer('procedure_id').notNull(),
    clinicId: integer('clinic_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.procedureId, t.clinicId] }),
    foreignKey({
      name: 'procedure_clinics_procedure_same_marketplace',
      columns: [t.procedureId, t.marketplaceId],
      foreignColumns: [procedures.id, procedures.marketplaceId],
    }).onDelete('cascade'),
    foreignKey({
      name: 'procedure_clinics_clinic_same_marketplace',
      columns: [t.clinicId, t.marketplaceId],
      foreignColumns: [clinics.id, clinics.marketplaceId],
    }).onDelete('cascade'),
    index('procedure_clinics_marketplace_id_idx').on(t.marketplaceId),
    index('procedure_clinics_clinic_id_idx').on(t.clinicId),
  ],
);

export const checkoutNoteDefinitions = pgTable(
  'checkout_note_definitions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    marketplaceId: integer('marketplace_id')
      .notNull()
      .references(() => marketplaces.id),
    index: integer('index').notNull(),
    label: text('label').notNull(),
    type: text('type', { enum: checkoutNoteTypes }).notNull(),
    isRequired: boolean('is_required').notNull().default(false),
    options: jsonb('options').$type<CheckoutNoteOptions>(),
  },
  (t) => [
    unique('checkout_note_definitions_index_key').on(t.marketplaceId, t.index),
    check('checkout_note_definitions_index_not_negative', sql`${t.index} >= 0`),
    check('checkout_note_definitions_label_not_blank', sql`btrim(${t.label}) <> ''`),
    check(
      'checkout_note_definitions_type_known',
      sql`${t.type} in ('TEXT', 'SELECT', 'MULTISELECT', 'BOOLEAN', 'DATETIME', 'HEADER')`,
    ),
    check(
      'checkout_note_definitions_options_shape',
      sql`jsonb_typeof(${t.options}) = 'object'
        and coalesce(jsonb_typeof(${t.options} -> 'placeholder'), 'string') = 'string'
        and coalesce(jsonb_typeof(${t.options} -> 'values'), 'array') = 'array'
        and not coalesce(jsonb_path_exists(${t.options}, 'strict $.values[*] ? (@.type() != "string")', '{}', true), false)`,
    ),
    check('checkout_note_definitions_header_not_required', sql`${t.type} <> 'HEADER' or not ${t.isRequired}`),
    check(
      'checkout_note_definitions_choices_have_values',
      sql`${t.type} not in ('SELECT', 'MULTISELECT')
        or coalesce(jsonb_path_exists(${t.options}, 'strict $.values[0]', '{}', true), false)`,
    ),
  ],
);
