import type { Resolvers } from '../generated/resolvers-types';
import { availabilityResolvers } from './availability';
import { baseResolvers } from './base';
import { checkoutResolvers } from './checkout';
import { identityResolvers } from './identity';
import { marketplaceResolvers } from './marketplace';
import { placesResolvers } from './places';
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
  },
  Mutation: { ...baseResolvers.Mutation, ...identityResolvers.Mutation, ...checkoutResolvers.Mutation },
  User: walletResolvers.User,
};
