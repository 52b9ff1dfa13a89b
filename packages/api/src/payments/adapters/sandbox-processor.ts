// The embedded payment processor: what Stripe does, kept in two tables of our own database so every
// API process agrees. Stripe's test card numbers decide the outcomes; any other valid number succeeds.
import { randomBytes } from 'node:crypto';
import { formatCents, isCreditCardNumber } from '@atrium/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/database/database';
import type { CardBrand } from '../tables';
import { sandboxCards, sandboxCharges, sandboxRefunds, sandboxSetups } from '../tables';
import {
  authenticationFailedMessage,
  authenticationRequiredReason,
  CardAuthenticationRequiredError,
  CardDeclinedError,
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

/** Card details as the sandbox card form sends them, with the billing address (line 1, city, state, ZIP). */
export interface SandboxCardDetails {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  addressLine1: string;
  addressCity: string;
  addressState: string;
  addressPostalCode: string;
}

export interface SandboxCardToken {
  token: string;
  brand: CardBrand;
  lastFour: string;
}

/** Why a card's details were refused by the tokenizer (the client sees one message for every reason). */
export class InvalidCardDetailsError extends Error {
  override readonly name = 'InvalidCardDetailsError';
}

export const declineMessages = {
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  expired: 'Your card has expired.',
  incorrectCvc: "Your card's security code is incorrect.",
} as const;

/**
 * Stripe's test cards and where each fails. Like a Stripe SetupIntent, saving refuses cards that
 * are declined outright; insufficient funds and 4000000000000341 only fail when charged. The 3-D
 * Secure cards ask for authentication when saved (4000002500003155, then charged off-session without
 * it) or also on every off-session charge (4000002760003184).
 */
export const sandboxTestCards: Record<
  string,
  { onSave?: string; onCharge?: string; authentication?: 'on_save' | 'always' }
> = {
  '4000000000000002': { onSave: declineMessages.declined },
  '4000000000000069': { onSave: declineMessages.expired },
  '4000000000000127': { onSave: declineMessages.incorrectCvc },
  '4000000000009995': { onCharge: declineMessages.insufficientFunds },
  '4000000000000341': { onCharge: declineMessages.declined },
  '4000002500003155': { authentication: 'on_save' },
  '4000002760003184': { authentication: 'always' },
};

/** The sandbox bank's answer to a 3-D Secure challenge. */
export type SandboxAuthenticationOutcome = 'approve' | 'fail';

/** The client secret names no setup or payment waiting for authentication (unknown or answered). */
export class SandboxAuthenticationError extends Error {
  override readonly name = 'SandboxAuthenticationError';
}

export interface SandboxProcessor extends PaymentsProcessor {
  readonly name: 'sandbox';
  /** What Stripe.js does in the browser: card details in, a single-use token out. */
  tokenize(card: SandboxCardDetails, now?: Date): Promise<SandboxCardToken>;
  /**
   * What the card holder's bank does in a 3-D Secure challenge: approves or fails the setup or
   * payment the client secret names, once (a second answer is SandboxAuthenticationError).
   */
  authenticate(clientSecret: string, outcome: SandboxAuthenticationOutcome): Promise<void>;
}

const setupSecret = /^(seti_sandbox_[0-9a-f]{24})_secret_[0-9a-f]{32}$/;

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

const unknownSecret = 'Nothing is waiting for authentication with this client secret.';

export function createSandboxProcessor(db: Db): SandboxProcessor {
  return {
    name: 'sandbox',
    tokenize: (card, now = new Date()) => tokenize(db, card, now),
    saveCard: (input) => saveCard(db, input),
    charge: (input) => charge(db, input),
    paymentAuthentication: (reference) => paymentAuthentication(db, reference),
    authenticate: (clientSecret, outcome) =>
      setupSecret.test(clientSecret)
        ? answerSetupChallenge(db, clientSecret, outcome)
        : answerPaymentChallenge(db, clientSecret, outcome),
    refund: (input) => refund(db, input),
  };
}

/** Stripe's answer to a key used again with other parameters. */
export const sandboxKeyReusedReason =
  'Keys for idempotent requests can only be used with the same parameters they were first used with.';

/**
 * What Stripe does with a refund: the same key gives the first answer; a charge is never refunded
 * beyond what it took (the charge's row is locked while its refunds are counted); the refund that
 * takes the last cent marks the charge refunded.
 */
async function refund(
  db: Db,
  { chargeReference, amountCents, idempotencyKey }: RefundInput,
): Promise<RefundResult> {
  return db.transaction(async (tx) => {
    const [charged] = await tx
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.reference, chargeReference))
      .for('update');
    const [earlier] = await tx
      .select()
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.idempotencyKey, idempotencyKey));
    if (earlier) {
      const same =
        earlier.chargeReference === chargeReference &&
        (amountCents ?? earlier.amountCents) === earlier.amountCents;
      return same
        ? { ok: true, reference: earlier.reference }
        : { ok: false, reason: sandboxKeyReusedReason };
    }
    if (charged?.status !== 'succeeded') {
      return { ok: false, reason: `No such charge: '${chargeReference}'` };
    }
    const [totals] = await tx
      .select({ refunded: sql<number>`coalesce(sum(${sandboxRefunds.amountCents}), 0)::int` })
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.chargeReference, chargeReference));
    const left = charged.amountCents - (totals?.refunded ?? 0);
    const amount = amountCents ?? left;
    if (left <= 0) return { ok: false, reason: `Charge ${chargeReference} has already been refunded.` };
    if (amount > left) {
      return {
        ok: false,
        reason: `Refund amount (${formatCents(amount)}) is greater than unrefunded amount on charge (${formatCents(left)}).`,
      };
    }
    const reference = `re_sandbox_${hex(12)}`;
    await tx
      .insert(sandboxRefunds)
      .values({ idempotencyKey, reference, chargeReference, amountCents: amount });
    if (amount === left) {
      await tx
        .update(sandboxCharges)
        .set({ refundedAt: sql`now()` })
        .where(eq(sandboxCharges.reference, chargeReference));
    }
    return { ok: true, reference };
  });
}

async function tokenize(db: Db, card: SandboxCardDetails, now: Date): Promise<SandboxCardToken> {
  const { number, brand } = validCard(card, now);
  const outcome = sandboxTestCards[number] ?? {};
  const token = `tok_sandbox_${hex(16)}`;
  const lastFour = number.slice(-4);
  await db.insert(sandboxCards).values({
    token,
    brand,
    lastFour,
    expirationMonth: card.expMonth,
    expirationYear: fullYear(card.expYear),
    saveDeclineReason: outcome.onSave ?? null,
    chargeDeclineReason: outcome.onCharge ?? null,
    authentication: outcome.authentication ?? null,
    createdAt: now,
  });
  return { token, brand, lastFour };
}

/**
 * The card's number (without spaces or dashes) and network, when every detail is valid: a number
 * passing the Luhn check of a network the product takes, a 3- or 4-digit CVC, an expiry not yet
 * past, and the billing address filled in. Otherwise InvalidCardDetailsError.
 */
export function validCard(card: SandboxCardDetails, now: Date): { number: string; brand: CardBrand } {
  const number = card.number.replace(/[\s-]/g, '');
  const brand = cardBrand(number);
  const problem =
    !isCreditCardNumber(number) ||
    brand === null ||
    !/^\d{3,4}$/.test(card.cvc.trim()) ||
    !isFutureExpiry(card.expMonth, card.expYear, now) ||
    [card.addressLine1, card.addressCity, card.addressState, card.addressPostalCode].some(
      (field) => field.trim() === '' || field.length > 200,
    );
  if (problem || brand === null) throw new InvalidCardDetailsError('The card details are not valid.');
  return { number, brand };
}

async function saveCard(db: Db, { token, customerReference }: SaveCardInput): Promise<SavedCard> {
  if (setupSecret.test(token)) return completeSetup(db, token, customerReference);
  const saved = await useCardToken(db, token);
  const customer = customerReference ?? `cus_sandbox_${hex(12)}`;
  if (saved.authentication !== null) await startSetupChallenge(db, token, customer);
  return toSavedCard(customer, saved);
}

/** Makes the card of a fresh token a payment method; a token is used once, refused if declined. */
async function useCardToken(db: Db, token: string): Promise<SandboxCardRow> {
  const [card] = await db.select().from(sandboxCards).where(eq(sandboxCards.token, token));
  if (!card || card.paymentMethodReference !== null) {
    throw new InvalidCardTokenError('The card token is unknown or was already used.');
  }
  if (card.saveDeclineReason) throw new CardDeclinedError(card.saveDeclineReason);
  // Conditional, so a token is used once also when two requests present it at the same moment.
  const [saved] = await db
    .update(sandboxCards)
    .set({ paymentMethodReference: `pm_sandbox_${hex(12)}` })
    .where(and(eq(sandboxCards.token, token), isNull(sandboxCards.paymentMethodReference)))
    .returning();
  if (!saved) throw new InvalidCardTokenError('The card token is unknown or was already used.');
  return saved;
}

/**
 * As a SetupIntent in requires_action: the bank wants the holder before the card is kept. Always
 * throws CardAuthenticationRequiredError with the setup's client secret.
 */
async function startSetupChallenge(db: Db, token: string, customerReference: string): Promise<never> {
  const reference = `seti_sandbox_${hex(12)}`;
  const clientSecret = `${reference}_secret_${hex(16)}`;
  await db.insert(sandboxSetups).values({
    reference,
    clientSecret,
    token,
    customerReference,
    status: 'requires_action',
  });
  throw new CardAuthenticationRequiredError(clientSecret);
}

/**
 * The second step of saving a card that needed authentication: the setup the client secret names
 * (the secret itself is the proof the caller started it) must have succeeded, for this customer.
 */
async function completeSetup(
  db: Db,
  clientSecret: string,
  customerReference: string | null,
): Promise<SavedCard> {
  const [row] = await db
    .select({ setup: sandboxSetups, card: sandboxCards })
    .from(sandboxSetups)
    .innerJoin(sandboxCards, eq(sandboxCards.token, sandboxSetups.token))
    .where(eq(sandboxSetups.clientSecret, clientSecret));
  if (!row || (customerReference !== null && row.setup.customerReference !== customerReference)) {
    throw new InvalidCardTokenError('The client secret names no setup of this customer.');
  }
  if (row.setup.status === 'requires_action') throw new CardAuthenticationRequiredError(clientSecret);
  if (row.setup.status === 'failed') throw new CardDeclinedError(authenticationFailedMessage);
  return toSavedCard(row.setup.customerReference, row.card);
}

async function charge(
  db: Db,
  { processorReference, amountCents, idempotencyKey }: ChargeInput,
): Promise<ChargeResult> {
  const [card] = await db
    .select()
    .from(sandboxCards)
    .where(eq(sandboxCards.paymentMethodReference, processorReference));
  const failureReason = card ? card.chargeDeclineReason : declineMessages.declined;
  const reference = `ch_sandbox_${hex(12)}`;
  const needsAuthentication = failureReason === null && card?.authentication === 'always';
  // The first attempt with a key decides; a repeat reads it back (as Stripe's idempotency does).
  await db
    .insert(sandboxCharges)
    .values({
      idempotencyKey,
      reference,
      paymentMethodReference: processorReference,
      amountCents,
      failureReason: needsAuthentication ? authenticationRequiredReason : failureReason,
      status: needsAuthentication ? 'requires_action' : failureReason ? 'failed' : 'succeeded',
      clientSecret: needsAuthentication ? `${reference}_secret_${hex(16)}` : null,
    })
    .onConflictDoNothing();
  const [recorded] = await db
    .select()
    .from(sandboxCharges)
    .where(eq(sandboxCharges.idempotencyKey, idempotencyKey));
  if (!recorded) throw new Error('The sandbox charge was not recorded.');
  return recordedChargeResult(recorded);
}

/** What a recorded sandbox charge answers the caller. */
export function recordedChargeResult(
  charge: Pick<SandboxChargeRow, 'status' | 'reference' | 'failureReason'>,
): ChargeResult {
  if (charge.status === 'succeeded') return { ok: true, reference: charge.reference };
  return {
    ok: false,
    reason: charge.failureReason ?? declineMessages.declined,
    ...(charge.status === 'requires_action' ? { authentication: { reference: charge.reference } } : {}),
  };
}

async function paymentAuthentication(db: Db, reference: string): Promise<PaymentAuthenticationState> {
  const [charge] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.reference, reference));
  if (!charge) throw new SandboxAuthenticationError(`No sandbox payment ${reference}.`);
  if (charge.status === 'succeeded') return { status: 'succeeded', reference: charge.reference };
  if (charge.status === 'requires_action' && charge.clientSecret) {
    return { status: 'requires_action', clientSecret: charge.clientSecret };
  }
  return { status: 'failed', reason: charge.failureReason ?? declineMessages.declined };
}

/** The bank's answer to the challenge of saving a card; only a setup still waiting takes one. */
async function answerSetupChallenge(
  db: Db,
  clientSecret: string,
  outcome: SandboxAuthenticationOutcome,
): Promise<void> {
  const answered = await db
    .update(sandboxSetups)
    .set({ status: outcome === 'approve' ? 'succeeded' : 'failed' })
    .where(and(eq(sandboxSetups.clientSecret, clientSecret), eq(sandboxSetups.status, 'requires_action')))
    .returning({ reference: sandboxSetups.reference });
  if (answered.length === 0) throw new SandboxAuthenticationError(unknownSecret);
}

/** The bank's answer to the challenge of a payment; only a payment still waiting takes one. */
async function answerPaymentChallenge(
  db: Db,
  clientSecret: string,
  outcome: SandboxAuthenticationOutcome,
): Promise<void> {
  const answered = await db
    .update(sandboxCharges)
    .set(
      outcome === 'approve'
        ? { status: 'succeeded', failureReason: null }
        : { status: 'failed', failureReason: authenticationFailedMessage },
    )
    .where(and(eq(sandboxCharges.clientSecret, clientSecret), eq(sandboxCharges.status, 'requires_action')))
    .returning({ reference: sandboxCharges.reference });
  if (answered.length === 0) throw new SandboxAuthenticationError(unknownSecret);
}

type SandboxCardRow = typeof sandboxCards.$inferSelect;
type SandboxChargeRow = typeof sandboxCharges.$inferSelect;

function toSavedCard(customerReference: string, card: SandboxCardRow): SavedCard {
  if (card.paymentMethodReference === null) throw new Error('The sandbox card was not saved.');
  return {
    customerReference,
    processorReference: card.paymentMethodReference,
    brand: card.brand as CardBrand,
    lastFour: card.lastFour,
    expirationMonth: card.expirationMonth,
    expirationYear: card.expirationYear,
  };
}

/** The card network from the number's leading digits; null for networks the product does not take. */
export function cardBrand(number: string): CardBrand | null {
  const firstFour = Number(number.slice(0, 4));
  if (/^4/.test(number)) return 'VISA';
  if (/^5[1-5]/.test(number) || (firstFour >= 2221 && firstFour <= 2720)) return 'MASTERCARD';
  if (/^3[47]/.test(number)) return 'AMEX';
  if (/^(6011|65|64[4-9])/.test(number)) return 'DISCOVER';
  return null;
}

function fullYear(year: number): number {
  return year < 100 ? 2000 + year : year;
}

/** A card is good through the last day of its expiry month. */
function isFutureExpiry(month: number, year: number, now: Date): boolean {
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year)) return false;
  const full = fullYear(year);
  if (full > now.getUTCFullYear() + 20) return false;
  return Date.UTC(full, month, 1) > now.getTime();
}
