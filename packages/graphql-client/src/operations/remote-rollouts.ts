import { type GraphQLClient, getGraphQLClient, type RequestOptions } from '../client';
import {
  EndRemotePreviewDocument,
  type RemoteFailureInput,
  RemotePreviewDocument,
  type RemotePreviewQuery,
  type RemoteRolloutFieldsFragment,
  RemoteRolloutsDocument,
  ReportRemoteFailureDocument,
} from '../generated/graphql';

export type RemoteRolloutView = RemoteRolloutFieldsFragment;
/** A release the owner previews in their own browser (tenant versions). */
export type RemotePreviewView = NonNullable<RemotePreviewQuery['remotePreview']>;

export interface RemoteRolloutsAnswer {
  /** The rollouts for every marketplace. */
  defaults: RemoteRolloutView[];
  /** A marketplace's own rollouts (overrides of the defaults); empty without a marketplace. */
  overrides: RemoteRolloutView[];
  /** The owner's preview the browser's token shows; null without a token or for one not valid here. */
  preview: RemotePreviewView | null;
}

/**
 * The release registry's rollouts for a page (the host's server reads them for every page, so a
 * promotion shows on the next load): the defaults, and a marketplace's own when the page is one's;
 * with the browser's preview token (its atrium-preview cookie), the preview it shows, read at once.
 */
export async function fetchRemoteRollouts(
  marketplaceId: string | null,
  {
    client = getGraphQLClient(),
    previewToken = null,
    ...options
  }: RequestOptions & { client?: GraphQLClient; previewToken?: string | null } = {},
): Promise<RemoteRolloutsAnswer> {
  const [data, preview] = await Promise.all([
    client.execute(
      RemoteRolloutsDocument,
      { marketplaceId, withMarketplace: marketplaceId !== null },
      options,
    ),
    marketplaceId !== null && previewToken !== null
      ? client.execute(RemotePreviewDocument, { marketplaceId, token: previewToken }, options)
      : null,
  ]);
  return {
    defaults: data.defaults,
    overrides: (data.marketplace ?? []).filter((rollout) => rollout.marketplaceId != null),
    preview: preview?.remotePreview ?? null,
  };
}

/** Ends the owner's preview (the signed-in owner's own; answers whether one was running). */
export async function endRemotePreview(
  marketplaceId: string,
  token: string,
  { client = getGraphQLClient(), ...options }: RequestOptions & { client?: GraphQLClient } = {},
): Promise<boolean> {
  return (
    await client.execute(EndRemotePreviewDocument, { marketplaceId, token }, { timeoutMs: 5000, ...options })
  ).staffEndRemotePreview;
}

/** Tells the registry that this browser could not load a remote's release; never throws. */
export async function reportRemoteFailure(
  input: RemoteFailureInput,
  { client = getGraphQLClient(), ...options }: RequestOptions & { client?: GraphQLClient } = {},
): Promise<void> {
  try {
    await client.execute(ReportRemoteFailureDocument, { input }, { timeoutMs: 5000, ...options });
  } catch {
    // A lost report changes nothing for the client; the page has already fallen back.
  }
}
