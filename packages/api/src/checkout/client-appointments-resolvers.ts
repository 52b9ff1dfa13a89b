import { z } from 'zod';
import type { Resolvers } from '../generated/resolvers-types';
import { withAccountErrors } from '../identity';
import { parseInput } from '../kernel/graphql-errors';
import { marketplaceIdInput } from '../kernel/id-input';
import { profileAppointments } from './client-appointments';

/** The signed-in client's own appointments at a marketplace (the profile's Appointments tab). */
export const clientAppointmentsResolvers: Resolvers = {
  Query: {
    profileAppointments: (_parent, args, { identity }) => {
      const input = parseInput(z.object({ marketplaceId: marketplaceIdInput }), args);
      return withAccountErrors(() => profileAppointments(identity, input));
    },
  },
};
