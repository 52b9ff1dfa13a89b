// The staff context's part of the GraphQL API (its SDL is the .graphql files beside): the
// composition root merges every context's resolvers into one schema.
import type { Resolvers } from '../generated/resolvers-types';
import { staffClientResolvers } from './clients-resolvers';
import { staffResolvers } from './resolvers';
import { staffVersionsResolvers } from './versions-resolvers';
import { staffWaitlistResolvers } from './waitlist-resolvers';

export const resolvers: Resolvers[] = [
  staffResolvers,
  staffClientResolvers,
  staffWaitlistResolvers,
  staffVersionsResolvers,
];
