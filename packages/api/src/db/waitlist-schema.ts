// Drizzle's view of migrations/0019_waitlist_offers.sql (re-exported by schema.ts, which schema.test.ts
// compares with the migrated database).
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { waitlistRequests } from './checkout-schema';
import { users } from './identity-schema';
import { appointments, practitioners } from './scheduling-schema';
import { marketplaces } from './schema';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

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
