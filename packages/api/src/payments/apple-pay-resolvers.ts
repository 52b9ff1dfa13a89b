import { GraphQLError } from 'graphql';
import { z } from 'zod';
import type { Resolvers } from '../generated/resolvers-types';
import { parseInput } from '../kernel/graphql-errors';
import {
  ApplePayValidationFailedError,
  applePayMessages,
  createApplePayInstrument,
  createApplePaySession,
} from './apple-pay';
import { withWalletErrors } from './errors';
import { cardInput } from './inputs';

/** A host name as the page's location.hostname gives it: labels of letters, digits and hyphens. */
const hostname = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'The domain is required.')
  .max(253, 'The domain is too long.')
  .regex(
    /^(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))*$/,
    'The domain must be a host name such as book.example.com, without scheme, port or path.',
  );

const createApplePaySessionInput = z.object({
  validationUrl: z.string().trim().min(1, 'The validation URL is required.').max(2048),
  // Apple: "a string of 64 or fewer UTF-8 characters" shown on the payment sheet.
  displayName: z
    .string()
    .trim()
    .min(1, 'The display name is required.')
    .refine((name) => [...name].length <= 64, 'The display name must be at most 64 characters.'),
  domain: hostname,
});

/** Apple Pay JS ApplePayPaymentToken: what onpaymentauthorized gives as payment.token. */
const applePayPaymentToken = z.object({
  paymentData: z.record(z.string(), z.unknown()),
  paymentMethod: z.object({
    displayName: z.string().max(200).nullish(),
    network: z.string().max(50).nullish(),
    type: z.string().max(50).nullish(),
  }),
  transactionIdentifier: z.string().trim().min(1).max(200),
});

const unreadableToken = applePayMessages.unreadableToken;

const createApplePayInstrumentInput = z.object({
  save: z.boolean(),
  card: z.object({
    // An Apple Pay token is a few kilobytes of JSON.
    thirdPartyToken: z
      .string()
      .max(32_768, unreadableToken)
      .transform((text, context) => {
        try {
          return applePayPaymentToken.parse(JSON.parse(text));
        } catch {
          context.addIssue({ code: 'custom', message: unreadableToken });
          return z.NEVER;
        }
      }),
    identity: cardInput.shape.identity,
  }),
});

export const applePayResolvers: Resolvers = {
  Query: {
    applePayEnabled: (_parent, _args, { checkout }) => checkout.applePay.merchantValidator !== null,
  },
  Mutation: {
    createApplePaySession: async (_parent, { input }, { checkout, log }) => {
      const request = parseInput(createApplePaySessionInput, input);
      try {
        return {
          merchantSession: await withWalletErrors(() => createApplePaySession(checkout.applePay, request)),
        };
      } catch (error) {
        if (!(error instanceof ApplePayValidationFailedError)) throw error;
        log.warn({ err: error.cause }, 'Apple Pay merchant validation failed');
        throw new GraphQLError(error.message, { extensions: { code: 'APPLE_PAY_VALIDATION_FAILED' } });
      }
    },
    createApplePayInstrument: (_parent, { input }, { checkout, identity }) => {
      const { save, card } = parseInput(createApplePayInstrumentInput, input);
      return withWalletErrors(() =>
        createApplePayInstrument(checkout, identity.session, {
          token: card.thirdPartyToken,
          identity: card.identity,
          save,
        }),
      );
    },
  },
};
