import type { Resolvers } from './generated/resolvers-types';

export const baseResolvers: Resolvers = {
  Query: {
    health: () => 'ok',
  },
  Mutation: {
    noop: () => null,
  },
};
