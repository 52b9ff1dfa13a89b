import { z } from 'zod';
import type { Resolvers } from '../generated/resolvers-types';
import {
  addPaymentInstrument,
  deletePaymentInstrument,
  listPaymentInstruments,
  primaryInstrumentId,
  setPrimaryPaymentInstrument,
} from '../services/wallet/payment-instruments';
import { withAccountErrors } from './account-errors';
import { cardInput } from './checkout-inputs';
import { parseInput } from './errors';
import { idInput } from './id-input';

const instrumentId = idInput('Payment instrument');

const createPaymentInstrumentInput = z.object({
  // Spec 7: a card added to the wallet is always saved.
  save: z.boolean().refine((save) => save, 'A card added to the wallet is always saved: save must be true.'),
  card: cardInput,
});

export const walletResolvers: Resolvers = {
  Mutation: {
    createPaymentInstrument: (_parent, { input }, { checkout, identity }) => {
      const { card } = parseInput(createPaymentInstrumentInput, input);
      return withAccountErrors(() => addPaymentInstrument(checkout, identity.session, card));
    },
    deletePaymentInstrument: (_parent, args, { checkout, identity }) => {
      const { id } = parseInput(z.object({ id: instrumentId }), args);
      return withAccountErrors(() => deletePaymentInstrument(checkout, identity.session, id));
    },
    updatePrimaryPaymentInstrument: (_parent, args, { checkout, identity }) => {
      const { paymentInstrumentId } = parseInput(z.object({ paymentInstrumentId: instrumentId }), args);
      return withAccountErrors(() =>
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
