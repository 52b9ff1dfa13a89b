// The browsers the host's server sent to a canary: what failure reports are weighed against.
import { and, count, eq, gt, or, sql } from 'drizzle-orm';
import type { ReleasePorts } from './ports';
import { type RemoteName, remoteCanaryViews, remoteFailureReports, remoteReleases } from './tables';

/** A canary's entry a page sent a browser to first. */
export interface CanaryView {
  remote: RemoteName;
  entry: string;
}

/** At most this many canaries per page (one per remote). */
export const maxCanariesPerView = 5;

/** Views count for an hour; housekeeping deletes those older than a day. */
export const canaryViewLifetimeMs = 24 * 60 * 60 * 1000;

/**
 * Records that the host's server sent browser `browserId` (the id it signed) to these entries, once
 * per browser and release: a repeat moves its time on. Entries that are no release are ignored.
 */
export async function recordCanaryViews(
  context: Pick<ReleasePorts, 'db' | 'clock'>,
  browserId: string,
  views: readonly CanaryView[],
): Promise<number> {
  if (views.length === 0) return 0;
  const releases = await context.db
    .select({ id: remoteReleases.id })
    .from(remoteReleases)
    .where(
      or(
        ...views.map((view) =>
          and(eq(remoteReleases.remote, view.remote), eq(remoteReleases.entry, view.entry)),
        ),
      ),
    );
  if (releases.length === 0) return 0;
  const now = context.clock();
  await context.db
    .insert(remoteCanaryViews)
    .values(releases.map((release) => ({ releaseId: release.id, browserId, seenAt: now })))
    .onConflictDoUpdate({
      target: [remoteCanaryViews.releaseId, remoteCanaryViews.browserId],
      set: { seenAt: sql`excluded.seen_at` },
    });
  return releases.length;
}

/**
 * For a release, within the window since `since`: the browsers that reported it and were sent to it
 * (`reporters`), and every browser sent to it (`viewers`, those reporters included).
 */
export async function canaryFailureShare(
  context: Pick<ReleasePorts, 'db'>,
  releaseId: number,
  since: Date,
): Promise<{ reporters: number; viewers: number }> {
  const [reported] = await context.db
    .select({ count: count() })
    .from(remoteFailureReports)
    .innerJoin(
      remoteCanaryViews,
      and(
        eq(remoteCanaryViews.releaseId, remoteFailureReports.releaseId),
        eq(remoteFailureReports.reporter, sql`'browser:' || ${remoteCanaryViews.browserId}::text`),
      ),
    )
    .where(and(eq(remoteFailureReports.releaseId, releaseId), gt(remoteFailureReports.reportedAt, since)));
  const [viewed] = await context.db
    .select({ count: count() })
    .from(remoteCanaryViews)
    .where(and(eq(remoteCanaryViews.releaseId, releaseId), gt(remoteCanaryViews.seenAt, since)));
  const reporters = reported?.count ?? 0;
  // A reporter sent there before the window still counts among those sent there.
  return { reporters, viewers: Math.max(viewed?.count ?? 0, reporters) };
}
