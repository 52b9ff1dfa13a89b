// Drizzle's view of the staff tables created by the SQL
// migrations in src/db/migrations: the SQL is the truth, and src/db/schema.test.ts compares both.
import { STAFF_ROLES } from '@atrium/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { users } from '../identity';
import { timestamptz } from '../kernel/database/columns';
import { marketplaces } from '../kernel/tables';
import { remoteNames, remoteReleases } from '../releases';
import { practitioners } from '../scheduling';

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
    /** Mail this member about each new request (0030). */
    notifyNewRequests: boolean('notify_new_requests').notNull().default(true),
    /** When the member last opened Requests: newer requests count as unread (0030). */
    requestsSeenAt: timestamptz('requests_seen_at'),
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

/** An owner's preview of a remote release on their own marketplace, for their browser alone. */
export const remotePreviews = pgTable(
  'remote_previews',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** SHA-256 (hex) of the browser's token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    marketplaceId: integer('marketplace_id')
      .notNull()
      .references(() => marketplaces.id),
    staffMemberId: integer('staff_member_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    remote: text('remote', { enum: remoteNames }).notNull(),
    releaseId: integer('release_id').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    /** Set when the owner ends it before it expires. */
    endedAt: timestamptz('ended_at'),
  },
  (t) => [
    unique('remote_previews_token_hash_key').on(t.tokenHash),
    foreignKey({
      name: 'remote_previews_release_fkey',
      columns: [t.releaseId, t.remote],
      foreignColumns: [remoteReleases.id, remoteReleases.remote],
    }),
    index('remote_previews_staff_member_id_idx').on(t.staffMemberId),
    index('remote_previews_release_id_idx').on(t.releaseId),
    index('remote_previews_expires_at_idx').on(t.expiresAt),
    check(
      'remote_previews_remote_known',
      sql`${t.remote} in ('catalog', 'scheduling', 'checkout', 'account', 'console')`,
    ),
    check('remote_previews_expires_after_creation', sql`${t.expiresAt} > ${t.createdAt}`),
  ],
);

/** Who changed what of a marketplace in the console, and when, with the values before and after (0023). */
export const activityLog = pgTable(
  'activity_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    marketplaceId: integer('marketplace_id')
      .notNull()
      .references(() => marketplaces.id),
    staffMemberId: integer('staff_member_id').references(() => staffMembers.id, { onDelete: 'set null' }),
    /** The member's email, or 'operator' for the platform's operator; kept when the member is removed. */
    actor: text('actor').notNull(),
    /** What was done, e.g. 'procedure.update'. */
    action: text('action').notNull(),
    /** What it was done to, as people read it, e.g. 'Service “Myers' Cocktail”'. */
    subject: text('subject').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('activity_log_marketplace_created_idx').on(t.marketplaceId, t.createdAt.desc(), t.id.desc()),
    index('activity_log_staff_member_id_idx').on(t.staffMemberId),
    check('activity_log_actor_not_blank', sql`btrim(${t.actor}) <> ''`),
    check('activity_log_action_not_blank', sql`btrim(${t.action}) <> ''`),
    check('activity_log_subject_not_blank', sql`btrim(${t.subject}) <> ''`),
  ],
);

// The new-request notices are declared beside their code; listed here so the schema test compares them.
export { staffRequestNotices } from './request-notices/tables';
// The clinics' opening hours are declared beside the settings code; listed here so the schema test compares them.
export { clinicOpeningHours } from './settings/tables';
// The setup table is declared beside the setup code; listed here so the schema test compares it.
export { marketplaceSetups } from './setup/tables';
