import { z } from 'zod';
import type { Resolvers } from '../../generated/resolvers-types';
import { withAccountErrors } from '../../identity';
import { parseInput } from '../../kernel/graphql-errors';
import { marketplaceIdInput } from '../../kernel/id-input';
import { invalidPaymentCursorMessage, profilePayments } from './payment-history';

export const paymentPageSizeMessage = 'Ask for 1 to 50 payments at a time.';

const paymentArgs = z.object({
  marketplaceId: marketplaceIdInput,
  first: z
    .number()
    .int(paymentPageSizeMessage)
    .min(1, paymentPageSizeMessage)
    .max(50, paymentPageSizeMessage)
    .nullish()
    .transform((first) => first ?? 10),
  after: z
    .string()
    .max(200, invalidPaymentCursorMessage)
    .nullish()
    .transform((after) => after ?? null),
});

/** The signed-in client's own payment history at a marketplace (the profile's Wallet). */
export const paymentHistoryResolvers: Resolvers = {
  Query: {
    profilePayments: (_parent, args, { identity }) => {
      const input = parseInput(paymentArgs, args);
      return withAccountErrors(() => profilePayments(identity, input));
    },
  },
};
