// Stripe through its server SDK. Cards are collected in the browser by Stripe.js Elements (a
// PaymentMethod pm_… or a token tok_…), so no card number ever reaches this server. 3-D Secure: a
// SetupIntent or an off-session PaymentIntent the bank wants authenticated is handed to the browser
// by its client secret (Stripe.js `handleNextAction`), and its outcome is read back from Stripe.
import { createHash, timingSafeEqual } from 'node:crypto';
import type Stripe from 'stripe';
import type { CardBrand } from '../tables';
import {
  authenticationFailedMessage,
  authenticationRequiredReason,
  CardAuthenticationRequiredError,
  CardDeclinedError,
  type CardIdentity,
  type ChargeInput,
  type ChargeResult,
  InvalidCardTokenError,
  type PaymentAuthenticationState,
  type PaymentsProcessor,
  type RefundInput,
  type RefundResult,
  type SaveCardInput,
  type SavedCard,
} from './payments-processor';

/** The part of the Stripe client this adapter uses (tests pass the real SDK pointed at a stand-in). */
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

/** A SetupIntent's client secret, `seti_…_secret_…`: what the browser resubmits after the challenge. */
const setupClientSecret = /^(seti_[A-Za-z0-9]+)_secret_[A-Za-z0-9]+$/;

/** Metadata naming the PaymentIntent's idempotency key (the webhook handler finds our row by it). */
export const idempotencyKeyMetadata = 'atrium_idempotency_key';

/**
 * An idempotency key for a creating call, from what a retry of the same request repeats (the token,
 * the identity, the customer), so a retry after a lost answer gets Stripe's first answer instead of a
 * second customer or setup. Never random per call.
 */
export function derivedKey(purpose: string, ...parts: unknown[]): string {
  return `atrium-${purpose}-${createHash('sha256').update(JSON.stringify(parts)).digest('hex')}`;
}

export function createStripeProcessor(stripe: StripeClient): PaymentsProcessor {
  return {
    name: 'stripe',
    saveCard: (input) => withStripeErrors(() => saveCard(stripe, input)),
    charge: (input) => charge(stripe, input),
    paymentAuthentication: (reference) => paymentAuthentication(stripe, reference),
    refund: (input) => refund(stripe, input),
  };
}

async function saveCard(
  stripe: StripeClient,
  { token, identity, customerReference }: SaveCardInput,
): Promise<SavedCard> {
  if (setupClientSecret.test(token)) return completeSetup(stripe, token, identity, customerReference);
  const customer = await customerFor(stripe, token, identity, customerReference);
  const paymentMethodId = await paymentMethodOf(stripe, token);
  await verifyBySetup(stripe, { customer, paymentMethodId, identity });
  return toSavedCard(stripe, customer, paymentMethodId);
}

/** The customer of the card: the client's existing one, or one made once per token and identity. */
async function customerFor(
  stripe: StripeClient,
  token: string,
  identity: CardIdentity,
  customerReference: string | null,
): Promise<string> {
  if (customerReference) return customerReference;
  const customer = await stripe.customers.create(
    {
      email: identity.email,
      name: `${identity.firstName} ${identity.lastName}`.trim(),
      ...(identity.phone ? { phone: identity.phone } : {}),
      ...(identity.postalCode ? { address: { postal_code: identity.postalCode } } : {}),
    },
    { idempotencyKey: derivedKey('customer', token, identity) },
  );
  return customer.id;
}

/** The PaymentMethod a browser's token names: itself (pm_…), or one made once from a legacy tok_…. */
async function paymentMethodOf(stripe: StripeClient, token: string): Promise<string> {
  if (token.startsWith('pm_')) return token;
  const paymentMethod = await stripe.paymentMethods.create(
    { type: 'card', card: { token } },
    { idempotencyKey: derivedKey('payment-method', token) },
  );
  return paymentMethod.id;
}

/**
 * A SetupIntent attaches the card to the customer for later off-session charges and has the bank
 * check it now, so a card that would be declined is refused before anything is booked.
 */
async function verifyBySetup(
  stripe: StripeClient,
  {
    customer,
    paymentMethodId,
    identity,
  }: { customer: string; paymentMethodId: string; identity: CardIdentity },
): Promise<void> {
  const setup = await stripe.setupIntents.create(
    {
      customer,
      payment_method: paymentMethodId,
      usage: 'off_session',
      confirm: true,
      allowed_payment_method_types: ['card'],
      // A challenge, if any, is run by Stripe.js in the page (handleNextAction), not by redirect.
      use_stripe_sdk: true,
      // Whose setup a guest's resubmission may complete (no customer of ours is known yet).
      metadata: { atrium_customer_of: emailFingerprint(identity.email) },
    },
    { idempotencyKey: derivedKey('setup', paymentMethodId, customer) },
  );
  if (setup.status === 'requires_action' && setup.client_secret) {
    throw new CardAuthenticationRequiredError(setup.client_secret);
  }
  if (setup.status !== 'succeeded') {
    throw new CardDeclinedError(setup.last_setup_error?.message ?? authenticationFailedMessage);
  }
}

async function toSavedCard(
  stripe: StripeClient,
  customer: string,
  paymentMethodId: string,
): Promise<SavedCard> {
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
}

/**
 * After the browser's challenge: the SetupIntent the client secret names (the secret is the proof
 * the caller started it; a bare id is never accepted) must have succeeded, for the expected customer.
 */
async function completeSetup(
  stripe: StripeClient,
  clientSecret: string,
  identity: CardIdentity,
  customerReference: string | null,
): Promise<SavedCard> {
  const setupId = setupClientSecret.exec(clientSecret)?.[1] as string;
  const setup = await stripe.setupIntents.retrieve(setupId);
  const customer = typeof setup.customer === 'string' ? setup.customer : setup.customer?.id;
  // A known client's setup must be for their customer; a new client's for their email.
  const owned =
    customerReference !== null
      ? customer === customerReference
      : setup.metadata?.atrium_customer_of === emailFingerprint(identity.email);
  if (!setup.client_secret || !sameSecret(setup.client_secret, clientSecret) || !customer || !owned) {
    throw new InvalidCardTokenError('The client secret names no setup of this customer.');
  }
  if (setup.status === 'requires_action') throw new CardAuthenticationRequiredError(clientSecret);
  const paymentMethodId =
    typeof setup.payment_method === 'string' ? setup.payment_method : setup.payment_method?.id;
  if (setup.status !== 'succeeded' || !paymentMethodId) {
    throw new CardDeclinedError(setup.last_setup_error?.message ?? authenticationFailedMessage);
  }
  return toSavedCard(stripe, customer, paymentMethodId);
}

async function charge(
  stripe: StripeClient,
  { customerReference, processorReference, amountCents, idempotencyKey, description }: ChargeInput,
): Promise<ChargeResult> {
  try {
    const intent = await stripe.paymentIntents.create(
      {
        amount: amountCents,
        currency: 'usd',
        customer: customerReference,
        payment_method: processorReference,
        off_session: true,
        confirm: true,
        allowed_payment_method_types: ['card'],
        description,
        metadata: { [idempotencyKeyMetadata]: idempotencyKey },
      },
      { idempotencyKey },
    );
    return chargeResult(intent);
  } catch (error) {
    if (isCardError(error)) return refusedChargeResult(error);
    throw error;
  }
}

/**
 * Stripe reports a refused off-session charge as a card error carrying the PaymentIntent;
 * `authentication_required` means the client must come back and authenticate it.
 */
export function refusedChargeResult(error: {
  message: string;
  code?: string;
  payment_intent?: { id?: string };
}): ChargeResult {
  const intentId = error.payment_intent?.id;
  if (error.code === 'authentication_required' && intentId) {
    return { ok: false, reason: authenticationRequiredReason, authentication: { reference: intentId } };
  }
  return { ok: false, reason: error.message };
}

/**
 * A refund of a PaymentIntent's charge. Stripe refuses one it cannot make (more than is left, a
 * charge already refunded) with an invalid request, which is the refusal's reason; a refund Stripe
 * accepted but the card network then failed is refused too.
 */
async function refund(
  stripe: StripeClient,
  { chargeReference, amountCents, idempotencyKey }: RefundInput,
): Promise<RefundResult> {
  try {
    const made = await stripe.refunds.create(
      { payment_intent: chargeReference, ...(amountCents === undefined ? {} : { amount: amountCents }) },
      { idempotencyKey },
    );
    if (made.status === 'failed' || made.status === 'canceled') {
      return { ok: false, reason: `The refund ${made.status === 'failed' ? 'failed' : 'was cancelled'}.` };
    }
    return { ok: true, reference: made.id };
  } catch (error) {
    if (isStripeError(error) && error.type === 'StripeInvalidRequestError') {
      return { ok: false, reason: error.message };
    }
    throw error;
  }
}

async function paymentAuthentication(
  stripe: StripeClient,
  reference: string,
): Promise<PaymentAuthenticationState> {
  const intent = await stripe.paymentIntents.retrieve(reference);
  if (intent.status !== 'requires_payment_method') return authenticationState(intent);
  const failed = intent.last_payment_error;
  const paymentMethod = failed?.payment_method?.id;
  // Only an off-session attempt the bank wanted authenticated is retried on-session; another
  // refusal is final.
  if (failed?.code !== 'authentication_required' || !paymentMethod) {
    return { status: 'failed', reason: failed?.message ?? authenticationFailedMessage };
  }
  // Confirmed again with the same card, now with the client present: Stripe answers with the
  // challenge (requires_action) for Stripe.js to run. Keyed by the failed attempt, so a reload
  // of the page does not confirm twice.
  const retried = await stripe.paymentIntents.confirm(
    reference,
    { payment_method: paymentMethod, use_stripe_sdk: true },
    { idempotencyKey: derivedKey('payment-authentication', reference, paymentMethod) },
  );
  return authenticationState(retried);
}

/** Where a PaymentIntent stands for the client's authentication, once no retry is due. */
export function authenticationState(
  intent: Pick<Stripe.PaymentIntent, 'id' | 'status' | 'client_secret' | 'last_payment_error'>,
): PaymentAuthenticationState {
  if (intent.status === 'succeeded') return { status: 'succeeded', reference: intent.id };
  if (intent.status === 'requires_action' && intent.client_secret) {
    return { status: 'requires_action', clientSecret: intent.client_secret };
  }
  if (intent.status === 'requires_payment_method') {
    return {
      status: 'failed',
      reason: intent.last_payment_error?.message ?? authenticationFailedMessage,
    };
  }
  return { status: 'failed', reason: `The payment could not be completed (${intent.status}).` };
}

function chargeResult(intent: Stripe.PaymentIntent): ChargeResult {
  if (intent.status === 'succeeded') return { ok: true, reference: intent.id };
  if (intent.status === 'requires_action') {
    return { ok: false, reason: authenticationRequiredReason, authentication: { reference: intent.id } };
  }
  return {
    ok: false,
    reason: intent.last_payment_error?.message ?? `The payment could not be completed (${intent.status}).`,
  };
}

/** A guest's email, hashed: the setup's metadata says whose it is without holding the address. */
function emailFingerprint(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
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

function isCardError(error: unknown): error is {
  type: 'StripeCardError';
  message: string;
  code?: string;
  payment_intent?: { id?: string };
} {
  return isStripeError(error) && error.type === 'StripeCardError';
}
