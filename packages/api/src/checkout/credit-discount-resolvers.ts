import { z } from 'zod';
import type { Resolvers } from '../generated/resolvers-types';
import { parseInput } from '../kernel/graphql-errors';
import { idInput, marketplaceIdInput } from '../kernel/id-input';
import { withWalletErrors } from '../payments';
import { getMembershipCreditDiscount } from './membership-credit-discount';

/** The most procedures and add-ons one cart may hold (as checkoutSummary). */
const maxProcedures = 50;

const creditDiscountInput = z.object({
  marketplaceId: marketplaceIdInput,
  procedureIds: z
    .array(idInput('Procedure'))
    .max(maxProcedures, `Choose at most ${maxProcedures} procedures and add-ons.`)
    .transform((ids) => [...new Set(ids)]),
  organizationId: idInput('Organization')
    .nullish()
    .transform((id) => id ?? null),
});

/** What a membership would take off a cart: checkout's summary priced with and without it. */
export const creditDiscountResolvers: Resolvers = {
  Query: {
    getMembershipCreditDiscount: (_parent, { input }, { checkout, identity }) => {
      const request = parseInput(creditDiscountInput, input);
      return withWalletErrors(() => getMembershipCreditDiscount(checkout, identity.session, request));
    },
  },
};
