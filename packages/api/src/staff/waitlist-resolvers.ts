import { z } from 'zod';
import { acceptWaitlistOffer, appointmentId, getWaitlistOffer } from '../checkout';
import type { Resolvers } from '../generated/resolvers-types';
import { parseInput, withServiceErrors } from '../kernel/graphql-errors';
import { idInput, marketplaceIdInput } from '../kernel/id-input';
import { withStaffErrors } from './resolvers';
import { staffFreedTimes, staffOfferWaitlistSlot, staffWaitlist } from './waitlist';

const marketplaceArgs = z.object({ marketplaceId: marketplaceIdInput });
const waitlistArgs = marketplaceArgs.extend({
  filter: z
    .object({ freedAppointmentId: appointmentId.nullish(), clinicId: idInput('Clinic').nullish() })
    .nullish()
    .transform((filter) => ({
      freedAppointmentId: filter?.freedAppointmentId ?? null,
      clinicId: filter?.clinicId ?? null,
    })),
});
const offerArgs = marketplaceArgs.extend({
  waitlistRequestId: idInput('Waitlist request'),
  freedAppointmentId: appointmentId,
});
const offerLinkArgs = z.object({ token: z.string().max(100, 'This offer link is not valid.') });

export const staffWaitlistResolvers: Resolvers = {
  Query: {
    staffWaitlist: (_parent, args, { db, identity, checkout }) => {
      const input = parseInput(waitlistArgs, args);
      return withStaffErrors(() =>
        staffWaitlist({ db, session: identity.session, clock: checkout.clock }, input),
      );
    },
    staffFreedTimes: (_parent, args, { db, identity, checkout }) => {
      const { marketplaceId } = parseInput(marketplaceArgs, args);
      return withStaffErrors(() =>
        staffFreedTimes({ db, session: identity.session, clock: checkout.clock }, marketplaceId),
      );
    },
    waitlistOffer: (_parent, args, { checkout }) => {
      const { token } = parseInput(offerLinkArgs, args);
      return withServiceErrors(() => getWaitlistOffer(checkout, token));
    },
  },
  Mutation: {
    staffOfferWaitlistSlot: (_parent, args, { checkout, identity }) => {
      const input = parseInput(offerArgs, args);
      return withStaffErrors(() => staffOfferWaitlistSlot({ ...checkout, session: identity.session }, input));
    },
    acceptWaitlistOffer: (_parent, args, { checkout }) => {
      const { token } = parseInput(offerLinkArgs, args);
      return withServiceErrors(() => acceptWaitlistOffer(checkout, token));
    },
  },
};
