// The checkout context's part of the GraphQL API (its SDL is the .graphql files beside): the
// composition root merges every context's resolvers into one schema.
import type { Resolvers } from '../generated/resolvers-types';
import { clientAppointmentsResolvers } from './client-appointments-resolvers';
import { creditDiscountResolvers } from './credit-discount-resolvers';
import { paymentHistoryResolvers } from './receipts/payment-history-resolvers';
import { checkoutResolvers } from './resolvers';

export const resolvers: Resolvers[] = [
  checkoutResolvers,
  clientAppointmentsResolvers,
  creditDiscountResolvers,
  paymentHistoryResolvers,
];
