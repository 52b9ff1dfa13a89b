// The identity context's part of the GraphQL API (its SDL is the .graphql files beside): the
// composition root merges every context's resolvers into one schema.
import type { Resolvers } from '../generated/resolvers-types';
import { accountResolvers } from './account-resolvers';
import { identityResolvers } from './resolvers';

export const resolvers: Resolvers[] = [identityResolvers, accountResolvers];
