// Reading rollouts: the current state of each scope with its releases, its fallback and its last
// canary removal, as one JSON list built by PostgreSQL (so the marketplace query keeps one statement).
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../kernel/database/database';
import type { RemoteName } from './tables';

export interface RemoteRolloutView {
  remote: RemoteName;
  /** null: the default. */
  marketplaceId: string | null;
  entry: string;
  version: string;
  fallbackEntry: string | null;
  canary: { entry: string; version: string; percent: number } | null;
  canaryRemoval: { version: string; at: string; reason: string } | null;
}

const isoTime = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The rollouts whose current state matches `where` (over `s`, the state), as a JSON list ordered by
 * scope (the default first, then by marketplace id) and remote. A scope whose current state is empty
 * has no rollout. Embeddable as a column of another select.
 *
 * - fallbackEntry: the last good release: walking back through the states the scope had before each
 *   promotion (rollbackStateId, so a release that was rolled back is never one), the first stable
 *   release other than the current one.
 * - canaryRemoval: the scope's latest canary removal, unless a promotion (or the seed) came after it.
 */
export function rolloutsJson(where: SQL): SQL<RemoteRolloutView[]> {
  const sameScope = (alias: string) =>
    sql.raw(`${alias}.remote = s.remote and ${alias}.marketplace_id is not distinct from s.marketplace_id`);
  return sql<RemoteRolloutView[]>`coalesce((
    select json_agg(json_build_object(
      'remote', s.remote,
      'marketplaceId', s.marketplace_id::text,
      'entry', stable.entry,
      'version', stable.version,
      'fallbackEntry', (
        with recursive live(id, stable_release_id, rollback_state_id, depth) as (
          select p.id, p.stable_release_id, p.rollback_state_id, 1
          from remote_rollout_states p where p.id = s.rollback_state_id
          union all
          select p.id, p.stable_release_id, p.rollback_state_id, live.depth + 1
          from remote_rollout_states p join live on p.id = live.rollback_state_id
          where live.depth < 100
        )
        select f.entry from live join remote_releases f on f.id = live.stable_release_id
        where live.stable_release_id <> s.stable_release_id
        order by live.depth limit 1
      ),
      'canary', case when canary.id is null then null else json_build_object(
        'entry', canary.entry, 'version', canary.version, 'percent', s.canary_percent
      ) end,
      'canaryRemoval', (
        select json_build_object('version', removed.version, 'at', ${isoTime(sql.raw('r.created_at'))}, 'reason', cr.reason)
        from remote_canary_removals cr
        join remote_rollout_states r on r.id = cr.rollout_state_id
        join remote_releases removed on removed.id = cr.release_id
        where ${sameScope('r')} and not exists (
          select 1 from remote_rollout_states later
          where ${sameScope('later')} and later.id > r.id and later.kind in ('promotion', 'seed')
        )
        order by r.id desc limit 1
      )
    ) order by s.marketplace_id nulls first, s.remote)
    from remote_rollout_states s
    join remote_releases stable on stable.id = s.stable_release_id
    left join remote_releases canary on canary.id = s.canary_release_id
    where not exists (select 1 from remote_rollout_states n where n.follows_state_id = s.id) and (${where})
  ), '[]'::json)`;
}

async function selectRollouts(db: Db, where: SQL): Promise<RemoteRolloutView[]> {
  const { rows } = (await db.execute(sql`select ${rolloutsJson(where)} as rollouts`)) as unknown as {
    rows: { rollouts: RemoteRolloutView[] }[];
  };
  return rows[0]?.rollouts ?? [];
}

/**
 * What a marketplace's clients get per remote: its own rollout where it has one, else the default's.
 * Without a marketplace (or for one that does not exist), the defaults.
 */
export async function remoteRolloutsFor(db: Db, marketplaceId: number | null): Promise<RemoteRolloutView[]> {
  const rollouts = await selectRollouts(
    db,
    marketplaceId === null
      ? sql`s.marketplace_id is null`
      : sql`(s.marketplace_id is null or s.marketplace_id = ${marketplaceId})`,
  );
  // The default comes first in the list, so a marketplace's own rollout replaces it.
  const byRemote = new Map<RemoteName, RemoteRolloutView>();
  for (const rollout of rollouts) byRemote.set(rollout.remote, rollout);
  return [...byRemote.values()].sort((a, b) => a.remote.localeCompare(b.remote));
}

/** Every rollout of a remote: the default first, then per marketplace. */
export function rolloutsOfRemote(db: Db, remote: RemoteName): Promise<RemoteRolloutView[]> {
  return selectRollouts(db, sql`s.remote = ${remote}`);
}

/** The rollout now in force in one scope, or null when it has none of its own. */
export async function rolloutOfScope(
  db: Db,
  scope: { remote: RemoteName; marketplaceId: number | null },
): Promise<RemoteRolloutView | null> {
  const [rollout] = await selectRollouts(
    db,
    sql`s.remote = ${scope.remote} and s.marketplace_id is not distinct from ${scope.marketplaceId}::integer`,
  );
  return rollout ?? null;
}
