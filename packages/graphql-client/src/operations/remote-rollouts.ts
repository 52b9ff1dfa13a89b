import { type GraphQLClient, getGraphQLClient, type RequestOptions } from '../client';
import {
  type RemoteFailureInput,
  type RemoteRolloutFieldsFragment,
  RemoteRolloutsDocument,
  ReportRemoteFailureDocument,
} from '../generated/graphql';

export type RemoteRolloutView = RemoteRolloutFieldsFragment;

export interface RemoteRolloutsAnswer {
  /** The rollouts for every marketplace. */
  defaults: RemoteRolloutView[];
  /** A marketplace's own rollouts (overrides of the defaults); empty without a marketplace. */
  overrides: RemoteRolloutView[];
}

/**
 * The release registry's rollouts for a page (the host's server reads them for every page, so a
 * promotion shows on the next load): the defaults, and a marketplace's own when the page is one's.
 */
export async function fetchRemoteRollouts(
  marketplaceId: string | null,
  { client = getGraphQLClient(), ...options }: RequestOptions & { client?: GraphQLClient } = {},
): Promise<RemoteRolloutsAnswer> {
  const data = await client.execute(
    RemoteRolloutsDocument,
    { marketplaceId, withMarketplace: marketplaceId !== null },
    options,
  );
  return {
    defaults: data.defaults,
    overrides: (data.marketplace ?? []).filter((rollout) => rollout.marketplaceId != null),
  };
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
