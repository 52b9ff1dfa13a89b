// The memberships context's public entry: what other contexts, the composition root and tests use of it.

export type { ChargeOutcome, SettleableState } from './membership-charges';
export { settleMembershipCharge } from './membership-charges';
export { settlePackagePurchase } from './package-purchases';
export { utcDate } from './periods';
export { reconcileGraceMs, reconcilePendingPurchases, reviewAfterMs } from './reconciliation';
export { renewDueMemberships } from './renewals';
export {
  membershipCharges,
  membershipDefinitions,
  membershipDiscounts,
  memberships,
  packageItemDefinitions,
  packageItems,
  packagePurchases,
  packages,
} from './tables';
