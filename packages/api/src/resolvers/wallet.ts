import type { Resolvers } from '../generated/resolvers-types';
import { listPaymentInstruments } from '../services/wallet/payment-instruments';

export const walletResolvers: Resolvers = {
  User: {
    // The parent is the signed-in viewer (resolvers never hand out another client's User).
    paymentInstruments: (user, _args, { db }) => listPaymentInstruments(db, Number(user.id)),
  },
};
