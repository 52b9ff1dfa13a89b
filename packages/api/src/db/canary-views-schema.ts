// Drizzle's view of migrations/0021_remote_canary_views.sql (re-exported by schema.ts): the browsers
// the host's server sent to a canary release.
import { index, integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { remoteReleases } from './releases-schema';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const remoteCanaryViews = pgTable(
  'remote_canary_views',
  {
    releaseId: integer('release_id')
      .notNull()
      .references(() => remoteReleases.id),
    /** The id the host signed for the browser (its `atrium-browser` cookie, without the signature). */
    browserId: uuid('browser_id').notNull(),
    /** When the host last said it sent the browser there (at most every quarter of an hour). */
    seenAt: timestamptz('seen_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.releaseId, t.browserId] }),
    index('remote_canary_views_release_seen_idx').on(t.releaseId, t.seenAt),
  ],
);
