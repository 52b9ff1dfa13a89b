import type { Marketplace, RemotePreviewView, RemoteRolloutView } from '@atrium/graphql-client';
import type { PagePreview } from '../document-state';
import { isNoSuchMarketplace } from '../tenant/use-tenant-bootstrap';
import type { PageRollouts } from './remote-rollouts';

/** The marketplace a page shows, or the status of the page the browser is left to render without it. */
export type PageMarketplace =
  | { found: true; marketplace: Marketplace; preview: PagePreview | null }
  | { found: false; status: 200 | 404 };

/**
 * The page's marketplace, with its own rollouts as the registry says now (the marketplace itself may
 * be a few seconds old) and an owner's preview in front of them for the browser that holds its token.
 */
export async function readPageMarketplace(
  marketplaceId: string,
  read: Promise<Marketplace>,
  rollouts: PageRollouts,
): Promise<PageMarketplace> {
  let marketplace: Marketplace;
  try {
    marketplace = await read;
  } catch (error) {
    // No such marketplace (unknown, or not an id at all, /0): the browser shows so, unbranded.
    if (isNoSuchMarketplace(error)) return { found: false, status: 404 };
    console.warn(`Marketplace ${marketplaceId} could not be read; the browser will try.`, error);
    return { found: false, status: 200 };
  }
  if (!rollouts.overrides) return { found: true, marketplace, preview: null };
  const remoteOverrides = withPreview(rollouts.overrides, rollouts.preview, marketplaceId);
  return {
    found: true,
    marketplace: { ...marketplace, remoteOverrides },
    preview: rollouts.preview && pagePreview(rollouts.preview, marketplaceId),
  };
}

/**
 * A marketplace's own rollouts with an owner's preview in front: the previewed release first for its
 * remote, then what the marketplace has (its own rollout, then the default's after it), so a preview
 * that cannot load falls back to what every client gets.
 */
export function withPreview(
  overrides: readonly RemoteRolloutView[],
  preview: RemotePreviewView | null,
  marketplaceId: string,
): RemoteRolloutView[] {
  if (!preview) return [...overrides];
  const { remote, version, entry } = preview;
  return [{ remote, marketplaceId, entry, version, fallbackEntry: null, canary: null }, ...overrides];
}

/** The preview as the page's notice tells the owner about it. */
function pagePreview({ remote, version, expiresAt }: RemotePreviewView, marketplaceId: string): PagePreview {
  return { marketplaceId, remote, version, expiresAt };
}
