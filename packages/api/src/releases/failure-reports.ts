// Browsers' reports of a remote they could not load, and the canary they take out of rotation.
import { and, eq, sql } from 'drizzle-orm';
import { RateLimitedError } from '../identity';
import { consumeRateLimits, hourMs } from '../kernel/rate-limits';
import { canaryFailureShare } from './canary-views';
import type { ReleasesContext } from './ports';
import { appendState, currentState, lockScope, type RolloutScope } from './rollout-states';
import {
  type RemoteName,
  remoteCanaryRemovals,
  remoteFailureReports,
  remoteReleases,
  remoteRolloutStates,
} from './tables';

/** Reports one client address may send per hour: a page's entry and chunks, over several visits. */
export const failureReportsPerHour = 60;

/** Failures within this window count towards taking a canary out of rotation. */
export const canaryFailureWindowMs = hourMs;

/** Reports are kept this long (releases show those of the last 24 hours); housekeeping deletes older. */
export const failureReportLifetimeMs = 7 * 24 * hourMs;

export const failureReportsRateLimited = 'Too many failure reports from this address; try again later.';

/**
 * Records that this browser (the id the host signed in its `atrium-browser` cookie, else its address)
 * could not load `entry`. False when the entry is no release of the remote. Every report is counted
 * for the team (`failureReports`); a canary is taken out of rotation, in every scope that has it,
 * only on reports nobody can make up or multiply: from browsers the host signed an id for and sent to
 * that canary within the hour, at least `canaryFailureLimit` of them and at least
 * `canaryFailureSharePercent` of all it sent there. Reports are limited per client address (the one
 * the host forwards). A stable release only has its reports counted.
 */
export async function reportRemoteFailure(
  context: ReleasesContext,
  input: { remote: RemoteName; entry: string; reason: string | null },
): Promise<boolean> {
  const now = context.clock();
  const allowed = await consumeRateLimits(context.db, now, [
    { scope: 'remote-failure:ip', key: context.clientIp, limit: failureReportsPerHour, windowMs: hourMs },
  ]);
  if (!allowed) throw new RateLimitedError(failureReportsRateLimited);

  const [release] = await context.db
    .select({ id: remoteReleases.id, version: remoteReleases.version })
    .from(remoteReleases)
    .where(and(eq(remoteReleases.remote, input.remote), eq(remoteReleases.entry, input.entry)));
  if (!release) return false;

  const browserId = await context.browserId();
  const reporter = browserId ? `browser:${browserId}` : `address:${context.clientIp}`;
  await context.db
    .insert(remoteFailureReports)
    .values({ releaseId: release.id, reporter, reason: input.reason, reportedAt: now })
    .onConflictDoUpdate({
      target: [remoteFailureReports.releaseId, remoteFailureReports.reporter],
      set: { reason: input.reason, reportedAt: now },
    });

  if (!browserId) return true;
  const since = new Date(now.getTime() - canaryFailureWindowMs);
  const { reporters, viewers } = await canaryFailureShare(context, release.id, since);
  if (
    reporters >= context.canaryFailureLimit &&
    reporters * 100 >= context.canaryFailureSharePercent * viewers
  ) {
    await removeCanary(
      context,
      { id: release.id, version: release.version, remote: input.remote },
      { reporters, viewers },
    );
  }
  return true;
}

/** Takes a release out of rotation as a canary, in every scope whose current state has it. */
async function removeCanary(
  context: ReleasesContext,
  release: { id: number; version: string; remote: RemoteName },
  { reporters, viewers }: { reporters: number; viewers: number },
): Promise<void> {
  const scopes = await context.db
    .select({ marketplaceId: remoteRolloutStates.marketplaceId })
    .from(remoteRolloutStates)
    .where(
      and(
        eq(remoteRolloutStates.canaryReleaseId, release.id),
        sql`not exists (select 1 from remote_rollout_states n where n.follows_state_id = ${remoteRolloutStates.id})`,
      ),
    );
  const reason = `${reporters} browsers could not load it (of ${viewers} sent to it within the hour).`;
  for (const { marketplaceId } of scopes) {
    const scope: RolloutScope = { remote: release.remote, marketplaceId };
    const removed = await context.db.transaction(async (tx) => {
      await lockScope(tx, scope);
      // Another report may have removed it meanwhile, or an operator changed the scope.
      const current = await currentState(tx, scope);
      if (current?.canaryReleaseId !== release.id) return false;
      const state = await appendState(tx, scope, current, {
        stableReleaseId: current.stableReleaseId,
        canaryReleaseId: null,
        canaryPercent: null,
        kind: 'canary_removal',
        // Undoes the canary's promotion: a rollback goes where that promotion's would have.
        rollbackStateId: current.rollbackStateId,
        at: context.clock(),
      });
      await tx
        .insert(remoteCanaryRemovals)
        .values({ rolloutStateId: state.id, releaseId: release.id, reason });
      return true;
    });
    if (removed) {
      context.log.warn(
        { remote: release.remote, version: release.version, marketplaceId, reporters, viewers },
        'Canary taken out of rotation: browsers could not load it',
      );
    }
  }
}
