import { optional, reasonForClient } from '@atrium/domain';
import { z } from 'zod';
import type { Resolvers } from '../generated/resolvers-types';
import { InvalidInputError } from '../kernel/errors';
import { parseInput, withServiceErrors } from '../kernel/graphql-errors';
import { IdempotencyKeyReusedError } from '../kernel/idempotency';
import { assertOperatorKey, OperatorKeyError } from '../kernel/operator-key';
import {
  cardAuthenticationRequired,
  cardErrorMessage,
  cardInput,
  InvalidCardDetailsError,
  PaymentDeclinedError,
  SandboxAuthenticationError,
} from '../payments';
import { createAppointmentRequest } from './appointment-requests';
import { MarketplaceNotLiveError } from './booking/marketplace-live';
import { getCheckoutSummary } from './checkout-summary';
import { SlotTakenError } from './errors';
import {
  appointmentId,
  checkoutSummaryInput,
  createAppointmentRequestInput,
  sandboxCardInput,
  validatePromoCodeInput,
} from './inputs';
import { cancelAppointment, completeAppointment, confirmAppointment } from './operator-actions';
import {
  completePaymentAuthentication,
  getPaymentAuthentication,
  replacePaymentCard,
} from './payment-authentication';
import { validatePromoCode } from './promo-codes';

const operatorArgs = z.object({ id: appointmentId });
const authenticationLinkArgs = z.object({ token: z.string().max(100, 'The payment link is not valid.') });
const replaceCardArgs = authenticationLinkArgs.extend({
  card: z.object({ token: cardInput.shape.token, postalCode: cardInput.shape.identity.shape.postalCode }),
});
const sandboxAuthenticateArgs = z.object({
  clientSecret: z.string().min(1).max(255),
  outcome: z.enum(['APPROVE', 'FAIL']),
});
const cancelArgs = operatorArgs.extend({
  reason: optional(reasonForClient),
});

export const checkoutResolvers: Resolvers = {
  Query: {
    checkoutSummary: (_parent, { input }, { checkout, identity }) => {
      const request = parseInput(checkoutSummaryInput, input);
      return withCheckoutErrors(() => getCheckoutSummary(checkout, identity.session, request));
    },
    validatePromoCode: (_parent, { input }, { checkout, identity }) => {
      const request = parseInput(validatePromoCodeInput, input);
      return withCheckoutErrors(() => validatePromoCode(checkout, identity.session, request));
    },
    paymentProcessor: (_parent, _args, { checkout }) => ({
      processor: checkout.payments.processor.name === 'stripe' ? 'STRIPE' : 'SANDBOX',
      stripePublishableKey: checkout.payments.stripePublishableKey,
    }),
    paymentAuthentication: (_parent, args, { checkout }) => {
      const { token } = parseInput(authenticationLinkArgs, args);
      return withCheckoutErrors(() => getPaymentAuthentication(checkout, token));
    },
  },
  Mutation: {
    createAppointmentRequest: (_parent, { input }, { checkout, identity }) => {
      const request = parseInput(createAppointmentRequestInput(checkout.clock()), input);
      return withCheckoutErrors(() => createAppointmentRequest(checkout, identity.session, request));
    },
    sandboxTokenizeCard: (_parent, { input }, { checkout }) =>
      withCheckoutErrors(async () => {
        const { sandbox } = checkout.payments;
        if (!sandbox) throw new InvalidInputError('The sandbox card processor is not enabled.');
        // Any problem with the details gets the card form's one message.
        const card = sandboxCardInput.safeParse(input);
        if (!card.success) throw new InvalidInputError(cardErrorMessage);
        return sandbox.tokenize(card.data, checkout.clock());
      }),
    sandboxAuthenticate: (_parent, args, { checkout }) =>
      withCheckoutErrors(async () => {
        const { sandbox } = checkout.payments;
        if (!sandbox) throw new InvalidInputError('The sandbox card processor is not enabled.');
        const { clientSecret, outcome } = parseInput(sandboxAuthenticateArgs, args);
        await sandbox.authenticate(clientSecret, outcome === 'APPROVE' ? 'approve' : 'fail');
        return true;
      }),
    completePaymentAuthentication: (_parent, args, { checkout }) => {
      const { token } = parseInput(authenticationLinkArgs, args);
      return withCheckoutErrors(() => completePaymentAuthentication(checkout, token));
    },
    replacePaymentCard: (_parent, args, { checkout }) => {
      const { token, card } = parseInput(replaceCardArgs, args);
      return withCheckoutErrors(() => replacePaymentCard(checkout, token, card));
    },
    confirmAppointment: (_parent, args, { checkout }) =>
      operatorAction(checkout, operatorArgs, args, ({ id }) => confirmAppointment(checkout, id)),
    completeAppointment: (_parent, args, { checkout }) =>
      operatorAction(checkout, operatorArgs, args, ({ id }) =>
        completeAppointment(checkout, id, { onlyOnceBegun: false }),
      ),
    cancelAppointment: (_parent, args, { checkout }) =>
      operatorAction(checkout, cancelArgs, args, ({ id, reason }) =>
        cancelAppointment(checkout, id, { reason }),
      ),
  },
};

/** The operator key first (before anything about the appointment is told), then the input. */
function operatorAction<Schema extends z.ZodType, T>(
  checkout: { presentedOperatorKey: string | null; operatorKey: string },
  schema: Schema,
  args: unknown,
  action: (args: z.output<Schema>) => Promise<T>,
): Promise<T> {
  return withCheckoutErrors(async () => {
    assertOperatorKey(checkout.presentedOperatorKey, checkout.operatorKey);
    return action(parseInput(schema, args));
  });
}

/**
 * withServiceErrors, plus PAYMENT_DECLINED, SLOT_TAKEN, CARD_AUTHENTICATION_REQUIRED, FORBIDDEN,
 * IDEMPOTENCY_KEY_REUSED and the card form's message.
 */
const withCheckoutErrors = <T>(call: () => Promise<T>): Promise<T> =>
  withServiceErrors(call, [
    { error: PaymentDeclinedError, code: 'PAYMENT_DECLINED' },
    { error: SlotTakenError, code: 'SLOT_TAKEN' },
    { error: MarketplaceNotLiveError, code: 'MARKETPLACE_NOT_LIVE' },
    { error: IdempotencyKeyReusedError, code: 'IDEMPOTENCY_KEY_REUSED' },
    { error: OperatorKeyError, code: 'FORBIDDEN' },
    { error: InvalidCardDetailsError, code: 'BAD_USER_INPUT', message: cardErrorMessage },
    { error: SandboxAuthenticationError, code: 'BAD_USER_INPUT' },
    cardAuthenticationRequired,
  ]);
