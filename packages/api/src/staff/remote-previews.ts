// Previews of tenant versions: the owner sees a published release of a remote in their own
// browser before making it live. Starting one answers a random token (only its SHA-256 is kept) that
// the console puts in a cookie on the host's origin; the host's server reads the preview with it for
// each page of that marketplace. Any other browser, an expired or ended token, another marketplace's
// token, or an owner no longer its owner gets nothing.
import { STAFF_ROLES, staffMay } from '@atrium/domain';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import { NotFoundError } from '../kernel/errors';
import { newToken, sha256 } from '../kernel/secrets';
import type { ReleasePorts } from '../releases';
import { assertAllowedOrigin, type RemoteName, remoteReleases } from '../releases';
import { remotePreviews, staffMembers } from './tables';
import { requireVersionsAccess, type TenantVersionsContext } from './tenant-versions';

/** How long a preview lasts: long enough to look around, short enough to be forgotten safely. */
export const previewLifetimeMs = 60 * 60 * 1000;

export interface RemotePreviewView {
  remote: RemoteName;
  version: string;
  /** URL of the release's mf-manifest.json. */
  entry: string;
  expiresAt: string;
}

/** The roles that may preview: a preview stands only while its member still has one of them. */
const previewingRoles = STAFF_ROLES.filter((role) => staffMay(role, 'previewRemoteVersion'));

/** A preview just started: what it shows, and the token only the owner's browser holds. */
export interface StartedRemotePreview extends RemotePreviewView {
  token: string;
}

/** Starts a preview of a published release of `remote` for the owner's browser. */
export async function staffStartRemotePreview(
  context: TenantVersionsContext,
  input: { marketplaceId: number; remote: RemoteName; version: string },
): Promise<StartedRemotePreview> {
  const member = await requireVersionsAccess(context, input.marketplaceId, 'previewRemoteVersion');
  const [release] = await context.db
    .select({ id: remoteReleases.id, entry: remoteReleases.entry })
    .from(remoteReleases)
    .where(and(eq(remoteReleases.remote, input.remote), eq(remoteReleases.version, input.version)));
  if (!release) throw new NotFoundError(`${input.remote} has no release ${input.version}.`);
  assertAllowedOrigin(release.entry, context.remoteOrigins);
  const token = newToken();
  const now = context.clock();
  const expiresAt = new Date(now.getTime() + previewLifetimeMs);
  await context.db.insert(remotePreviews).values({
    tokenHash: sha256(token),
    marketplaceId: input.marketplaceId,
    staffMemberId: member.id,
    remote: input.remote,
    releaseId: release.id,
    createdAt: now,
    expiresAt,
  });
  return {
    token,
    remote: input.remote,
    version: input.version,
    entry: release.entry,
    expiresAt: expiresAt.toISOString(),
  };
}

/** Ends the owner's preview with this token before it expires. Answers whether one was ended. */
export async function staffEndRemotePreview(
  context: TenantVersionsContext,
  input: { marketplaceId: number; token: string },
): Promise<boolean> {
  const member = await requireVersionsAccess(context, input.marketplaceId, 'previewRemoteVersion');
  const ended = await context.db
    .update(remotePreviews)
    .set({ endedAt: context.clock() })
    .where(
      and(
        eq(remotePreviews.tokenHash, sha256(input.token)),
        eq(remotePreviews.marketplaceId, input.marketplaceId),
        eq(remotePreviews.staffMemberId, member.id),
        isNull(remotePreviews.endedAt),
      ),
    )
    .returning({ id: remotePreviews.id });
  return ended.length > 0;
}

/**
 * The preview a browser's token shows on this marketplace's pages (read by the host's server), or
 * null: unknown token, another marketplace's, expired or ended, its owner no longer the owner, or
 * its release's origin no longer allowed.
 */
export async function remotePreviewFor(
  ports: Pick<ReleasePorts, 'db' | 'clock' | 'remoteOrigins'>,
  input: { marketplaceId: number; token: string },
): Promise<RemotePreviewView | null> {
  const [row] = await ports.db
    .select({
      remote: remotePreviews.remote,
      version: remoteReleases.version,
      entry: remoteReleases.entry,
      expiresAt: remotePreviews.expiresAt,
    })
    .from(remotePreviews)
    .innerJoin(remoteReleases, eq(remoteReleases.id, remotePreviews.releaseId))
    .innerJoin(
      staffMembers,
      and(
        eq(staffMembers.id, remotePreviews.staffMemberId),
        eq(staffMembers.marketplaceId, remotePreviews.marketplaceId),
        inArray(staffMembers.role, previewingRoles),
      ),
    )
    .where(
      and(
        eq(remotePreviews.tokenHash, sha256(input.token)),
        eq(remotePreviews.marketplaceId, input.marketplaceId),
        isNull(remotePreviews.endedAt),
        gt(remotePreviews.expiresAt, ports.clock()),
      ),
    );
  if (!row || !ports.remoteOrigins.includes(new URL(row.entry).origin)) return null;
  return { ...row, expiresAt: row.expiresAt.toISOString() };
}
