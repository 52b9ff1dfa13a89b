// The one way rollout states are written (by services/releases and the demo seed): under a lock per
// remote and scope, appended after the scope's current state.
import { createHash } from 'node:crypto';
import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../kernel/database/database';
import { type RemoteName, type RolloutStateKind, remoteRolloutStates } from './tables';

export type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Which clients a rollout is for: every marketplace (marketplaceId null, the default) or one. */
export interface RolloutScope {
  remote: RemoteName;
  marketplaceId: number | null;
}

export type RolloutState = typeof remoteRolloutStates.$inferSelect;

/** What a state says the scope's clients get. stableReleaseId null: nothing of its own. */
export interface RolloutContent {
  stableReleaseId: number | null;
  canaryReleaseId: number | null;
  canaryPercent: number | null;
}

/** The version of a build recorded by its URL only (no files, no checksum), as 0016 computes it. */
export function urlVersion(entry: string): string {
  return `url-${createHash('sha256').update(entry, 'utf8').digest('hex').slice(0, 12)}`;
}

export function inScope(scope: RolloutScope): SQL {
  return and(
    eq(remoteRolloutStates.remote, scope.remote),
    scope.marketplaceId === null
      ? isNull(remoteRolloutStates.marketplaceId)
      : eq(remoteRolloutStates.marketplaceId, scope.marketplaceId),
  ) as SQL;
}

/**
 * Holds the scope's lock until the transaction ends, so two writers (two promotions, a promotion
 * and a canary removal) take turns instead of appending after the same state.
 */
export async function lockScope(tx: Transaction, scope: RolloutScope): Promise<void> {
  const name = `remote-rollout:${scope.remote}:${scope.marketplaceId ?? 'default'}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${name}))`);
}

/** The scope's latest state (the one no other follows), or null when it never had one. */
export async function currentState(tx: Transaction | Db, scope: RolloutScope): Promise<RolloutState | null> {
  const [state] = await tx
    .select()
    .from(remoteRolloutStates)
    .where(inScope(scope))
    .orderBy(desc(remoteRolloutStates.id))
    .limit(1);
  return state ?? null;
}

export async function stateById(tx: Transaction | Db, id: number): Promise<RolloutState | null> {
  const [state] = await tx.select().from(remoteRolloutStates).where(eq(remoteRolloutStates.id, id));
  return state ?? null;
}

export function sameContent(state: RolloutContent | null, content: RolloutContent): boolean {
  return (
    (state?.stableReleaseId ?? null) === content.stableReleaseId &&
    (state?.canaryReleaseId ?? null) === content.canaryReleaseId &&
    (state?.canaryPercent ?? null) === content.canaryPercent
  );
}

/** Appends a state after `current` (the scope's current state, read under its lock). */
export async function appendState(
  tx: Transaction,
  scope: RolloutScope,
  current: RolloutState | null,
  next: RolloutContent & { kind: RolloutStateKind; rollbackStateId: number | null; at: Date },
): Promise<RolloutState> {
  const [state] = await tx
    .insert(remoteRolloutStates)
    .values({
      remote: scope.remote,
      marketplaceId: scope.marketplaceId,
      stableReleaseId: next.stableReleaseId,
      canaryReleaseId: next.canaryReleaseId,
      canaryPercent: next.canaryPercent,
      kind: next.kind,
      followsStateId: current?.id ?? null,
      rollbackStateId: next.rollbackStateId,
      createdAt: next.at,
    })
    .returning();
  if (!state) throw new Error('The rollout state was not written');
  return state;
}
