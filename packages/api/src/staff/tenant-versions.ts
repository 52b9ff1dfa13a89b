// Tenant versions: a marketplace's owner chooses, in the staff console, which release of
// each remote their clients get. Making a release live and rolling back are the operator's promote
// and rollback for the marketplace's own scope (the same validation, the same history); clearing goes
// back to the default. A preview shows a release in the owner's own browser only (remote-previews.ts).
import { type StaffOperation, staffScope } from '@atrium/domain';
import { and, eq } from 'drizzle-orm';
import type { RequestSession } from '../identity';
import { ForbiddenError, signInRequired, UnauthenticatedError } from '../identity';
import type { Db } from '../kernel/database/database';
import { NotFoundError } from '../kernel/errors';
import type { ReleasePorts } from '../releases';
import {
  appendState,
  currentState,
  listReleases,
  lockScope,
  promoteRelease,
  type RemoteName,
  type RemoteReleaseView,
  type RolloutScope,
  type RolloutState,
  remoteNames,
  remoteReleases,
  rollbackRemote,
  stateById,
} from '../releases';
import { currentStaffMember, type StaffMember, staffMessages } from './access';

/** What the console's staff operations on versions need: the registry and who is asking. */
export interface TenantVersionsContext extends ReleasePorts {
  session: RequestSession;
}

/** One release as the console shows it. */
export interface RemoteVersionView {
  version: string;
  /** URL of its mf-manifest.json. */
  entry: string;
  releasedAt: string;
}

export interface RemoteVersionsView {
  remote: RemoteName;
  /** What every marketplace without an override gets; null: none promoted (the host's own entry). */
  default: RemoteVersionView | null;
  /** The marketplace's own release, and since when; null: it gets the default. */
  override: (RemoteVersionView & { since: string }) | null;
  /** Whether there is an override to roll back. */
  canRollBack: boolean;
  /** What a rollback returns to: a release, or null for the default (when canRollBack). */
  rollbackTo: RemoteVersionView | null;
  /** Releases the owner can make live or preview, newest first (those on the allow-list). */
  releases: RemoteReleaseView[];
}

/**
 * The guard of every tenant-versions operation: signed in (UNAUTHENTICATED), on the marketplace's
 * staff and allowed by the role (FORBIDDEN). Answers the member.
 */
export async function requireVersionsAccess(
  context: { db: Db; session: RequestSession },
  marketplaceId: number,
  operation: StaffOperation,
): Promise<StaffMember> {
  const { signedIn, member } = await currentStaffMember(context, marketplaceId);
  if (!signedIn) throw new UnauthenticatedError(signInRequired);
  if (!member) throw new ForbiddenError(staffMessages.notStaff);
  if (staffScope(member.role, operation) !== 'marketplace')
    throw new ForbiddenError(staffMessages.notAllowed);
  return member;
}

/** Every remote of the marketplace: its default, its override, what a rollback returns to, its releases. */
export async function staffRemoteVersions(
  context: TenantVersionsContext,
  marketplaceId: number,
): Promise<RemoteVersionsView[]> {
  await requireVersionsAccess(context, marketplaceId, 'viewRemoteVersions');
  return Promise.all(remoteNames.map((remote) => remoteVersions(context, { remote, marketplaceId })));
}

/** Makes a published release live for the marketplace's clients (their next page load). */
export async function staffSetRemoteOverride(
  context: TenantVersionsContext,
  input: { marketplaceId: number; remote: RemoteName; version: string },
): Promise<RemoteVersionsView> {
  await requireVersionsAccess(context, input.marketplaceId, 'setRemoteOverride');
  await promoteRelease(context, { ...input, percent: null });
  return remoteVersions(context, input);
}

/** Returns the marketplace's remote to what it had before its last change. */
export async function staffRollbackRemoteOverride(
  context: TenantVersionsContext,
  scope: { marketplaceId: number; remote: RemoteName },
): Promise<RemoteVersionsView> {
  await requireVersionsAccess(context, scope.marketplaceId, 'rollbackRemoteOverride');
  await rollbackRemote(context, scope);
  return remoteVersions(context, scope);
}

/**
 * Ends the marketplace's override: its clients get the default again (recorded in the scope's
 * history as a promotion of nothing; making a release live starts a new override). NOT_FOUND when
 * it has none.
 */
export async function staffClearRemoteOverride(
  context: TenantVersionsContext,
  scope: { marketplaceId: number; remote: RemoteName },
): Promise<RemoteVersionsView> {
  await requireVersionsAccess(context, scope.marketplaceId, 'clearRemoteOverride');
  await context.db.transaction(async (tx) => {
    await lockScope(tx, scope);
    const current = await currentState(tx, scope);
    if (!current?.stableReleaseId) {
      throw new NotFoundError(
        `${scope.remote} has no override here: this marketplace already gets the default.`,
      );
    }
    await appendState(tx, scope, current, {
      stableReleaseId: null,
      canaryReleaseId: null,
      canaryPercent: null,
      kind: 'promotion',
      rollbackStateId: current.id,
      at: context.clock(),
    });
  });
  return remoteVersions(context, scope);
}

/** One remote's versions for a marketplace (see RemoteVersionsView). */
export async function remoteVersions(
  ports: Pick<ReleasePorts, 'db' | 'clock' | 'remoteOrigins'>,
  scope: { remote: RemoteName; marketplaceId: number },
): Promise<RemoteVersionsView> {
  const own: RolloutScope = scope;
  const [defaultState, ownState, releases] = await Promise.all([
    currentState(ports.db, { remote: scope.remote, marketplaceId: null }),
    currentState(ports.db, own),
    listReleases(ports, scope.remote),
  ]);
  const rollbackState =
    ownState?.stableReleaseId && ownState.rollbackStateId !== null
      ? await stateById(ports.db, ownState.rollbackStateId)
      : null;
  const [defaultRelease, ownRelease, rollbackRelease] = await Promise.all([
    releaseOf(ports.db, defaultState),
    releaseOf(ports.db, ownState),
    releaseOf(ports.db, rollbackState),
  ]);
  const allowed = new Set(ports.remoteOrigins);
  return {
    remote: scope.remote,
    default: defaultRelease,
    override: ownRelease && ownState ? { ...ownRelease, since: ownState.createdAt.toISOString() } : null,
    canRollBack: ownRelease !== null,
    rollbackTo: rollbackRelease,
    releases: releases.filter((release) => allowed.has(new URL(release.entry).origin)),
  };
}

/** The stable release of a rollout state, or null when it has none. */
async function releaseOf(db: Db, state: RolloutState | null): Promise<RemoteVersionView | null> {
  if (!state?.stableReleaseId) return null;
  const [release] = await db
    .select({
      version: remoteReleases.version,
      entry: remoteReleases.entry,
      releasedAt: remoteReleases.releasedAt,
    })
    .from(remoteReleases)
    .where(and(eq(remoteReleases.id, state.stableReleaseId), eq(remoteReleases.remote, state.remote)));
  return release ? { ...release, releasedAt: release.releasedAt.toISOString() } : null;
}
