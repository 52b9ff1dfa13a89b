// The operator's side of the release registry: recording releases, promoting them to a scope's
// clients (all of them or a canary share), rolling a scope back.
import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../kernel/database/database';
import { InvalidInputError, NotFoundError } from '../kernel/errors';
import { marketplaces } from '../kernel/tables';
import type { ReleasePorts } from './ports';
import {
  appendState,
  currentState,
  lockScope,
  type RolloutContent,
  type RolloutScope,
  sameContent,
  stateById,
} from './rollout-states';
import { type RemoteRolloutView, rolloutOfScope } from './rollouts';
import { type RemoteName, remoteFailureReports, remoteReleases } from './tables';

export interface RemoteReleaseView {
  remote: RemoteName;
  version: string;
  entry: string;
  checksum: string | null;
  contractVersion: string;
  releasedAt: string;
  /** Browsers that reported failing to load it in the last 24 hours. */
  failureReports: number;
}

/** How many releases `remoteReleases` lists: the newest. */
export const listedReleases = 50;

const dayMs = 24 * 60 * 60 * 1000;

/** Refuses an entry whose origin is not on the allow-list (REMOTE_ORIGINS). */
export function assertAllowedOrigin(entry: string, remoteOrigins: readonly string[]): void {
  const { origin } = new URL(entry);
  if (!remoteOrigins.includes(origin)) {
    throw new InvalidInputError(
      `Remote entries must come from an allowed origin; ${origin} is not one (REMOTE_ORIGINS).`,
    );
  }
}

/**
 * Records a release (by `pnpm release`). Recording the same release again answers it unchanged; a
 * version already recorded with another checksum or entry, or an entry already another version's, is
 * refused. Changes nothing clients get.
 */
export async function recordRelease(
  ports: ReleasePorts,
  input: { remote: RemoteName; version: string; entry: string; checksum: string; contractVersion: string },
): Promise<RemoteReleaseView> {
  assertAllowedOrigin(input.entry, ports.remoteOrigins);
  await ports.db
    .insert(remoteReleases)
    .values({ ...input, releasedAt: ports.clock() })
    .onConflictDoNothing();
  const [byVersion] = await ports.db
    .select()
    .from(remoteReleases)
    .where(and(eq(remoteReleases.remote, input.remote), eq(remoteReleases.version, input.version)));
  if (!byVersion) {
    // Not inserted, and no release of that version: its entry is another version's.
    const [byEntry] = await ports.db
      .select({ version: remoteReleases.version })
      .from(remoteReleases)
      .where(and(eq(remoteReleases.remote, input.remote), eq(remoteReleases.entry, input.entry)));
    throw new InvalidInputError(
      `${input.entry} is already the entry of ${input.remote} ${byEntry?.version ?? 'another release'}.`,
    );
  }
  if (byVersion.checksum !== input.checksum) {
    throw new InvalidInputError(
      `${input.remote} ${input.version} is already recorded with another checksum; releases never change.`,
    );
  }
  if (byVersion.entry !== input.entry) {
    throw new InvalidInputError(
      `${input.remote} ${input.version} is already recorded at ${byVersion.entry}; releases never change.`,
    );
  }
  const [release] = await listReleases(ports, input.remote, byVersion.id);
  if (!release) throw new Error('The recorded release was not found');
  return release;
}

/** A remote's releases, newest first (at most `listedReleases`), or the one with `releaseId`. */
export async function listReleases(
  ports: Pick<ReleasePorts, 'db' | 'clock'>,
  remote: RemoteName,
  releaseId?: number,
): Promise<RemoteReleaseView[]> {
  const since = new Date(ports.clock().getTime() - dayMs);
  const rows = await ports.db
    .select({
      ...getTableColumns(remoteReleases),
      failureReports: sql<number>`(
        select count(*)::int from ${remoteFailureReports}
        where ${remoteFailureReports.releaseId} = ${remoteReleases.id} and ${remoteFailureReports.reportedAt} > ${since}
      )`,
    })
    .from(remoteReleases)
    .where(
      releaseId === undefined
        ? eq(remoteReleases.remote, remote)
        : and(eq(remoteReleases.remote, remote), eq(remoteReleases.id, releaseId)),
    )
    .orderBy(desc(remoteReleases.releasedAt), desc(remoteReleases.id))
    .limit(listedReleases);
  return rows.map((row) => ({
    remote: row.remote,
    version: row.version,
    entry: row.entry,
    checksum: row.checksum,
    contractVersion: row.contractVersion,
    releasedAt: row.releasedAt.toISOString(),
    failureReports: row.failureReports,
  }));
}

/**
 * Promotes a release (by `pnpm promote`): from the next page load, the scope's clients get it, all
 * of them or, with `percent`, that share of browsers beside the scope's stable release. Promoting
 * what is already in force changes nothing.
 */
export async function promoteRelease(
  ports: ReleasePorts,
  input: { remote: RemoteName; version: string; marketplaceId: number | null; percent: number | null },
): Promise<RemoteRolloutView> {
  const scope: RolloutScope = { remote: input.remote, marketplaceId: input.marketplaceId };
  if (scope.marketplaceId !== null) await assertMarketplaceExists(ports.db, scope.marketplaceId);
  const [release] = await ports.db
    .select({ id: remoteReleases.id, entry: remoteReleases.entry })
    .from(remoteReleases)
    .where(and(eq(remoteReleases.remote, input.remote), eq(remoteReleases.version, input.version)));
  if (!release) throw new NotFoundError(`${input.remote} has no release ${input.version}.`);
  assertAllowedOrigin(release.entry, ports.remoteOrigins);

  await ports.db.transaction(async (tx) => {
    await lockScope(tx, scope);
    const current = await currentState(tx, scope);
    let next: RolloutContent;
    if (input.percent === null) {
      next = { stableReleaseId: release.id, canaryReleaseId: null, canaryPercent: null };
    } else {
      if (!current?.stableReleaseId) {
        throw new InvalidInputError(
          `A canary needs a release for the other browsers: promote one to ${scopeName(scope)} first.`,
        );
      }
      if (current.stableReleaseId === release.id) {
        throw new InvalidInputError(
          `${input.remote} ${input.version} is already the release of ${scopeName(scope)}; a canary must be another one.`,
        );
      }
      next = {
        stableReleaseId: current.stableReleaseId,
        canaryReleaseId: release.id,
        canaryPercent: input.percent,
      };
    }
    if (sameContent(current, next)) return;
    await appendState(tx, scope, current, {
      ...next,
      kind: 'promotion',
      rollbackStateId: current?.id ?? null,
      at: ports.clock(),
    });
  });
  const rollout = await rolloutOfScope(ports.db, scope);
  if (!rollout) throw new Error('The promoted rollout was not found');
  return rollout;
}

/**
 * Rolls a scope back (by `pnpm rollback`) to what it had before its last promotion. Answers the
 * rollout now in force, or null when the scope has none left (the default applies).
 */
export async function rollbackRemote(
  ports: ReleasePorts,
  scope: RolloutScope,
): Promise<RemoteRolloutView | null> {
  await ports.db.transaction(async (tx) => {
    await lockScope(tx, scope);
    const current = await currentState(tx, scope);
    if (!current?.stableReleaseId) {
      throw new NotFoundError(
        `Nothing to roll back: ${scope.remote} has no rollout for ${scopeName(scope)}.`,
      );
    }
    const target = current.rollbackStateId === null ? null : await stateById(tx, current.rollbackStateId);
    await appendState(tx, scope, current, {
      stableReleaseId: target?.stableReleaseId ?? null,
      canaryReleaseId: target?.canaryReleaseId ?? null,
      canaryPercent: target?.canaryPercent ?? null,
      kind: 'rollback',
      rollbackStateId: target?.rollbackStateId ?? null,
      at: ports.clock(),
    });
  });
  return rolloutOfScope(ports.db, scope);
}

async function assertMarketplaceExists(db: Db, marketplaceId: number): Promise<void> {
  const [marketplace] = await db
    .select({ id: marketplaces.id })
    .from(marketplaces)
    .where(eq(marketplaces.id, marketplaceId));
  if (!marketplace) throw new NotFoundError(`Marketplace ${marketplaceId} was not found.`);
}

export function scopeName(scope: { marketplaceId: number | null }): string {
  return scope.marketplaceId === null
    ? 'every marketplace (the default)'
    : `marketplace ${scope.marketplaceId}`;
}
