// The embedded payment processor: what Stripe does, kept in two tables of our own database so every
// API process agrees. Stripe's test card numbers decide the outcomes; any other valid number succeeds.
import { randomBytes } from 'node:crypto';
import { isCreditCardNumber } from '@atrium/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { CardBrand } from '../../db/checkout-schema';
import { sandboxCards, sandboxCharges } from '../../db/checkout-schema';
import type { Db } from '../database/database';
import {
  CardDeclinedError,
  type ChargeResult,
  InvalidCardTokenError,
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
 * are declined outright; insufficient funds and 4000000000000341 only fail when charged.
 */
export const sandboxTestCards: Record<string, { onSave?: string; onCharge?: string }> = {
  '4000000000000002': { onSave: declineMessages.declined },
  '4000000000000069': { onSave: declineMessages.expired },
  '4000000000000127': { onSave: declineMessages.incorrectCvc },
  '4000000000009995': { onCharge: declineMessages.insufficientFunds },
  '4000000000000341': { onCharge: declineMessages.declined },
};

export interface SandboxProcessor extends PaymentsProcessor {
  readonly name: 'sandbox';
  /** What Stripe.js does in the browser: card details in, a single-use token out. */
  tokenize(card: SandboxCardDetails, now?: Date): Promise<SandboxCardToken>;
}

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

export function createSandboxProcessor(db: Db): SandboxProcessor {
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
        createdAt: now,
      });
      return { token, brand, lastFour };
    },

    async saveCard({ token, customerReference }): Promise<SavedCard> {
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
      return {
        customerReference: customerReference ?? `cus_sandbox_${hex(12)}`,
        processorReference,
        brand: saved.brand as CardBrand,
        lastFour: saved.lastFour,
        expirationMonth: saved.expirationMonth,
        expirationYear: saved.expirationYear,
      };
    },

    async charge({ processorReference, amountCents, idempotencyKey }): Promise<ChargeResult> {
      const [card] = await db
        .select()
        .from(sandboxCards)
        .where(eq(sandboxCards.paymentMethodReference, processorReference));
      const failureReason = card ? card.chargeDeclineReason : declineMessages.declined;
      // The first attempt with a key decides; a repeat reads it back (as Stripe's idempotency does).
      await db
        .insert(sandboxCharges)
        .values({
          idempotencyKey,
          reference: `ch_sandbox_${hex(12)}`,
          paymentMethodReference: processorReference,
          amountCents,
          failureReason,
        })
        .onConflictDoNothing();
      const [charge] = await db
        .select()
        .from(sandboxCharges)
        .where(eq(sandboxCharges.idempotencyKey, idempotencyKey));
      if (!charge) throw new Error('The sandbox charge was not recorded.');
      return charge.failureReason
        ? { ok: false, reason: charge.failureReason }
        : { ok: true, reference: charge.reference };
    },

    async refund({ chargeReference }) {
      await db
        .update(sandboxCharges)
        .set({ refundedAt: sql`coalesce(${sandboxCharges.refundedAt}, now())` })
        .where(eq(sandboxCharges.reference, chargeReference));
    },
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
