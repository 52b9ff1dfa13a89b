// Drizzle's view of the releases tables created by the SQL
// migrations in src/db/migrations: the SQL is the truth, and src/db/schema.test.ts compares both.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamptz } from '../kernel/database/columns';
import { marketplaces } from '../kernel/tables';

// Here rather than in schema.ts: this module is evaluated before schema.ts's body (it re-exports it).
export const remoteNames = ['catalog', 'scheduling', 'checkout', 'account', 'console'] as const;
export type RemoteName = (typeof remoteNames)[number];

export const rolloutStateKinds = ['promotion', 'rollback', 'canary_removal', 'seed', 'migration'] as const;
export type RolloutStateKind = (typeof rolloutStateKinds)[number];

export const remoteReleases = pgTable(
  'remote_releases',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    remote: text('remote', { enum: remoteNames }).notNull(),
    version: text('version').notNull(),
    entry: text('entry').notNull(),
    checksum: text('checksum'),
    contractVersion: text('contract_version').notNull(),
    releasedAt: timestamptz('released_at').notNull().defaultNow(),
  },
  (t) => [
    unique('remote_releases_remote_version_key').on(t.remote, t.version),
    unique('remote_releases_remote_entry_key').on(t.remote, t.entry),
    unique('remote_releases_id_remote_key').on(t.id, t.remote),
    check(
      'remote_releases_remote_known',
      sql`${t.remote} in ('catalog', 'scheduling', 'checkout', 'account', 'console')`,
    ),
    check('remote_releases_version_format', sql`${t.version} ~ '^(url-)?[0-9a-f]{12}$'`),
    check('remote_releases_entry_url', sql`${t.entry} ~ '^https?://'`),
    check('remote_releases_checksum_sha256', sql`${t.checksum} ~ '^[0-9a-f]{64}$'`),
    check('remote_releases_contract_version_not_blank', sql`btrim(${t.contractVersion}) <> ''`),
    check(
      'remote_releases_version_of_checksum',
      sql`case when ${t.checksum} is null then ${t.version} like 'url-%' else ${t.version} = left(${t.checksum}, 12) end`,
    ),
  ],
);

export const remoteRolloutStates = pgTable(
  'remote_rollout_states',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    remote: text('remote', { enum: remoteNames }).notNull(),
    /** null: the default scope. */
    marketplaceId: integer('marketplace_id').references(() => marketplaces.id),
    /** null: the scope has no rollout of its own (the default applies). */
    stableReleaseId: integer('stable_release_id'),
    canaryReleaseId: integer('canary_release_id'),
    canaryPercent: integer('canary_percent'),
    kind: text('kind', { enum: rolloutStateKinds }).notNull(),
    followsStateId: integer('follows_state_id'),
    rollbackStateId: integer('rollback_state_id'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('remote_rollout_states_follows_state_id_key').on(t.followsStateId),
    index('remote_rollout_states_scope_idx').on(t.remote, t.marketplaceId, t.id),
    index('remote_rollout_states_canary_release_idx').on(t.canaryReleaseId),
    foreignKey({
      name: 'remote_rollout_states_stable_release_fkey',
      columns: [t.stableReleaseId, t.remote],
      foreignColumns: [remoteReleases.id, remoteReleases.remote],
    }),
    foreignKey({
      name: 'remote_rollout_states_canary_release_fkey',
      columns: [t.canaryReleaseId, t.remote],
      foreignColumns: [remoteReleases.id, remoteReleases.remote],
    }),
    foreignKey({
      name: 'remote_rollout_states_follows_state_fkey',
      columns: [t.followsStateId],
      foreignColumns: [t.id as AnyPgColumn],
    }),
    foreignKey({
      name: 'remote_rollout_states_rollback_state_fkey',
      columns: [t.rollbackStateId],
      foreignColumns: [t.id as AnyPgColumn],
    }),
    check(
      'remote_rollout_states_remote_known',
      sql`${t.remote} in ('catalog', 'scheduling', 'checkout', 'account', 'console')`,
    ),
    check('remote_rollout_states_canary_percent_range', sql`${t.canaryPercent} between 1 and 99`),
    check(
      'remote_rollout_states_kind_known',
      sql`${t.kind} in ('promotion', 'rollback', 'canary_removal', 'seed', 'migration')`,
    ),
    check(
      'remote_rollout_states_canary_has_percent',
      sql`(${t.canaryReleaseId} is null) = (${t.canaryPercent} is null)`,
    ),
    check(
      'remote_rollout_states_canary_beside_stable',
      sql`${t.canaryReleaseId} is null or (${t.stableReleaseId} is not null and ${t.canaryReleaseId} <> ${t.stableReleaseId})`,
    ),
  ],
);

export const remoteCanaryRemovals = pgTable(
  'remote_canary_removals',
  {
    rolloutStateId: integer('rollout_state_id')
      .primaryKey()
      .references(() => remoteRolloutStates.id),
    releaseId: integer('release_id')
      .notNull()
      .references(() => remoteReleases.id),
    reason: text('reason').notNull(),
  },
  (t) => [check('remote_canary_removals_reason_not_blank', sql`btrim(${t.reason}) <> ''`)],
);

export const remoteFailureReports = pgTable(
  'remote_failure_reports',
  {
    releaseId: integer('release_id')
      .notNull()
      .references(() => remoteReleases.id),
    /** `browser:<atrium-browser cookie>` or `address:<client IP>`. */
    reporter: text('reporter').notNull(),
    reason: text('reason'),
    reportedAt: timestamptz('reported_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.releaseId, t.reporter] }),
    index('remote_failure_reports_release_at_idx').on(t.releaseId, t.reportedAt),
    check('remote_failure_reports_reason_length', sql`char_length(${t.reason}) <= 300`),
  ],
);

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
