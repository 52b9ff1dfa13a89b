// '@atrium/graphql-client/memberships': the /memberships page's calls — the marketplace's membership
// definitions and packages, the viewer's memberships, package items and balances, and the purchase,
// cancel and renew mutations. An entry of its own, bundled by the account remote only.

export { AttemptKeys, endsAttempt } from './attempt-keys';
export type {
  CreateMembershipVariables,
  HeldMembership,
  HeldPackageItem,
  MembershipStatus,
  PointsBalance,
  PurchasePackageVariables,
  ViewerMemberships,
} from './holdings';
export {
  cancelMembership,
  createMembership,
  fetchViewerMemberships,
  MEMBERSHIP_CHANGE_FAILED,
  membershipErrorMessage,
  PACKAGE_PURCHASE_FAILED,
  packageErrorMessage,
  purchasePackage,
  reactivateMembership,
  useCancelMembership,
  useCreateMembership,
  usePurchasePackage,
  useReactivateMembership,
  useViewerMemberships,
  viewerMembershipsQueryOptions,
} from './holdings';
export type { MembershipDefinition, MembershipPackage, MembershipPeriod, MembershipPlans } from './plans';
export {
  fetchMembershipPlans,
  MEMBERSHIP_PLANS_KEY,
  membershipPlansQueryOptions,
  useMembershipPlans,
} from './plans';
