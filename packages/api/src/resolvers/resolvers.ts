import type { Resolvers } from '../generated/resolvers-types';
import { baseResolvers } from './base';
import { marketplaceResolvers } from './marketplace';
import { placesResolvers } from './places';

/** Every feature's resolvers, merged per root type. */
export const resolvers: Resolvers = {
  Query: { ...baseResolvers.Query, ...marketplaceResolvers.Query, ...placesResolvers.Query },
  Mutation: { ...baseResolvers.Mutation },
};
