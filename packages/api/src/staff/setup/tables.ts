// Drizzle's view of the setup table created by migration 0024 (the SQL is the truth; the staff
// context's tables.ts re-exports it so src/db/schema.test.ts compares both).
import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../kernel/database/columns';
import { marketplaces } from '../../kernel/tables';

/** What the operator told when creating a marketplace, and the setup steps without rows of their own. */
export const marketplaceSetups = pgTable(
  'marketplace_setups',
  {
    marketplaceId: integer('marketplace_id')
      .primaryKey()
      .references(() => marketplaces.id),
    /** IANA zone the operator gave (the default of its first clinic); null before the console. */
    timeZone: text('time_zone'),
    /** The operator said it visits clients at home; it does once the owner sets a service area. */
    plansAtHome: boolean('plans_at_home').notNull().default(false),
    /** Set when the owner marks the payment settings reviewed (a required setup step). */
    paymentSettingsReviewedAt: timestamptz('payment_settings_reviewed_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [check('marketplace_setups_time_zone_not_blank', sql`btrim(${t.timeZone}) <> ''`)],
);
