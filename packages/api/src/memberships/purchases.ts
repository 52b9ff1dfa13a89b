// Buying packages and memberships with a saved card, cancelling and reactivating memberships (a
// purchase needs a saved card). Each purchase is an intent recorded before the processor is
// asked and settled from its answer (package-purchases.ts, membership-charges.ts), once per
// idempotency key of the client: a repeat of the same request gets the first answer and charges
// nothing more, also after a crash or a timeout (a repeat finding the first attempt dead takes its key
// over and finishes its intent with the processor); a decline creates nothing.
import { and, eq, isNull, ne } from 'drizzle-orm';
import { type RequestSession, requireSession, signInRequired, UnauthenticatedError } from '../identity';
import type { Db } from '../kernel/database/database';
import { InvalidInputError, NotFoundError } from '../kernel/errors';
import { largestId } from '../kernel/id-input';
import { fingerprint, withIdempotencyKey } from '../kernel/idempotency';
import { loadMarketplace } from '../kernel/marketplaces';
import type { PaymentsProcessor } from '../payments';
import { PaymentDeclinedError, paymentInstruments, walletMessages } from '../payments';
import {
  type MembershipView,
  type PackageItemView,
  toMembershipViews,
  toPackageItemView,
} from './client-memberships';
import {
  alreadyActiveMessage,
  chargeMembershipPeriod,
  driveMembershipCharge,
  lockClientMemberships,
  type MembershipChargeRow,
  type PaymentInstrumentRow,
  recordMembershipPurchase,
} from './membership-charges';
import { drivePackagePurchase, type PackagePurchaseRow, recordPackagePurchase } from './package-purchases';
import { utcDate } from './periods';
import {
  membershipCharges,
  membershipDefinitions,
  memberships,
  packageItems,
  packagePurchases,
  packages,
} from './tables';

/** What purchases need: the database, the payment processor and the clock. */
export interface MembershipPorts {
  db: Db;
  payments: { processor: PaymentsProcessor };
  clock: () => Date;
}

export const membershipMessages = {
  /** Purchasing a package or membership without a saved card. */
  paymentMethodRequired: 'Please add a payment method to purchase a package',
  alreadyActive: alreadyActiveMessage,
  membershipNotFound: (id: number) => `Membership ${id} was not found.`,
  definitionNotFound: (id: number, marketplaceId: number) =>
    `Membership definition ${id} was not found in marketplace ${marketplaceId}.`,
  packageNotFound: (id: number, marketplaceId: number) =>
    `Package ${id} was not found in marketplace ${marketplaceId}.`,
  chargeInProgress: 'This membership is being charged right now. Please try again in a moment.',
  purchaseInProgress: 'This purchase is still being processed. Please wait a moment and try again.',
} as const;

type MembershipRow = typeof memberships.$inferSelect;

/** Whose idempotency key it is: the signed-in client (as createAppointmentRequest's keys). */
const callerOf = (userId: number) => `user:${userId}`;

/**
 * Buys a package (one still sold): charges its price to one of the client's saved cards once, then
 * creates one package item per item definition (points as balance and total, expiring as the package says). Once per
 * idempotency key: a retry of the same purchase (after a timeout or a crash) finds its intent and
 * finishes it with the same processor key instead of charging again.
 */
export async function purchasePackage(
  ports: MembershipPorts,
  session: RequestSession,
  input: { marketplaceId: number; packageId: number; paymentInstrumentId: number; idempotencyKey: string },
): Promise<PackageItemView[]> {
  const { db } = ports;
  const { processor } = ports.payments;
  const { userId, marketplaceId } = await clientOfMarketplace(db, session, input.marketplaceId);
  const notFound = new NotFoundError(membershipMessages.packageNotFound(input.packageId, marketplaceId));
  if (input.packageId > largestId) throw notFound;
  const [pack] = await db
    .select()
    .from(packages)
    .where(
      and(
        eq(packages.id, input.packageId),
        eq(packages.marketplaceId, marketplaceId),
        isNull(packages.retiredAt),
      ),
    );
  if (!pack) throw notFound;
  const card = await savedCard(db, userId, input.paymentInstrumentId);
  chargeableBy(processor, card, pack.priceCents);

  const scope = {
    marketplaceId,
    caller: callerOf(userId),
    key: input.idempotencyKey,
    inProgressMessage: membershipMessages.purchaseInProgress,
    requestHash: fingerprint({ purchasePackage: { packageId: pack.id, paymentInstrumentId: card.id } }),
  };
  return withIdempotencyKey<PackageItemView[]>(db, ports.clock, scope, async (complete, claim) => {
    const now = ports.clock();
    const [earlier] = await db
      .select()
      .from(packagePurchases)
      .where(
        and(
          eq(packagePurchases.userId, userId),
          eq(packagePurchases.packageId, pack.id),
          eq(packagePurchases.clientKey, input.idempotencyKey),
          ne(packagePurchases.status, 'failed'),
        ),
      );
    // Recorded only while the key is still this request's: a repeat that took it over finds the intent.
    let purchase =
      earlier ??
      (await db.transaction(async (tx) => {
        await claim.hold(tx);
        return recordPackagePurchase(tx, {
          userId,
          packageId: pack.id,
          amountCents: pack.priceCents,
          instrument: card,
          clientKey: input.idempotencyKey,
          now,
        });
      }));
    if (purchase.status === 'pending') purchase = await drivePackagePurchase(db, processor, purchase, now);
    const items = await purchasedItems(db, purchase, pack.name);
    await complete(db, items);
    return items;
  });
}

/** What a settled purchase answers: its package items, or the reason it created none. */
async function purchasedItems(
  db: Db,
  purchase: PackagePurchaseRow,
  packageName: string,
): Promise<PackageItemView[]> {
  settledOrThrow(purchase);
  const items = await db
    .select()
    .from(packageItems)
    .where(eq(packageItems.packagePurchaseId, purchase.id))
    .orderBy(packageItems.id);
  return items.map((item) => toPackageItemView(item, packageName));
}

/**
 * Subscribes the client: charges the first period to the card once, makes the membership Active with
 * its renewal date one period ahead and grants the definition's package for that period (its items
 * expire on the renewal date). At most one Active membership per client and marketplace. Once per
 * idempotency key, as purchasePackage.
 */
export async function createMembership(
  ports: MembershipPorts,
  session: RequestSession,
  input: {
    marketplaceId: number;
    paymentInstrumentId: number;
    membershipDefinitionId: number;
    idempotencyKey: string;
  },
): Promise<MembershipView> {
  const { db } = ports;
  const { processor } = ports.payments;
  const { userId, marketplaceId } = await clientOfMarketplace(db, session, input.marketplaceId);
  const notFound = new NotFoundError(
    membershipMessages.definitionNotFound(input.membershipDefinitionId, marketplaceId),
  );
  if (input.membershipDefinitionId > largestId) throw notFound;
  const [definition] = await db
    .select()
    .from(membershipDefinitions)
    .where(
      and(
        eq(membershipDefinitions.id, input.membershipDefinitionId),
        eq(membershipDefinitions.marketplaceId, marketplaceId),
        isNull(membershipDefinitions.retiredAt),
      ),
    );
  if (!definition) throw notFound;
  const card = await savedCard(db, userId, input.paymentInstrumentId);
  chargeableBy(processor, card, definition.priceCents);

  const scope = {
    marketplaceId,
    caller: callerOf(userId),
    key: input.idempotencyKey,
    inProgressMessage: membershipMessages.purchaseInProgress,
    requestHash: fingerprint({
      createMembership: { membershipDefinitionId: definition.id, paymentInstrumentId: card.id },
    }),
  };
  return withIdempotencyKey<MembershipView>(db, ports.clock, scope, async (complete, claim) => {
    const now = ports.clock();
    const [earlier] = await db
      .select()
      .from(membershipCharges)
      .where(
        and(
          eq(membershipCharges.userId, userId),
          eq(membershipCharges.membershipDefinitionId, definition.id),
          eq(membershipCharges.clientKey, input.idempotencyKey),
          ne(membershipCharges.status, 'failed'),
        ),
      );
    let charge: MembershipChargeRow | undefined = earlier;
    if (!charge) {
      if (await activeMembershipId(db, userId, marketplaceId, null)) {
        throw new InvalidInputError(membershipMessages.alreadyActive);
      }
      charge = await db.transaction(async (tx) => {
        await claim.hold(tx);
        return recordMembershipPurchase(tx, {
          userId,
          membershipDefinitionId: definition.id,
          periodStart: utcDate(now),
          amountCents: definition.priceCents,
          instrument: card,
          clientKey: input.idempotencyKey,
          now,
        });
      });
    }
    if (charge.status === 'pending') charge = await driveMembershipCharge(db, processor, charge, now);
    settledOrThrow(charge);
    if (charge.membershipId === null) throw new Error(`Membership charge ${charge.id} made no membership.`);
    const view = only(await toMembershipViews(db, [await ownMembership(db, userId, charge.membershipId)]));
    await complete(db, view);
    return view;
  });
}

/** Cancelled: no further renewal charges; its benefits are good until the renewal date. */
export async function cancelMembership(
  ports: MembershipPorts,
  session: RequestSession,
  membershipId: number,
): Promise<MembershipView> {
  const { db } = ports;
  const userId = (await requireSession(session)).userId;
  const membership = await ownMembership(db, userId, membershipId);
  if (membership.status === 'Cancelled') return only(await toMembershipViews(db, [membership]));
  const [cancelled] = await db
    .update(memberships)
    .set({ status: 'Cancelled', updatedAt: ports.clock() })
    .where(eq(memberships.id, membership.id))
    .returning();
  return only(await toMembershipViews(db, [cancelled ?? membership]));
}

/**
 * Active again. Before the renewal date the period is already paid, so nothing is charged; from the
 * renewal date on, the primary card is charged and the membership runs one period from today (with
 * a new package for it). Once per idempotency key; the (membership, period) charge row also keeps a
 * repeated click from charging today's period twice.
 */
export async function reactivateMembership(
  ports: MembershipPorts,
  session: RequestSession,
  input: { membershipId: number; idempotencyKey: string },
): Promise<MembershipView> {
  const { db } = ports;
  const userId = (await requireSession(session)).userId;
  const membership = await ownMembership(db, userId, input.membershipId);
  const scope = {
    marketplaceId: membership.marketplaceId,
    caller: callerOf(userId),
    key: input.idempotencyKey,
    inProgressMessage: membershipMessages.purchaseInProgress,
    requestHash: fingerprint({ reactivateMembership: { membershipId: membership.id } }),
  };
  return withIdempotencyKey<MembershipView>(db, ports.clock, scope, async (complete, claim) => {
    const reactivated = await reactivate(ports, userId, membership.id, claim.resumed);
    const view = only(await toMembershipViews(db, [reactivated]));
    await complete(db, view);
    return view;
  });
}

async function reactivate(
  ports: MembershipPorts,
  userId: number,
  membershipId: number,
  resumed: boolean,
): Promise<MembershipRow> {
  const { db } = ports;
  const membership = await ownMembership(db, userId, membershipId);
  if (membership.status === 'Active') return membership;
  const now = ports.clock();
  const today = utcDate(now);

  if (today < membership.renewalDate) {
    await db.transaction(async (tx) => {
      await lockClientMemberships(tx, userId);
      if (await activeMembershipId(tx, userId, membership.marketplaceId, membership.id)) {
        throw new InvalidInputError(membershipMessages.alreadyActive);
      }
      await tx
        .update(memberships)
        .set({ status: 'Active', updatedAt: now })
        .where(eq(memberships.id, membership.id));
    });
    return ownMembership(db, userId, membership.id);
  }

  const [card] = await db
    .select()
    .from(paymentInstruments)
    .where(
      and(
        eq(paymentInstruments.userId, userId),
        eq(paymentInstruments.isPrimary, true),
        isNull(paymentInstruments.deletedAt),
      ),
    );
  if (!card) throw new InvalidInputError(membershipMessages.paymentMethodRequired);
  if (await activeMembershipId(db, userId, membership.marketplaceId, membership.id)) {
    throw new InvalidInputError(membershipMessages.alreadyActive);
  }
  const [definition] = await db
    .select()
    .from(membershipDefinitions)
    .where(eq(membershipDefinitions.id, membership.membershipDefinitionId));
  if (!definition) throw new Error(`Membership definition ${membership.membershipDefinitionId} vanished.`);
  const result = await chargeMembershipPeriod(db, ports.payments.processor, {
    kind: 'reactivation',
    membershipId: membership.id,
    userId,
    membershipDefinitionId: definition.id,
    periodStart: today,
    amountCents: membership.priceCents,
    instrument: card,
    now,
    retryFailedBefore: now,
    // Taken over from a request that died: today's pending charge is most likely its own.
    resumePending: resumed,
  });
  if (result.outcome === 'declined') throw new PaymentDeclinedError(result.reason);
  if (result.outcome === 'refunded') throw new InvalidInputError(result.reason);
  const current = await ownMembership(db, userId, membership.id);
  // Skipped: today's period was paid already (a repeated click) or is being charged right now.
  if (result.outcome === 'skipped' && current.status !== 'Active') {
    throw new InvalidInputError(membershipMessages.chargeInProgress);
  }
  return current;
}

/** The signed-in client and a marketplace of their group (NOT_FOUND for an unknown one). */
async function clientOfMarketplace(
  db: Db,
  session: RequestSession,
  marketplaceId: number,
): Promise<{ userId: number; marketplaceId: number }> {
  const current = await requireSession(session);
  const marketplace = await loadMarketplace(db, marketplaceId);
  // A session belongs to one marketplace group; elsewhere the client is not signed in.
  if (marketplace.mgId !== current.mgId) throw new UnauthenticatedError(signInRequired);
  return { userId: current.userId, marketplaceId: marketplace.id };
}

/**
 * One of the client's saved cards. Without any saved card, the payment-method message
 * (BAD_USER_INPUT); a card that is not theirs (or was deleted) is NOT_FOUND.
 */
async function savedCard(db: Db, userId: number, instrumentId: number): Promise<PaymentInstrumentRow> {
  const cards = await db
    .select()
    .from(paymentInstruments)
    .where(and(eq(paymentInstruments.userId, userId), isNull(paymentInstruments.deletedAt)));
  if (cards.length === 0) throw new InvalidInputError(membershipMessages.paymentMethodRequired);
  const card = cards.find((row) => row.id === instrumentId);
  if (!card) throw new NotFoundError(walletMessages.notYourCard(instrumentId));
  return card;
}

async function ownMembership(db: Db, userId: number, membershipId: number): Promise<MembershipRow> {
  const notFound = new NotFoundError(membershipMessages.membershipNotFound(membershipId));
  if (membershipId > largestId) throw notFound;
  const [row] = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.id, membershipId), eq(memberships.userId, userId)));
  if (!row) throw notFound;
  return row;
}

/** The id of the client's Active membership at a marketplace other than `except`, if any. */
async function activeMembershipId(
  db: Db,
  userId: number,
  marketplaceId: number,
  except: number | null,
): Promise<number | null> {
  const [row] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .where(
      and(
        eq(memberships.userId, userId),
        eq(memberships.marketplaceId, marketplaceId),
        eq(memberships.status, 'Active'),
        except === null ? undefined : ne(memberships.id, except),
      ),
    );
  return row?.id ?? null;
}

/**
 * A paid item needs a card of the processor in use (a card saved under another processor cannot be
 * charged): the payment-method message, before anything is recorded.
 */
function chargeableBy(processor: PaymentsProcessor, card: PaymentInstrumentRow, amountCents: number): void {
  if (amountCents > 0 && card.processor !== processor.name) {
    throw new InvalidInputError(membershipMessages.paymentMethodRequired);
  }
}

/**
 * A settled intent that created nothing answers with its reason: PAYMENT_DECLINED for the
 * processor's refusal, BAD_USER_INPUT for a charge given back (another membership became Active).
 */
function settledOrThrow(intent: { id: number; status: string; failureReason: string | null }): void {
  const reason = intent.failureReason ?? '';
  if (intent.status === 'failed') throw new PaymentDeclinedError(reason);
  if (intent.status === 'refunded') throw new InvalidInputError(reason);
  if (intent.status !== 'succeeded') throw new Error(`Purchase intent ${intent.id} is still pending.`);
}

function only<T>(views: T[]): T {
  const [view] = views;
  if (view === undefined) throw new Error('Expected one row.');
  return view;
}
