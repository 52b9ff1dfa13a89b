import { z } from 'zod';
import type { Resolvers } from '../generated/resolvers-types';
import { parseInput } from '../kernel/graphql-errors';
import { idInput } from '../kernel/id-input';
import { withWalletErrors } from './errors';
import { cardInput } from './inputs';
import {
  addPaymentInstrument,
  deletePaymentInstrument,
  listPaymentInstruments,
  primaryInstrumentId,
  setPrimaryPaymentInstrument,
} from './payment-instruments';

const instrumentId = idInput('Payment instrument');

const createPaymentInstrumentInput = z.object({
  // A card added to the wallet is always saved.
  save: z.boolean().refine((save) => save, 'A card added to the wallet is always saved: save must be true.'),
  card: cardInput,
});

export const walletResolvers: Resolvers = {
  Mutation: {
    createPaymentInstrument: (_parent, { input }, { checkout, identity }) => {
      const { card } = parseInput(createPaymentInstrumentInput, input);
      return withWalletErrors(() => addPaymentInstrument(checkout, identity.session, card));
    },
    deletePaymentInstrument: (_parent, args, { checkout, identity }) => {
      const { id } = parseInput(z.object({ id: instrumentId }), args);
      return withWalletErrors(() => deletePaymentInstrument(checkout, identity.session, id));
    },
    updatePrimaryPaymentInstrument: (_parent, args, { checkout, identity }) => {
      const { paymentInstrumentId } = parseInput(z.object({ paymentInstrumentId: instrumentId }), args);
      return withWalletErrors(() =>
        setPrimaryPaymentInstrument(checkout, identity.session, paymentInstrumentId),
      );
    },
  },
  User: {
    // The parent is the signed-in viewer (resolvers never hand out another client's User).
    paymentInstruments: (user, _args, { db }) => listPaymentInstruments(db, Number(user.id)),
    primaryInstrumentId: (user, _args, { db }) => primaryInstrumentId(db, Number(user.id)),
  },
};
