// Drizzle's view of the staff table of migrations/0017_staff_members.sql (re-exported by schema.ts,
// which schema.test.ts compares with the migrated database).
import { STAFF_ROLES } from '@atrium/domain';
import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from './identity-schema';
import { practitioners } from './scheduling-schema';
import { marketplaces } from './schema';

export const staffMembers = pgTable(
  'staff_members',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    marketplaceId: integer('marketplace_id').notNull(),
    mgId: integer('mg_id').notNull(),
    userId: integer('user_id').notNull(),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    /** The practitioner a practitioner member is; null for the other roles. */
    practitionerId: integer('practitioner_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    unique('staff_members_marketplace_user_key').on(t.marketplaceId, t.userId),
    foreignKey({
      name: 'staff_members_marketplace_same_group',
      columns: [t.marketplaceId, t.mgId],
      foreignColumns: [marketplaces.id, marketplaces.mgId],
    }),
    foreignKey({
      name: 'staff_members_user_same_group',
      columns: [t.userId, t.mgId],
      foreignColumns: [users.id, users.mgId],
    }).onDelete('cascade'),
    foreignKey({
      name: 'staff_members_practitioner_same_marketplace',
      columns: [t.practitionerId, t.marketplaceId],
      foreignColumns: [practitioners.id, practitioners.marketplaceId],
    }),
    index('staff_members_user_id_idx').on(t.userId),
    index('staff_members_practitioner_id_idx').on(t.practitionerId),
    check('staff_members_role_known', sql`${t.role} in ('owner', 'front_desk', 'practitioner')`),
    check(
      'staff_members_practitioner_when_practitioner',
      sql`(${t.role} = 'practitioner') = (${t.practitionerId} is not null)`,
    ),
  ],
);
