import type { RequestOptions } from '@atrium/graphql-client';
import { execute } from '@atrium/graphql-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { MembershipPlansDocument, type MembershipPlansQuery } from '../generated/graphql';

/** What a marketplace offers on /memberships: its membership definitions and packages. */
export type MembershipPlans = MembershipPlansQuery['marketplace'];
export type MembershipDefinition = MembershipPlans['membershipDefinitions'][number];
export type MembershipPackage = MembershipPlans['packages'][number];
export type { MembershipPeriod } from '../generated/graphql';

export const MEMBERSHIP_PLANS_KEY = ['membershipPlans'] as const;

export async function fetchMembershipPlans(
  marketplaceId: string,
  options?: RequestOptions,
): Promise<MembershipPlans> {
  return (await execute(MembershipPlansDocument, { marketplaceId }, options)).marketplace;
}

/** The marketplace's membership definitions and packages, cheapest first. Public: no session needed. */
export function membershipPlansQueryOptions(marketplaceId: string) {
  return queryOptions({
    queryKey: [...MEMBERSHIP_PLANS_KEY, marketplaceId] as const,
    queryFn: ({ signal }) => fetchMembershipPlans(marketplaceId, { signal }),
    enabled: marketplaceId !== '',
  });
}

export function useMembershipPlans(marketplaceId: string | null | undefined) {
  return useQuery(membershipPlansQueryOptions(marketplaceId ?? ''));
}
