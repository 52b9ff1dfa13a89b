// Visits booked outside Atrium: thin resolvers that parse with the domain's rules and call the services.
import { homeAddress, outsideVisitForm, PHONE_BOOKING_MESSAGES } from '@atrium/domain';
import { z } from 'zod';
import { bookingPlace, SlotTakenError } from '../../checkout';
import type { Resolvers } from '../../generated/resolvers-types';
import type { GraphQLContext } from '../../graphql-context';
import { ForbiddenError, UnauthenticatedError } from '../../identity';
import { parseInput, withServiceErrors } from '../../kernel/graphql-errors';
import { idInput, marketplaceIdInput } from '../../kernel/id-input';
import type { TeamContext } from '../team/team-context';
import { addOutsideVisit, OutsideVisitTakenError, removeOutsideVisit } from './outside-visits';

const refuse = (context: z.RefinementCtx, message: string): never => {
  context.addIssue({ code: 'custom', message });
  return z.NEVER;
};

const visitInput = z
  .object({
    practitionerId: idInput('Practitioner'),
    organizationId: idInput('Organization').nullish(),
    address: z.nullish(homeAddress),
  })
  .transform(({ practitionerId, organizationId, address }, context) => {
    if (organizationId == null && address == null) return refuse(context, PHONE_BOOKING_MESSAGES.place);
    const place = bookingPlace(organizationId, address);
    return 'problem' in place ? refuse(context, place.problem) : { practitionerId, place };
  });

const addArgs = z.object({
  marketplaceId: marketplaceIdInput,
  input: z.intersection(visitInput, outsideVisitForm),
});
const removeArgs = z.object({ marketplaceId: marketplaceIdInput, id: idInput('Visit') });

const visitContext = ({ db, identity, checkout }: GraphQLContext): TeamContext => ({
  db,
  session: identity.session,
  clock: checkout.clock,
  notifications: checkout.notifications,
});

/** UNAUTHENTICATED, FORBIDDEN, and SLOT_TAKEN for a time the practitioner already holds. */
const withVisitErrors = <T>(call: () => Promise<T>): Promise<T> =>
  withServiceErrors(call, [
    { error: UnauthenticatedError, code: 'UNAUTHENTICATED' },
    { error: ForbiddenError, code: 'FORBIDDEN' },
    { error: OutsideVisitTakenError, code: 'SLOT_TAKEN' },
    { error: SlotTakenError, code: 'SLOT_TAKEN' },
  ]);

export const staffOutsideVisitResolvers: Resolvers = {
  Mutation: {
    staffAddOutsideVisit: (_parent, args, context) => {
      const { marketplaceId, input } = parseInput(addArgs, args);
      return withVisitErrors(() => addOutsideVisit(visitContext(context), marketplaceId, input));
    },
    staffRemoveOutsideVisit: (_parent, args, context) => {
      const { marketplaceId, id } = parseInput(removeArgs, args);
      return withVisitErrors(() => removeOutsideVisit(visitContext(context), marketplaceId, id));
    },
  },
};
