import type { Resolvers } from '../generated/resolvers-types';
import { availabilityResolvers } from './availability';
import { baseResolvers } from './base';
import { identityResolvers } from './identity';
import { marketplaceResolvers } from './marketplace';
import { placesResolvers } from './places';

/** Every feature's resolvers, merged per root type. */
export const resolvers: Resolvers = {
  Query: {
    ...baseResolvers.Query,
    ...marketplaceResolvers.Query,
    ...placesResolvers.Query,
    ...identityResolvers.Query,
    ...availabilityResolvers.Query,
  },
  Mutation: { ...baseResolvers.Mutation, ...identityResolvers.Mutation },
};
