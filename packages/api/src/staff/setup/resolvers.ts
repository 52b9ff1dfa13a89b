import {
  groupName,
  ianaTimeZone,
  marketplaceName,
  ONBOARDING_MESSAGES,
  optional,
  ownerEmail,
} from '@atrium/domain';
import { z } from 'zod';
import type { Resolvers } from '../../generated/resolvers-types';
import { ForbiddenError, UnauthenticatedError } from '../../identity';
import { type ExpectedError, parseInput, withServiceErrors } from '../../kernel/graphql-errors';
import { marketplaceIdInput, mgIdInput } from '../../kernel/id-input';
import { assertOperatorKey, OperatorKeyError } from '../../kernel/operator-key';
import { requireStaff } from '../access';
import { marketplaceSetup } from './checklist';
import { createMarketplace } from './create-marketplace';
import {
  makeMarketplaceLive,
  markPaymentSettingsReviewed,
  SetupIncompleteError,
  takeMarketplaceOffline,
} from './going-live';

const marketplaceArgs = z.object({ marketplaceId: marketplaceIdInput });

const createArgs = z.object({
  input: z
    .object({
      name: marketplaceName,
      groupId: mgIdInput.nullish(),
      groupName: optional(groupName),
      providesAtHome: z.boolean(),
      timeZone: ianaTimeZone,
      // The domain's rule, then zod's stricter check that the API keeps for every address it mails.
      ownerEmail: z.pipe(ownerEmail, z.email(ONBOARDING_MESSAGES.ownerEmailInvalid)),
    })
    .refine((input) => (input.groupId == null) !== (input.groupName == null), {
      message: ONBOARDING_MESSAGES.group,
    })
    .transform(({ groupId, groupName: newGroup, ...input }) => ({
      ...input,
      group: groupId != null ? { id: groupId } : { name: newGroup ?? '' },
    })),
});

const setupErrors: ExpectedError[] = [
  { error: UnauthenticatedError, code: 'UNAUTHENTICATED' },
  { error: ForbiddenError, code: 'FORBIDDEN' },
  { error: OperatorKeyError, code: 'FORBIDDEN' },
  { error: SetupIncompleteError, code: 'SETUP_INCOMPLETE' },
];

export const staffSetupResolvers: Resolvers = {
  Query: {
    marketplaceSetup: (_parent, args, { db, identity }) => {
      const { marketplaceId } = parseInput(marketplaceArgs, args);
      return withServiceErrors(async () => {
        await requireStaff({ db, session: identity.session }, marketplaceId, 'viewSetup');
        return marketplaceSetup(db, marketplaceId);
      }, setupErrors);
    },
  },
  Mutation: {
    // The operator key first, before anything about the input or the groups is told.
    createMarketplace: (_parent, args, { db, checkout }) =>
      withServiceErrors(async () => {
        assertOperatorKey(checkout.presentedOperatorKey, checkout.operatorKey);
        const { input } = parseInput(createArgs, args);
        return createMarketplace({ db, notifications: checkout.notifications, clock: checkout.clock }, input);
      }, setupErrors),
    makeMarketplaceLive: (_parent, args, { db, identity }) => {
      const { marketplaceId } = parseInput(marketplaceArgs, args);
      return withServiceErrors(
        () => makeMarketplaceLive({ db, session: identity.session }, marketplaceId),
        setupErrors,
      );
    },
    takeMarketplaceOffline: (_parent, args, { db, identity }) => {
      const { marketplaceId } = parseInput(marketplaceArgs, args);
      return withServiceErrors(
        () => takeMarketplaceOffline({ db, session: identity.session }, marketplaceId),
        setupErrors,
      );
    },
    markPaymentSettingsReviewed: (_parent, args, { db, identity }) => {
      const { marketplaceId } = parseInput(marketplaceArgs, args);
      return withServiceErrors(
        () => markPaymentSettingsReviewed({ db, session: identity.session }, marketplaceId),
        setupErrors,
      );
    },
  },
};
