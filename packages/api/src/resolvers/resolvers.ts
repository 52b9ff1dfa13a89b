import type { Resolvers } from '../generated/resolvers-types';
import { accountResolvers } from './account';
import { applePayResolvers } from './apple-pay';
import { availabilityResolvers } from './availability';
import { baseResolvers } from './base';
import { checkoutResolvers } from './checkout';
import { identityResolvers } from './identity';
import { marketplaceResolvers } from './marketplace';
import { membershipResolvers } from './memberships';
import { placesResolvers } from './places';
import { releaseResolvers } from './releases';
import { staffResolvers } from './staff';
import { staffClientResolvers } from './staff-clients';
import { staffVersionsResolvers } from './staff-versions';
import { staffWaitlistResolvers } from './staff-waitlist';
import { walletResolvers } from './wallet';

/** Every feature's resolvers, merged per root type. */
export const resolvers: Resolvers = {
  Query: {
    ...baseResolvers.Query,
    ...marketplaceResolvers.Query,
    ...placesResolvers.Query,
    ...identityResolvers.Query,
    ...availabilityResolvers.Query,
    ...checkoutResolvers.Query,
    ...accountResolvers.Query,
    ...membershipResolvers.Query,
    ...applePayResolvers.Query,
    ...releaseResolvers.Query,
    ...staffResolvers.Query,
    ...staffWaitlistResolvers.Query,
    ...staffClientResolvers.Query,
    ...staffVersionsResolvers.Query,
  },
  Mutation: {
    ...baseResolvers.Mutation,
    ...identityResolvers.Mutation,
    ...checkoutResolvers.Mutation,
    ...accountResolvers.Mutation,
    ...walletResolvers.Mutation,
    ...membershipResolvers.Mutation,
    ...applePayResolvers.Mutation,
    ...releaseResolvers.Mutation,
    ...staffResolvers.Mutation,
    ...staffWaitlistResolvers.Mutation,
    ...staffVersionsResolvers.Mutation,
  },
  Marketplace: membershipResolvers.Marketplace,
  User: { ...walletResolvers.User, ...membershipResolvers.User },
};
