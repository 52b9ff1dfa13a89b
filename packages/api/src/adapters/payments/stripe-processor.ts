// Stripe through its server SDK. Cards are tokenized in the browser by Stripe.js Elements (a
// PaymentMethod pm_… or a token tok_…), so no card number ever reaches this server.
import type Stripe from 'stripe';
import type { CardBrand } from '../../db/checkout-schema';
import {
  CardDeclinedError,
  type ChargeResult,
  InvalidCardTokenError,
  type PaymentsProcessor,
  type SavedCard,
} from './payments-processor';

/** The part of the Stripe client this adapter uses (tests pass a fake of it). */
export type StripeClient = Pick<
  Stripe,
  'customers' | 'paymentMethods' | 'setupIntents' | 'paymentIntents' | 'refunds'
>;

const brands: Record<string, CardBrand> = {
  visa: 'VISA',
  mastercard: 'MASTERCARD',
  amex: 'AMEX',
  discover: 'DISCOVER',
};

export function createStripeProcessor(stripe: StripeClient): PaymentsProcessor {
  return {
    name: 'stripe',

    async saveCard({ token, identity, customerReference }): Promise<SavedCard> {
      return withStripeErrors(async () => {
        const customer =
          customerReference ??
          (
            await stripe.customers.create({
              email: identity.email,
              name: `${identity.firstName} ${identity.lastName}`.trim(),
              ...(identity.phone ? { phone: identity.phone } : {}),
              ...(identity.postalCode ? { address: { postal_code: identity.postalCode } } : {}),
            })
          ).id;
        const paymentMethodId = token.startsWith('pm_')
          ? token
          : (await stripe.paymentMethods.create({ type: 'card', card: { token } })).id;
        // A SetupIntent attaches the card to the customer for later off-session charges and has the
        // bank check it now, so a card that would be declined is refused before anything is booked.
        const setup = await stripe.setupIntents.create({
          customer,
          payment_method: paymentMethodId,
          usage: 'off_session',
          confirm: true,
          // Cards only, confirmed here: no redirect-based method may need a return URL.
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
        });
        if (setup.status !== 'succeeded') {
          throw new CardDeclinedError(
            setup.last_setup_error?.message ??
              'Your bank asks for an extra verification that is not supported yet. Please use another card.',
          );
        }
        const paymentMethod = await stripe.paymentMethods.retrieve(paymentMethodId);
        const card = paymentMethod.card;
        if (!card) throw new InvalidCardTokenError('The payment method is not a card.');
        return {
          customerReference: customer,
          processorReference: paymentMethod.id,
          brand: brands[card.brand] ?? 'OTHER',
          lastFour: card.last4,
          expirationMonth: card.exp_month,
          expirationYear: card.exp_year,
        };
      });
    },

    async charge({ customerReference, processorReference, amountCents, idempotencyKey, description }) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: amountCents,
            currency: 'usd',
            customer: customerReference,
            payment_method: processorReference,
            off_session: true,
            confirm: true,
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            description,
          },
          { idempotencyKey },
        );
        if (intent.status === 'succeeded') return { ok: true, reference: intent.id } satisfies ChargeResult;
        return {
          ok: false,
          reason:
            intent.last_payment_error?.message ?? `The payment could not be completed (${intent.status}).`,
        };
      } catch (error) {
        // Stripe reports a declined off-session charge as a card error carrying the reason.
        if (isCardError(error)) return { ok: false, reason: error.message };
        throw error;
      }
    },

    async refund({ chargeReference, idempotencyKey }) {
      await stripe.refunds.create({ payment_intent: chargeReference }, { idempotencyKey });
    },
  };
}

async function withStripeErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isCardError(error)) throw new CardDeclinedError(error.message);
    if (isStripeError(error) && error.type === 'StripeInvalidRequestError') {
      throw new InvalidCardTokenError(error.message);
    }
    throw error;
  }
}

function isStripeError(error: unknown): error is { type: string; message: string } {
  return (
    error instanceof Error &&
    typeof (error as { type?: unknown }).type === 'string' &&
    (error as unknown as { type: string }).type.startsWith('Stripe')
  );
}

function isCardError(error: unknown): error is { type: 'StripeCardError'; message: string } {
  return isStripeError(error) && error.type === 'StripeCardError';
}
