// Drizzle's view of migrations/0020_remote_previews.sql (re-exported by schema.ts): an owner's
// preview of a remote release in their own browser.
import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { remoteNames, remoteReleases } from './releases-schema';
import { marketplaces } from './schema';
import { staffMembers } from './staff-schema';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

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
