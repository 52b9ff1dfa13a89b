import { optional, reasonForClient } from '@atrium/domain';
import { differenceInCalendarDays, parseISO } from 'date-fns';
import { z } from 'zod';
import { appointmentId, localDate } from '../checkout';
import type { Resolvers } from '../generated/resolvers-types';
import { ForbiddenError, UnauthenticatedError } from '../identity';
import { parseInput, withServiceErrors } from '../kernel/graphql-errors';
import { idInput, marketplaceIdInput } from '../kernel/id-input';
import { staffViewer } from './access';
import { staffAppointmentAction } from './actions';
import { staffRequests } from './requests';

/** The longest range of days one staffRequests call may ask for (two months of a schedule). */
const MAX_RANGE_DAYS = 62;

const marketplaceArgs = z.object({ marketplaceId: marketplaceIdInput });
const requestsArgs = marketplaceArgs.extend({
  filter: z
    .object({
      status: z.enum(['PENDING', 'BOOKED', 'COMPLETE', 'CANCELLED']).nullish(),
      clinicId: idInput('Clinic').nullish(),
      atHome: z.boolean().nullish(),
      date: localDate.nullish(),
      from: localDate.nullish(),
      to: localDate.nullish(),
    })
    .nullish()
    .refine((filter) => !filter?.from || !filter.to || filter.from <= filter.to, {
      error: 'The range must not end before it starts.',
    })
    .refine(
      (filter) =>
        !filter?.from ||
        !filter.to ||
        differenceInCalendarDays(parseISO(filter.to), parseISO(filter.from)) < MAX_RANGE_DAYS,
      { error: `The range may span at most ${MAX_RANGE_DAYS} days.` },
    )
    .transform((filter) => ({
      status: filter?.status ?? null,
      clinicId: filter?.clinicId ?? null,
      atHome: filter?.atHome ?? false,
      date: filter?.date ?? null,
      from: filter?.from ?? null,
      to: filter?.to ?? null,
    })),
});
const actionArgs = marketplaceArgs.extend({ id: appointmentId });
const declineArgs = actionArgs.extend({
  reason: reasonForClient,
});
const cancelArgs = actionArgs.extend({
  reason: optional(reasonForClient),
});

export const staffResolvers: Resolvers = {
  Query: {
    staffViewer: (_parent, args, { db, identity }) => {
      const { marketplaceId } = parseInput(marketplaceArgs, args);
      return withStaffErrors(() => staffViewer({ db, session: identity.session }, marketplaceId));
    },
    staffRequests: (_parent, args, { db, identity }) => {
      const input = parseInput(requestsArgs, args);
      return withStaffErrors(() => staffRequests({ db, session: identity.session }, input));
    },
  },
  Mutation: {
    staffConfirmAppointment: (_parent, args, { checkout, identity }) => {
      const { marketplaceId, id } = parseInput(actionArgs, args);
      return withStaffErrors(() =>
        staffAppointmentAction({ ...checkout, session: identity.session }, 'confirm', {
          marketplaceId,
          appointmentId: id,
        }),
      );
    },
    staffDeclineAppointment: (_parent, args, { checkout, identity }) => {
      const { marketplaceId, id, reason } = parseInput(declineArgs, args);
      return withStaffErrors(() =>
        staffAppointmentAction({ ...checkout, session: identity.session }, 'decline', {
          marketplaceId,
          appointmentId: id,
          reason,
        }),
      );
    },
    staffCompleteAppointment: (_parent, args, { checkout, identity }) => {
      const { marketplaceId, id } = parseInput(actionArgs, args);
      return withStaffErrors(() =>
        staffAppointmentAction({ ...checkout, session: identity.session }, 'complete', {
          marketplaceId,
          appointmentId: id,
        }),
      );
    },
    staffCancelAppointment: (_parent, args, { checkout, identity }) => {
      const { marketplaceId, id, reason } = parseInput(cancelArgs, args);
      return withStaffErrors(() =>
        staffAppointmentAction({ ...checkout, session: identity.session }, 'cancel', {
          marketplaceId,
          appointmentId: id,
          reason,
        }),
      );
    },
  },
};

/** withServiceErrors, plus UNAUTHENTICATED (signed out) and FORBIDDEN (not staff, or not allowed). */
export const withStaffErrors = <T>(call: () => Promise<T>): Promise<T> =>
  withServiceErrors(call, [
    { error: UnauthenticatedError, code: 'UNAUTHENTICATED' },
    { error: ForbiddenError, code: 'FORBIDDEN' },
  ]);
