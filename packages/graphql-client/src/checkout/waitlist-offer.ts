import { execute } from '@atrium/graphql-client';
import { useQuery } from '@tanstack/react-query';
import {
  AcceptWaitlistOfferDocument,
  WaitlistOfferDocument,
  type WaitlistOfferFieldsFragment,
} from '../generated/graphql';

/** A freed time offered to a waitlisted client by a mailed link, and whether it can be booked now. */
export type WaitlistOffer = WaitlistOfferFieldsFragment;
export type { WaitlistOfferStatus } from '../generated/graphql';

/** What the link in "a time opened up" offers (the token is the authority; signed in or not). */
export function useWaitlistOffer(token: string | null) {
  return useQuery({
    queryKey: ['waitlistOffer', token] as const,
    queryFn: async ({ signal }) =>
      (await execute(WaitlistOfferDocument, { token: token as string }, { signal })).waitlistOffer,
    enabled: Boolean(token),
    staleTime: 0,
    meta: { persist: false },
  });
}

/** Books the offered time as a request for the marketplace to confirm; one winner if several accept. */
export async function acceptWaitlistOffer(token: string): Promise<WaitlistOffer> {
  return (await execute(AcceptWaitlistOfferDocument, { token })).acceptWaitlistOffer;
}
