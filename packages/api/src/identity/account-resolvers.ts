import { z } from 'zod';
import type { Resolvers } from '../generated/resolvers-types';
import { parseInput } from '../kernel/graphql-errors';
import { mgIdInput } from '../kernel/id-input';
import { withAccountErrors } from './account-graphql-errors';
import { optionalProfileInput } from './inputs';
import { updateProfile } from './profile';

/** Registration's rules for each field; empty or missing comes out null: keep the stored value. */
const updateProfileArgs = (today: Date) =>
  z.object({
    mgId: mgIdInput,
    userId: z
      .string()
      .trim()
      .nullish()
      .transform((value) => (value ? value : null)),
    input: optionalProfileInput(today).omit({ emailOptIn: true, phoneOptIn: true }),
  });

export const accountResolvers: Resolvers = {
  Mutation: {
    updateProfile: (_parent, args, { identity }) => {
      const { mgId, userId, input } = parseInput(updateProfileArgs(identity.clock()), args);
      return withAccountErrors(() => updateProfile(identity, { mgId, userId, profile: input }));
    },
  },
};
