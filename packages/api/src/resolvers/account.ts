import { z } from 'zod';
import type { Resolvers } from '../generated/resolvers-types';
import { profileAppointments } from '../services/account/appointments';
import { updateProfile } from '../services/account/profile';
import { withAccountErrors } from './account-errors';
import { parseInput } from './errors';
import { marketplaceIdInput, mgIdInput, optionalProfileInput } from './identity-inputs';

/** Registration's rules for each field (spec 5); empty or missing comes out null: keep the stored value. */
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
  Query: {
    profileAppointments: (_parent, args, { identity }) => {
      const input = parseInput(z.object({ marketplaceId: marketplaceIdInput }), args);
      return withAccountErrors(() => profileAppointments(identity, input));
    },
  },
  Mutation: {
    updateProfile: (_parent, args, { identity }) => {
      const { mgId, userId, input } = parseInput(updateProfileArgs(identity.clock()), args);
      return withAccountErrors(() => updateProfile(identity, { mgId, userId, profile: input }));
    },
  },
};
