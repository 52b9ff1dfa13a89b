import { formatCents } from '@atrium/domain';
import type {
  HeldMembership,
  HeldPackageItem,
  MembershipPackage,
  MembershipPeriod,
  PointsBalance,
} from '@atrium/graphql-client/memberships';

/** The tabs of /memberships, chosen by query parameter q. */
export type MembershipsTab = 'memberships' | 'packages';

/** q=packages opens the packages tab; anything else (or nothing) the memberships tab. */
export const tabFromQuery = (q: string | null): MembershipsTab =>
  q === 'packages' ? 'packages' : 'memberships';

/**
 * prev=profile makes the back button go to /profile as 'Back to profile'; otherwise it goes
 * to /resume (which finds the right checkout step) as 'Back to checkout'.
 */
export function backLink(marketplaceId: string, prev: string | null): { to: string; label: string } {
  return prev === 'profile'
    ? { to: `/${marketplaceId}/profile`, label: 'Back to profile' }
    : { to: `/${marketplaceId}/resume`, label: 'Back to checkout' };
}

/** The period label drops 'ly' — monthly is 'month', quarterly 'quarter', yearly 'year'. */
export const periodLabel = (period: MembershipPeriod): string =>
  period.endsWith('ly') ? period.slice(0, -2) : period;

/** A membership's price per period, e.g. '$99.00 / month'. */
export const pricePerPeriod = (cents: number, period: MembershipPeriod): string =>
  `${formatCents(cents)} / ${periodLabel(period)}`;

/** Benefits are a newline-separated list; blank lines are not benefits. */
export const benefits = (list: string | null | undefined): string[] =>
  (list ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

/**
 * The remaining balance is balance divided by total points, as a whole percent; null when
 * there are no points to count (a membership without a package).
 */
export function balancePercent(balance: PointsBalance): number | null {
  if (balance.totalPoints <= 0) return null;
  return Math.round((Math.max(0, balance.balance) / balance.totalPoints) * 100);
}

/**
 * The balance badge: 'Loading' while loading, 'No Active Membership' without an Active
 * membership, otherwise the percentage of points left ('Active Membership' when it has no points).
 */
export function balanceBadgeText(state: {
  loading: boolean;
  balance: PointsBalance | null | undefined;
}): string {
  if (state.loading) return 'Loading';
  if (!state.balance) return 'No Active Membership';
  const percent = balancePercent(state.balance);
  return percent === null ? 'Active Membership' : `${percent}% remaining`;
}

/** What a membership card offers: renewal and Cancel when held Active, renew when Cancelled, else purchase. */
export type MembershipCardState =
  | { kind: 'active'; membership: HeldMembership }
  | { kind: 'cancelled'; membership: HeldMembership }
  | { kind: 'available' };

/**
 * The card state of a membership definition for the viewer: the viewer's membership of it,
 * Active before Cancelled (the API lists Active first, then Cancelled newest first).
 */
export function membershipCardState(
  definitionId: string,
  memberships: readonly HeldMembership[],
): MembershipCardState {
  const held = memberships.filter((membership) => membership.membershipDefinitionId === definitionId);
  const active = held.find((membership) => membership.status === 'Active');
  if (active) return { kind: 'active', membership: active };
  const cancelled = held.find((membership) => membership.status === 'Cancelled');
  if (cancelled) return { kind: 'cancelled', membership: cancelled };
  return { kind: 'available' };
}

/** The viewer's package items of a package: those whose definition belongs to it. */
export function itemsOfPackage(
  pkg: Pick<MembershipPackage, 'packageItemDefinitions'>,
  items: readonly HeldPackageItem[],
): HeldPackageItem[] {
  const definitions = new Set(pkg.packageItemDefinitions.map((definition) => definition.id));
  return items.filter((item) => definitions.has(item.packageItemDefinitionId));
}

/** '1 point', '10 points'. */
export const pointsText = (points: number): string => `${points} ${points === 1 ? 'point' : 'points'}`;

/** The category names of procedure group ids, in the given order; unknown ids are left out. */
export function groupNames(ids: readonly string[], categories: ReadonlyMap<string, string>): string[] {
  return ids.flatMap((id) => {
    const name = categories.get(id);
    return name ? [name] : [];
  });
}

/** A membership discount as text: '15% off Vitamin Shots, IV Therapy' (or 'selected services'). */
export function discountText(
  discount: { percentage: number; procedureGroups: readonly string[] },
  categories: ReadonlyMap<string, string>,
): string {
  const names = groupNames(discount.procedureGroups, categories);
  return `${discount.percentage}% off ${names.length > 0 ? names.join(', ') : 'selected services'}`;
}
