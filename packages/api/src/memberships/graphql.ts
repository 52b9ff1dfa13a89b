// The memberships context's part of the GraphQL API (its SDL is the .graphql files beside): the
// composition root merges every context's resolvers into one schema.
import type { Resolvers } from '../generated/resolvers-types';
import { membershipResolvers } from './resolvers';

export const resolvers: Resolvers[] = [membershipResolvers];
