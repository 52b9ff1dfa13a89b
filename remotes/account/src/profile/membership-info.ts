import type { ProfileMembership } from '@atrium/graphql-client/account';
import { displayDate } from './profile-rules';

/** The header badge is active when any membership has status Active. */
export const hasActiveMembership = (memberships: readonly ProfileMembership[]): boolean =>
  memberships.some((membership) => membership.status === 'Active');

/** The membership to show: the Active one, else the latest Cancelled one still listed (API order). */
export const currentMembership = (memberships: readonly ProfileMembership[]): ProfileMembership | null =>
  memberships.find((membership) => membership.status === 'Active') ?? memberships[0] ?? null;

/** Active shows 'Renews {date}'; Cancelled shows 'Good until {date}'. */
export function membershipTerm(membership: ProfileMembership): string {
  const date = displayDate(membership.renewalDate) ?? membership.renewalDate;
  return membership.status === 'Active' ? `Renews ${date}` : `Good until ${date}`;
}

/** /memberships on its memberships tab, with a back button to the profile. */
export const membershipsLink = (marketplaceId: string) =>
  `/${marketplaceId}/memberships?q=memberships&prev=profile`;
