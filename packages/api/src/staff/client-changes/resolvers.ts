// The signed-in client's own changes (the profile's Reschedule and Cancel): one code per refusal the
// page reacts to, never its words.
import { GraphQLError } from 'graphql';
import { z } from 'zod';
import {
  appointmentId,
  ClientChangeRefusedError,
  clientChangeRefusalCodes,
  clientRescheduleTimes,
  localDate,
  SlotTakenError,
} from '../../checkout';
import type { Resolvers } from '../../generated/resolvers-types';
import { UnauthenticatedError } from '../../identity';
import { parseInput, withServiceErrors } from '../../kernel/graphql-errors';
import { marketplaceIdInput } from '../../kernel/id-input';
import { cancelOwnAppointment, rescheduleOwnAppointment } from './client-changes';

const changeArgs = z.object({ marketplaceId: marketplaceIdInput, id: appointmentId });
const timesArgs = changeArgs.extend({ date: localDate });
const moveArgs = timesArgs.extend({
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter the time as HH:mm, e.g. 09:30.'),
});

/** SLOT_TAKEN, UNAUTHENTICATED, and each refusal of a change with its own code. */
const withClientChangeErrors = <T>(call: () => Promise<T>): Promise<T> =>
  withServiceErrors(async () => {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof ClientChangeRefusedError)) throw error;
      throw new GraphQLError(error.message, {
        extensions: { code: clientChangeRefusalCodes[error.refusal] },
      });
    }
  }, [
    { error: UnauthenticatedError, code: 'UNAUTHENTICATED' },
    { error: SlotTakenError, code: 'SLOT_TAKEN' },
  ]);

export const clientChangeResolvers: Resolvers = {
  Query: {
    clientRescheduleTimes: (_parent, args, { checkout, identity }) => {
      const { marketplaceId, id, date } = parseInput(timesArgs, args);
      return withClientChangeErrors(() =>
        clientRescheduleTimes(
          { ...checkout, session: identity.session },
          { marketplaceId, appointmentId: id, date },
        ),
      );
    },
  },
  Mutation: {
    clientRescheduleAppointment: (_parent, args, { checkout, identity }) => {
      const { marketplaceId, id, date, time } = parseInput(moveArgs, args);
      return withClientChangeErrors(() =>
        rescheduleOwnAppointment(
          { ...checkout, session: identity.session },
          { marketplaceId, appointmentId: id, date, time },
        ),
      );
    },
    clientCancelAppointment: (_parent, args, { checkout, identity }) => {
      const { marketplaceId, id } = parseInput(changeArgs, args);
      return withClientChangeErrors(() =>
        cancelOwnAppointment(
          { ...checkout, session: identity.session },
          { marketplaceId, appointmentId: id },
        ),
      );
    },
  },
};
