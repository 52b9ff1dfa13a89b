// Drizzle's view of the settings' own table (migrations/0027_clinic_opening_hours.sql, the truth);
// staff/tables.ts re-exports it so src/db/schema.test.ts compares it too.
import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, smallint } from 'drizzle-orm/pg-core';
import { clinics } from '../../catalogue';

export const clinicOpeningHours = pgTable(
  'clinic_opening_hours',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    marketplaceId: integer('marketplace_id').notNull(),
    clinicId: integer('clinic_id').notNull(),
    /** ISO weekday: 1 is Monday, 7 is Sunday. */
    weekday: smallint('weekday').notNull(),
    /** Local minutes after midnight in the clinic's zone. */
    startMinute: smallint('start_minute').notNull(),
    /** Local minutes after midnight; 1440 is the midnight that ends the day. */
    endMinute: smallint('end_minute').notNull(),
  },
  (t) => [
    foreignKey({
      name: 'clinic_opening_hours_clinic_same_marketplace',
      columns: [t.clinicId, t.marketplaceId],
      foreignColumns: [clinics.id, clinics.marketplaceId],
    }).onDelete('cascade'),
    index('clinic_opening_hours_clinic_id_idx').on(t.clinicId, t.weekday),
    check('clinic_opening_hours_weekday_range', sql`${t.weekday} between 1 and 7`),
    check('clinic_opening_hours_start_minute_range', sql`${t.startMinute} between 0 and 1439`),
    check('clinic_opening_hours_end_minute_range', sql`${t.endMinute} between 1 and 1440`),
    check('clinic_opening_hours_start_before_end', sql`${t.startMinute} < ${t.endMinute}`),
  ],
);
