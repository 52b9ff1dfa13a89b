// Drizzle's view of the scheduling tables created by the SQL
// migrations in src/db/migrations: the SQL is the truth, and src/db/schema.test.ts compares both.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  json,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import { clinics, procedures } from '../catalogue';
import { users } from '../identity';
import { timestamptz } from '../kernel/database/columns';
import { marketplaces } from '../kernel/tables';

export const appointmentStatuses = ['PENDING', 'BOOKED', 'COMPLETE', 'CANCELLED', 'NO_SHOW'] as const;
export type AppointmentStatus = (typeof appointmentStatuses)[number];
/** Statuses that hold a practitioner's time. */
export const liveAppointmentStatuses = ['PENDING', 'BOOKED'] as const satisfies readonly AppointmentStatus[];

export const schedulingSettings = pgTable(
  'scheduling_settings',
  {
    marketplaceId: integer('marketplace_id')
      .primaryKey()
      .references(() => marketplaces.id),
    slotStepMinutes: integer('slot_step_minutes').notNull().default(15),
    minimumNoticeMinutes: integer('minimum_notice_minutes').notNull().default(120),
    bookingHorizonMonths: integer('booking_horizon_months').notNull().default(12),
    /** How clients change a visit: 'phone' (the spec's default) or 'online' up to the cut-off. */
    clientChanges: text('client_changes', { enum: ['phone', 'online'] })
      .notNull()
      .default('phone'),
    clientChangeCutoffHours: integer('client_change_cutoff_hours').notNull().default(24),
  },
  (t) => [
    check('scheduling_settings_slot_step_range', sql`${t.slotStepMinutes} between 5 and 240`),
    check('scheduling_settings_minimum_notice_range', sql`${t.minimumNoticeMinutes} between 0 and 43200`),
    check('scheduling_settings_booking_horizon_range', sql`${t.bookingHorizonMonths} between 1 and 24`),
    check('scheduling_settings_client_changes_kind', sql`${t.clientChanges} in ('phone', 'online')`),
    check(
      'scheduling_settings_client_change_cutoff_range',
      sql`${t.clientChangeCutoffHours} between 1 and 168`,
    ),
  ],
);

export const practitioners = pgTable(
  'practitioners',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    marketplaceId: integer('marketplace_id')
      .notNull()
      .references(() => marketplaces.id),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    /** A /media/ path or an https address (0026); null without a photo. */
    photoUrl: text('photo_url'),
  },
  (t) => [
    unique('practitioners_id_marketplace_key').on(t.id, t.marketplaceId),
    index('practitioners_marketplace_id_idx').on(t.marketplaceId),
    check('practitioners_name_not_blank', sql`btrim(${t.name}) <> ''`),
    check('practitioners_photo_url_format', sql`${t.photoUrl} ~ '^(/media/|https://)[^[:space:]]+$'`),
  ],
);

export const practitionerProcedures = pgTable(
  'practitioner_procedures',
  {
    marketplaceId: integer('marketplace_id').notNull(),
    practitionerId: integer('practitioner_id').notNull(),
    procedureId: integer('procedure_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.practitionerId, t.procedureId] }),
    foreignKey({
      name: 'practitioner_procedures_practitioner_same_marketplace',
      columns: [t.practitionerId, t.marketplaceId],
      foreignColumns: [practitioners.id, practitioners.marketplaceId],
    }).onDelete('cascade'),
    foreignKey({
      name: 'practitioner_procedures_procedure_same_marketplace',
      columns: [t.procedureId, t.marketplaceId],
      foreignColumns: [procedures.id, procedures.marketplaceId],
    }).onDelete('cascade'),
    index('practitioner_procedures_procedure_id_idx').on(t.procedureId),
  ],
);

export const practitionerWorkingHours = pgTable(
  'practitioner_working_hours',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    marketplaceId: integer('marketplace_id').notNull(),
    practitionerId: integer('practitioner_id').notNull(),
    /** The clinic; null for at-home visits. */
    organizationId: integer('organization_id'),
    /** ISO weekday: 1 is Monday, 7 is Sunday. */
    weekday: smallint('weekday').notNull(),
    /** Local minutes after midnight in the location's zone. */
    startMinute: smallint('start_minute').notNull(),
    /** Local minutes after midnight; 1440 is the midnight that ends the day. */
    endMinute: smallint('end_minute').notNull(),
  },
  (t) => [
    foreignKey({
      name: 'practitioner_working_hours_practitioner_same_marketplace',
      columns: [t.practitionerId, t.marketplaceId],
      foreignColumns: [practitioners.id, practitioners.marketplaceId],
    }).onDelete('cascade'),
    foreignKey({
      name: 'practitioner_working_hours_clinic_same_marketplace',
      columns: [t.organizationId, t.marketplaceId],
      foreignColumns: [clinics.id, clinics.marketplaceId],
    }).onDelete('cascade'),
    index('practitioner_working_hours_practitioner_id_idx').on(t.practitionerId, t.organizationId),
    index('practitioner_working_hours_organization_id_idx').on(t.organizationId),
    check('practitioner_working_hours_weekday_range', sql`${t.weekday} between 1 and 7`),
    check('practitioner_working_hours_start_minute_range', sql`${t.startMinute} between 0 and 1439`),
    check('practitioner_working_hours_end_minute_range', sql`${t.endMinute} between 1 and 1440`),
    check('practitioner_working_hours_start_before_end', sql`${t.startMinute} < ${t.endMinute}`),
  ],
);

/** One-off changes (0029): on `date`, the change's hours replace the weekly hours everywhere. */
export const practitionerDayChanges = pgTable(
  'practitioner_day_changes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    marketplaceId: integer('marketplace_id').notNull(),
    practitionerId: integer('practitioner_id').notNull(),
    /** yyyy-MM-dd, local to each location. */
    date: date('date', { mode: 'string' }).notNull(),
  },
  (t) => [
    unique('practitioner_day_changes_practitioner_date_key').on(t.practitionerId, t.date),
    foreignKey({
      name: 'practitioner_day_changes_practitioner_same_marketplace',
      columns: [t.practitionerId, t.marketplaceId],
      foreignColumns: [practitioners.id, practitioners.marketplaceId],
    }).onDelete('cascade'),
  ],
);

export const practitionerDayChangeHours = pgTable(
  'practitioner_day_change_hours',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    marketplaceId: integer('marketplace_id').notNull(),
    dayChangeId: integer('day_change_id')
      .notNull()
      .references(() => practitionerDayChanges.id, { onDelete: 'cascade' }),
    /** The clinic; null for at-home visits. */
    organizationId: integer('organization_id'),
    startMinute: smallint('start_minute').notNull(),
    endMinute: smallint('end_minute').notNull(),
  },
  (t) => [
    foreignKey({
      name: 'practitioner_day_change_hours_clinic_same_marketplace',
      columns: [t.organizationId, t.marketplaceId],
      foreignColumns: [clinics.id, clinics.marketplaceId],
    }).onDelete('cascade'),
    index('practitioner_day_change_hours_day_change_id_idx').on(t.dayChangeId),
    index('practitioner_day_change_hours_organization_id_idx').on(t.organizationId),
    check('practitioner_day_change_hours_start_minute_range', sql`${t.startMinute} between 0 and 1439`),
    check('practitioner_day_change_hours_end_minute_range', sql`${t.endMinute} between 1 and 1440`),
    check('practitioner_day_change_hours_start_before_end', sql`${t.startMinute} < ${t.endMinute}`),
  ],
);

export const practitionerTimeOff = pgTable(
  'practitioner_time_off',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    practitionerId: integer('practitioner_id')
      .notNull()
      .references(() => practitioners.id, { onDelete: 'cascade' }),
    startsAt: timestamptz('starts_at').notNull(),
    endsAt: timestamptz('ends_at').notNull(),
    reason: text('reason'),
  },
  (t) => [
    index('practitioner_time_off_practitioner_id_idx').on(t.practitionerId, t.endsAt),
    check('practitioner_time_off_starts_before_end', sql`${t.startsAt} < ${t.endsAt}`),
  ],
);

export const appointments = pgTable(
  'appointments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    marketplaceId: integer('marketplace_id')
      .notNull()
      .references(() => marketplaces.id),
    practitionerId: integer('practitioner_id').notNull(),
    /** The clinic; null for an at-home visit, which has an address and coordinates instead. */
    organizationId: integer('organization_id'),
    address: text('address'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    startsAt: timestamptz('starts_at').notNull(),
    endsAt: timestamptz('ends_at').notNull(),
    status: text('status', { enum: appointmentStatuses }).notNull().default('PENDING'),
    /** The client; null for a visit booked outside Atrium (staff's, or the demo's own). */
    clientUserId: integer('client_user_id').references(() => users.id),
    /** The team's note on a visit booked outside Atrium (migrations/0036); null otherwise. */
    outsideNote: text('outside_note'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    /** When the operator completed the visit (migrations/0006_account.sql); null before. */
    completedAt: timestamptz('completed_at'),
    /** When the reminder was queued (migrations/0008_notifications.sql); null until then. */
    remindedAt: timestamptz('reminded_at'),
    /** Why the operator cancelled it, as told to the client; null without a reason. */
    cancellationReason: text('cancellation_reason'),
    /** The calendar invitation's SEQUENCE: raised by every move (0030). */
    calendarSequence: integer('calendar_sequence').notNull().default(0),
  },
  (t) => [
    foreignKey({
      name: 'appointments_practitioner_same_marketplace',
      columns: [t.practitionerId, t.marketplaceId],
      foreignColumns: [practitioners.id, practitioners.marketplaceId],
    }),
    foreignKey({
      name: 'appointments_clinic_same_marketplace',
      columns: [t.organizationId, t.marketplaceId],
      foreignColumns: [clinics.id, clinics.marketplaceId],
    }),
    index('appointments_practitioner_id_idx').on(t.practitionerId, t.startsAt),
    index('appointments_marketplace_id_idx').on(t.marketplaceId, t.startsAt),
    index('appointments_organization_id_idx').on(t.organizationId),
    index('appointments_client_user_id_idx').on(t.clientUserId),
    index('appointments_practitioner_held_idx')
      .using('gist', t.practitionerId, sql`tstzrange(${t.startsAt}, ${t.endsAt})`)
      .where(sql`${t.status} in ('PENDING', 'BOOKED', 'COMPLETE')`),
    index('appointments_reminder_due_idx')
      .on(t.startsAt)
      .where(sql`${t.status} = 'BOOKED' and ${t.remindedAt} is null`),
    check('appointments_latitude_range', sql`${t.latitude} between -90 and 90`),
    check('appointments_longitude_range', sql`${t.longitude} between -180 and 180`),
    check(
      'appointments_status_known',
      sql`${t.status} in ('PENDING', 'BOOKED', 'COMPLETE', 'CANCELLED', 'NO_SHOW')`,
    ),
    check('appointments_starts_before_end', sql`${t.startsAt} < ${t.endsAt}`),
    check(
      'appointments_completed_at_when_complete',
      sql`${t.completedAt} is null or ${t.status} = 'COMPLETE'`,
    ),
    check(
      'appointments_outside_note_length',
      sql`${t.outsideNote} is null or char_length(${t.outsideNote}) between 1 and 200`,
    ),
    check(
      'appointments_outside_note_without_client',
      sql`${t.outsideNote} is null or ${t.clientUserId} is null`,
    ),
    check('appointments_calendar_sequence_not_negative', sql`${t.calendarSequence} >= 0`),
    check(
      'appointments_cancellation_reason_when_cancelled',
      sql`${t.cancellationReason} is null or ${t.status} = 'CANCELLED'`,
    ),
    check(
      'appointments_one_location',
      sql`(${t.organizationId} is not null and ${t.address} is null and ${t.latitude} is null and ${t.longitude} is null)
        or (${t.organizationId} is null and btrim(coalesce(${t.address}, '')) <> '' and ${t.latitude} is not null and ${t.longitude} is not null)`,
    ),
  ],
);

/**
 * Per practitioner and UTC week (its Monday), the time their held appointments (PENDING, BOOKED,
 * COMPLETE) take, merged and clipped to the week, and when each starts, in seconds after the week's
 * start: kept by a trigger on appointments (migrations/0034), read by availability instead of every
 * booking.
 */
export const practitionerBusyWeeks = pgTable(
  'practitioner_busy_weeks',
  {
    practitionerId: integer('practitioner_id').notNull(),
    week: date('week').notNull(),
    /** Flat: start, end, start, end, ... */
    busy: integer('busy').array().notNull(),
    starts: integer('starts').array().notNull(),
    /** [week, busy] as availability reads it, rendered when the row is written (migrations/0035). */
    busyJson: json('busy_json').notNull().generatedAlwaysAs(sql`busy_week_json(week, busy)`),
    /** [week, busy, starts] as choosing a practitioner reads it (migrations/0037). */
    heldJson: json('held_json').notNull().generatedAlwaysAs(sql`busy_week_held_json(week, busy, starts)`),
  },
  (t) => [primaryKey({ columns: [t.practitionerId, t.week] })],
);
