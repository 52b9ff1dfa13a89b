import { z } from 'zod';
import type { Resolvers } from '../generated/resolvers-types';
import { withAccountErrors } from '../identity';
import { parseInput } from '../kernel/graphql-errors';
import { idInput, marketplaceIdInput } from '../kernel/id-input';
import { profileAppointments } from './client-appointments';
import { withClientChangeRights } from './client-changes';
import { profileWaitlistRequests, withdrawWaitlistRequest } from './client-waitlist';

/**
 * The signed-in client's own appointments at a marketplace (the profile's Appointments tab), each
 * with what the client may do with it.
 */
export const clientAppointmentsResolvers: Resolvers = {
  Query: {
    profileAppointments: (_parent, args, { identity, checkout }) => {
      const input = parseInput(z.object({ marketplaceId: marketplaceIdInput }), args);
      return withAccountErrors(async () =>
        withClientChangeRights(checkout, input.marketplaceId, await profileAppointments(identity, input)),
      );
    },
    profileWaitlistRequests: (_parent, args, { identity }) => {
      const input = parseInput(z.object({ marketplaceId: marketplaceIdInput }), args);
      return withAccountErrors(() => profileWaitlistRequests(identity, input));
    },
  },
  Mutation: {
    withdrawWaitlistRequest: (_parent, args, { identity }) => {
      const input = parseInput(
        z.object({ marketplaceId: marketplaceIdInput, id: idInput('Waitlist request') }),
        args,
      );
      return withAccountErrors(() => withdrawWaitlistRequest(identity, input));
    },
  },
};
