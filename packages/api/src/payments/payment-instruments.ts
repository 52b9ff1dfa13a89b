// The client's wallet (the Wallet tab of /profile): saved cards, one of them primary. The card
// itself stays with the payment processor; only what identifies it is kept. Checkout saves cards
// through the same functions, so a card added either way follows the same rules.
import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import { type RequestSession, requireSession } from '../identity';
import type { Db } from '../kernel/database/database';
import { InvalidInputError, NotFoundError } from '../kernel/errors';
import type { Payments } from './adapters/create-payments-processor';
import {
  CardDeclinedError,
  type CardIdentity,
  InvalidCardTokenError,
  CardAuthenticationRequiredError as ProcessorAuthenticationRequired,
  type SavedCard,
} from './adapters/payments-processor';
import { CardAuthenticationRequiredError, cardErrorMessage, PaymentDeclinedError } from './errors';
import { type PaymentProcessorName, paymentInstruments } from './tables';

export interface PaymentInstrumentView {
  id: string;
  brand: string;
  lastFour: string;
  expirationMonth: number;
  expirationYear: number;
  isPrimary: boolean;
}

/** What the wallet operations need. */
export interface WalletPorts {
  db: Db;
  payments: Payments;
  clock: () => Date;
}

type PaymentInstrumentRow = typeof paymentInstruments.$inferSelect;

// Ids are PostgreSQL integers; larger numbers cannot name a row.
const largestId = 2_147_483_647;
// Arbitrary but fixed: the first key of the per-client wallet lock (the second is the user id).
const walletLockSpace = 727_105_021;

export const walletMessages = {
  notYourCard: (id: number) => `Payment instrument ${id} is not one of your saved cards.`,
} as const;

/** A client's saved cards (not deleted): the primary card first, then the newest. */
export async function listPaymentInstruments(db: Db, userId: number): Promise<PaymentInstrumentView[]> {
  const rows = await db
    .select()
    .from(paymentInstruments)
    .where(and(eq(paymentInstruments.userId, userId), isNull(paymentInstruments.deletedAt)))
    .orderBy(
      desc(paymentInstruments.isPrimary),
      desc(paymentInstruments.createdAt),
      desc(paymentInstruments.id),
    );
  return rows.map(toPaymentInstrumentView);
}

/** The id of a client's primary card, or null without saved cards. */
export async function primaryInstrumentId(db: Db, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ id: paymentInstruments.id })
    .from(paymentInstruments)
    .where(
      and(
        eq(paymentInstruments.userId, userId),
        eq(paymentInstruments.isPrimary, true),
        isNull(paymentInstruments.deletedAt),
      ),
    );
  return row ? String(row.id) : null;
}

/** The processor's customer of a client: the one their earlier cards were saved for, if any. */
export async function customerReferenceOf(
  db: Db,
  userId: number,
  processor: PaymentProcessorName,
): Promise<string | null> {
  const [row] = await db
    .select({ customerReference: paymentInstruments.customerReference })
    .from(paymentInstruments)
    .where(and(eq(paymentInstruments.userId, userId), sql`${paymentInstruments.processor} = ${processor}`))
    .orderBy(paymentInstruments.id)
    .limit(1);
  return row?.customerReference ?? null;
}

/**
 * Has the processor save and verify a card the browser tokenized, for the client's processor
 * customer when they have one (userId null: a new client). A refused card is PaymentDeclinedError
 * with the processor's reason; an unusable token the card form's message; a card whose bank
 * asks for authentication CardAuthenticationRequiredError (the caller resubmits with its client
 * secret as the token, nothing having been written).
 */
export async function verifyNewCard(
  db: Db,
  payments: Payments,
  userId: number | null,
  card: { token: string; identity: CardIdentity },
): Promise<SavedCard> {
  const customerReference =
    userId === null ? null : await customerReferenceOf(db, userId, payments.processor.name);
  try {
    return await payments.processor.saveCard({ ...card, customerReference });
  } catch (error) {
    if (error instanceof CardDeclinedError) throw new PaymentDeclinedError(error.message);
    if (error instanceof ProcessorAuthenticationRequired) {
      throw new CardAuthenticationRequiredError(error.clientSecret);
    }
    if (error instanceof InvalidCardTokenError) throw new InvalidInputError(cardErrorMessage);
    throw error;
  }
}

/**
 * Stores a card the processor saved. Listed in the wallet, the client's first card becomes the
 * primary one; otherwise (a card entered as a guest for someone else's existing account) it is kept
 * for its request only, deleted from the start. Run it inside a transaction.
 */
export async function saveInstrument(
  tx: Db,
  userId: number,
  processor: PaymentProcessorName,
  card: SavedCard,
  listedInWallet: boolean,
  now: Date,
): Promise<PaymentInstrumentRow> {
  await lockWallet(tx, userId);
  const primary = await primaryInstrumentId(tx, userId);
  const [row] = await tx
    .insert(paymentInstruments)
    .values({
      userId,
      processor,
      ...card,
      isPrimary: listedInWallet && primary === null,
      createdAt: now,
      deletedAt: listedInWallet ? null : now,
    })
    .returning();
  if (!row) throw new Error('The payment instrument was not saved.');
  return row;
}

/** Saves a tokenized card to the signed-in client's wallet; the first card becomes primary. */
export async function addPaymentInstrument(
  ports: WalletPorts,
  session: RequestSession,
  card: { token: string; identity: CardIdentity },
): Promise<PaymentInstrumentView> {
  const userId = (await requireSession(session)).userId;
  const saved = await verifyNewCard(ports.db, ports.payments, userId, card);
  const row = await ports.db.transaction((tx) =>
    saveInstrument(tx, userId, ports.payments.processor.name, saved, true, ports.clock()),
  );
  return toPaymentInstrumentView(row);
}

/**
 * Removes a card from the signed-in client's wallet. The row stays (past requests and charges point
 * at it). When it was the primary card, the newest remaining card becomes primary.
 */
export async function deletePaymentInstrument(
  ports: WalletPorts,
  session: RequestSession,
  instrumentId: number,
): Promise<true> {
  const userId = (await requireSession(session)).userId;
  await ports.db.transaction(async (tx) => {
    await lockWallet(tx, userId);
    const card = await ownCard(tx, userId, instrumentId);
    await tx
      .update(paymentInstruments)
      .set({ deletedAt: ports.clock(), isPrimary: false })
      .where(eq(paymentInstruments.id, card.id));
    if (!card.isPrimary) return;
    const [newest] = await tx
      .select({ id: paymentInstruments.id })
      .from(paymentInstruments)
      .where(and(eq(paymentInstruments.userId, userId), isNull(paymentInstruments.deletedAt)))
      .orderBy(desc(paymentInstruments.createdAt), desc(paymentInstruments.id))
      .limit(1);
    if (newest) {
      await tx
        .update(paymentInstruments)
        .set({ isPrimary: true })
        .where(eq(paymentInstruments.id, newest.id));
    }
  });
  return true;
}

/**
 * Makes one of the signed-in client's cards the primary card. The old primary is cleared first, in
 * the same transaction, so the one-primary index (payment_instruments_one_primary_idx) always holds.
 */
export async function setPrimaryPaymentInstrument(
  ports: WalletPorts,
  session: RequestSession,
  instrumentId: number,
): Promise<PaymentInstrumentView> {
  const userId = (await requireSession(session)).userId;
  const row = await ports.db.transaction(async (tx) => {
    await lockWallet(tx, userId);
    const card = await ownCard(tx, userId, instrumentId);
    if (card.isPrimary) return card;
    await tx
      .update(paymentInstruments)
      .set({ isPrimary: false })
      .where(
        and(
          eq(paymentInstruments.userId, userId),
          eq(paymentInstruments.isPrimary, true),
          ne(paymentInstruments.id, card.id),
        ),
      );
    const [updated] = await tx
      .update(paymentInstruments)
      .set({ isPrimary: true })
      .where(eq(paymentInstruments.id, card.id))
      .returning();
    if (!updated) throw new Error(`Payment instrument ${card.id} vanished.`);
    return updated;
  });
  return toPaymentInstrumentView(row);
}

/** One of the client's cards still in the wallet; NOT_FOUND for anyone else's or a deleted one. */
async function ownCard(tx: Db, userId: number, instrumentId: number): Promise<PaymentInstrumentRow> {
  const notFound = new NotFoundError(walletMessages.notYourCard(instrumentId));
  if (instrumentId > largestId) throw notFound;
  const [row] = await tx
    .select()
    .from(paymentInstruments)
    .where(
      and(
        eq(paymentInstruments.id, instrumentId),
        eq(paymentInstruments.userId, userId),
        isNull(paymentInstruments.deletedAt),
      ),
    );
  if (!row) throw notFound;
  return row;
}

/**
 * Changes to one client's wallet take turns (a transaction-level advisory lock), so two cards added
 * at once cannot both become the first, primary card.
 */
async function lockWallet(tx: Db, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${walletLockSpace}, ${userId})`);
}

function toPaymentInstrumentView(row: PaymentInstrumentRow): PaymentInstrumentView {
  return {
    id: String(row.id),
    brand: row.brand,
    lastFour: row.lastFour,
    expirationMonth: row.expirationMonth,
    expirationYear: row.expirationYear,
    isPrimary: row.isPrimary,
  };
}
