import { z } from 'zod';
import type { Resolvers } from '../../generated/resolvers-types';
import { parseInput } from '../../kernel/graphql-errors';
import { marketplaceIdInput } from '../../kernel/id-input';
import { withStaffErrors } from '../resolvers';
import {
  markRequestsSeen,
  requestNoticeSettings,
  setNewRequestMails,
  unreadRequestCount,
} from './member-notices';

const marketplaceArgs = z.object({ marketplaceId: marketplaceIdInput });
const mailArgs = marketplaceArgs.extend({ enabled: z.boolean() });

export const staffRequestNoticeResolvers: Resolvers = {
  Query: {
    staffUnreadRequestCount: (_parent, args, { db, identity }) => {
      const { marketplaceId } = parseInput(marketplaceArgs, args);
      return withStaffErrors(() => unreadRequestCount({ db, session: identity.session }, marketplaceId));
    },
    staffRequestNoticeSettings: (_parent, args, { db, identity }) => {
      const { marketplaceId } = parseInput(marketplaceArgs, args);
      return withStaffErrors(() => requestNoticeSettings({ db, session: identity.session }, marketplaceId));
    },
  },
  Mutation: {
    staffMarkRequestsSeen: (_parent, args, { db, identity, checkout }) => {
      const { marketplaceId } = parseInput(marketplaceArgs, args);
      return withStaffErrors(() =>
        markRequestsSeen({ db, session: identity.session }, marketplaceId, checkout.clock()),
      );
    },
    staffSetNewRequestMails: (_parent, args, { db, identity }) => {
      const { marketplaceId, enabled } = parseInput(mailArgs, args);
      return withStaffErrors(() =>
        setNewRequestMails({ db, session: identity.session }, marketplaceId, enabled),
      );
    },
  },
};
