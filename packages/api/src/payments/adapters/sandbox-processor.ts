// The embedded payment processor: what Stripe does, kept in two tables of our own database so every
// API process agrees. Stripe's test card numbers decide the outcomes; any other valid number succeeds.
import { randomBytes } from 'node:crypto';
import { isCreditCardNumber } from '@atrium/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/database/database';
import type { CardBrand } from '../tables';
import { sandboxCards, sandboxCharges, sandboxSetups } from '../tables';
import {
  authenticationFailedMessage,
  authenticationRequiredReason,
  CardAuthenticationRequiredError,
  CardDeclinedError,
  type ChargeResult,
  InvalidCardTokenError,
  type PaymentAuthenticationState,
  type PaymentsProcessor,
  type SavedCard,
} from './payments-processor';

/** Card details as the sandbox card form sends them (spec 5: billing line 1, city, state, ZIP). */
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

/** Why a card's details were refused by the tokenizer (the spec's one message is shown for all). */
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
  /**
   * The second step of saving a card that needed authentication: the setup the client secret names
   * (the secret itself is the proof the caller started it) must have succeeded, for this customer.
   */
  async function completeSetup(clientSecret: string, customerReference: string | null): Promise<SavedCard> {
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

  return {
    name: 'sandbox',

    async tokenize(card, now = new Date()) {
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
    },

    async saveCard({ token, customerReference }): Promise<SavedCard> {
      if (setupSecret.test(token)) return completeSetup(token, customerReference);
      const [card] = await db.select().from(sandboxCards).where(eq(sandboxCards.token, token));
      if (!card || card.paymentMethodReference !== null) {
        throw new InvalidCardTokenError('The card token is unknown or was already used.');
      }
      if (card.saveDeclineReason) throw new CardDeclinedError(card.saveDeclineReason);
      const processorReference = `pm_sandbox_${hex(12)}`;
      // A token is used once, also when two requests present it at the same moment.
      const [saved] = await db
        .update(sandboxCards)
        .set({ paymentMethodReference: processorReference })
        .where(and(eq(sandboxCards.token, token), isNull(sandboxCards.paymentMethodReference)))
        .returning();
      if (!saved) throw new InvalidCardTokenError('The card token is unknown or was already used.');
      const customer = customerReference ?? `cus_sandbox_${hex(12)}`;
      if (saved.authentication !== null) {
        // As a SetupIntent in requires_action: the bank wants the holder before the card is kept.
        const reference = `seti_sandbox_${hex(12)}`;
        const clientSecret = `${reference}_secret_${hex(16)}`;
        await db.insert(sandboxSetups).values({
          reference,
          clientSecret,
          token,
          customerReference: customer,
          status: 'requires_action',
        });
        throw new CardAuthenticationRequiredError(clientSecret);
      }
      return toSavedCard(customer, saved);
    },

    async charge({ processorReference, amountCents, idempotencyKey }): Promise<ChargeResult> {
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
      const [charge] = await db
        .select()
        .from(sandboxCharges)
        .where(eq(sandboxCharges.idempotencyKey, idempotencyKey));
      if (!charge) throw new Error('The sandbox charge was not recorded.');
      if (charge.status === 'succeeded') return { ok: true, reference: charge.reference };
      return {
        ok: false,
        reason: charge.failureReason ?? declineMessages.declined,
        ...(charge.status === 'requires_action' ? { authentication: { reference: charge.reference } } : {}),
      };
    },

    async paymentAuthentication(reference): Promise<PaymentAuthenticationState> {
      const [charge] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.reference, reference));
      if (!charge) throw new SandboxAuthenticationError(`No sandbox payment ${reference}.`);
      if (charge.status === 'succeeded') return { status: 'succeeded', reference: charge.reference };
      if (charge.status === 'requires_action' && charge.clientSecret) {
        return { status: 'requires_action', clientSecret: charge.clientSecret };
      }
      return { status: 'failed', reason: charge.failureReason ?? declineMessages.declined };
    },

    async authenticate(clientSecret, outcome) {
      const approved = outcome === 'approve';
      if (setupSecret.test(clientSecret)) {
        const answered = await db
          .update(sandboxSetups)
          .set({ status: approved ? 'succeeded' : 'failed' })
          .where(
            and(eq(sandboxSetups.clientSecret, clientSecret), eq(sandboxSetups.status, 'requires_action')),
          )
          .returning({ reference: sandboxSetups.reference });
        if (answered.length === 0) throw new SandboxAuthenticationError(unknownSecret);
        return;
      }
      const answered = await db
        .update(sandboxCharges)
        .set(
          approved
            ? { status: 'succeeded', failureReason: null }
            : { status: 'failed', failureReason: authenticationFailedMessage },
        )
        .where(
          and(eq(sandboxCharges.clientSecret, clientSecret), eq(sandboxCharges.status, 'requires_action')),
        )
        .returning({ reference: sandboxCharges.reference });
      if (answered.length === 0) throw new SandboxAuthenticationError(unknownSecret);
    },

    async refund({ chargeReference }) {
      await db
        .update(sandboxCharges)
        .set({ refundedAt: sql`coalesce(${sandboxCharges.refundedAt}, now())` })
        .where(eq(sandboxCharges.reference, chargeReference));
    },
  };
}

function toSavedCard(customerReference: string, card: typeof sandboxCards.$inferSelect): SavedCard {
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
