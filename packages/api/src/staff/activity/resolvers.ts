import { z } from 'zod';
import type { Resolvers } from '../../generated/resolvers-types';
import { parseInput } from '../../kernel/graphql-errors';
import { marketplaceIdInput } from '../../kernel/id-input';
import { withStaffErrors } from '../resolvers';
import { readActivityLog } from './activity-log';

export const activityPageSizeMessage = 'Ask for 1 to 100 entries at a time.';

const activityArgs = z.object({
  marketplaceId: marketplaceIdInput,
  first: z
    .number()
    .int(activityPageSizeMessage)
    .min(1, activityPageSizeMessage)
    .max(100, activityPageSizeMessage)
    .nullish()
    .transform((first) => first ?? 25),
  after: z
    .string()
    .max(200, 'This page of the activity log is not valid; start from the first page.')
    .nullish()
    .transform((after) => after ?? null),
});

export const staffActivityResolvers: Resolvers = {
  Query: {
    activityLog: (_parent, args, { db, identity }) => {
      const input = parseInput(activityArgs, args);
      return withStaffErrors(() => readActivityLog({ db, session: identity.session }, input));
    },
  },
};
