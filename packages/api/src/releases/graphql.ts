// The releases context's part of the GraphQL API (its SDL is the .graphql files beside): the
// composition root merges every context's resolvers into one schema.
import type { Resolvers } from '../generated/resolvers-types';
import { releaseResolvers } from './resolvers';

export const resolvers: Resolvers[] = [releaseResolvers];
