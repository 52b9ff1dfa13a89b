// Buying packages and memberships with a saved card, cancelling and reactivating memberships (spec 3,
// spec 5: a purchase needs a saved card). Each purchase asks the processor once, with its own
// idempotency key; a decline creates nothing.
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../adapters/database/database';
import type { PaymentsProcessor } from '../../adapters/payments/payments-processor';
import {
  membershipCharges,
  membershipDefinitions,
  memberships,
  packagePurchases,
  packages,
  paymentInstruments,
} from '../../db/checkout-schema';
import { largestId, loadMarketplace } from '../checkout/cart-pricing';
import { PaymentDeclinedError } from '../checkout/errors';
import { InvalidInputError, NotFoundError } from '../errors';
import { signInRequired, UnauthenticatedError } from '../identity/errors';
import { type RequestSession, requireSession } from '../identity/sessions';
import { walletMessages } from '../wallet/payment-instruments';
import {
  type MembershipView,
  type PackageItemView,
  toMembershipViews,
  toPackageItemView,
} from './client-memberships';
import {
  chargeMembershipPeriod,
  grantPackage,
  lockClientMemberships,
  type PaymentInstrumentRow,
  purchaseKey,
} from './membership-charges';
import { addPeriod, startOfUtcDate, utcDate } from './periods';

/** What purchases need: the database, the payment processor and the clock. */
export interface MembershipPorts {
  db: Db;
  payments: { processor: PaymentsProcessor };
  clock: () => Date;
}

export const membershipMessages = {
  /** Spec 5: purchasing a package or membership without a saved card. */
  paymentMethodRequired: 'Please add a payment method to purchase a package',
  alreadyActive: 'You already have an active membership at this marketplace.',
  membershipNotFound: (id: number) => `Membership ${id} was not found.`,
  definitionNotFound: (id: number, marketplaceId: number) =>
    `Membership definition ${id} was not found in marketplace ${marketplaceId}.`,
  packageNotFound: (id: number, marketplaceId: number) =>
    `Package ${id} was not found in marketplace ${marketplaceId}.`,
  chargeInProgress: 'This membership is being charged right now. Please try again in a moment.',
} as const;

type MembershipRow = typeof memberships.$inferSelect;

/**
 * Buys a package: charges its price to one of the client's saved cards once, then creates one
 * package item per item definition (points as balance and total; they do not expire).
 */
export async function purchasePackage(
  ports: MembershipPorts,
  session: RequestSession,
  input: { marketplaceId: number; packageId: number; paymentInstrumentId: number },
): Promise<PackageItemView[]> {
  const { db } = ports;
  const { userId, marketplaceId } = await clientOfMarketplace(db, session, input.marketplaceId);
  const notFound = new NotFoundError(membershipMessages.packageNotFound(input.packageId, marketplaceId));
  if (input.packageId > largestId) throw notFound;
  const [pack] = await db
    .select()
    .from(packages)
    .where(and(eq(packages.id, input.packageId), eq(packages.marketplaceId, marketplaceId)));
  if (!pack) throw notFound;
  const card = await savedCard(db, userId, input.paymentInstrumentId);

  const idempotencyKey = purchaseKey('package', userId);
  const reference = await chargeOnce(
    ports.payments.processor,
    card,
    pack.priceCents,
    idempotencyKey,
    `Package ${pack.id}`,
  );
  const now = ports.clock();
  const items = await afterCharge(ports.payments.processor, reference, () =>
    db.transaction(async (tx) => {
      const [purchase] = await tx
        .insert(packagePurchases)
        .values({
          userId,
          packageId: pack.id,
          paymentInstrumentId: card.id,
          amountCents: pack.priceCents,
          idempotencyKey,
          processorReference: reference,
          createdAt: now,
        })
        .returning({ id: packagePurchases.id });
      if (!purchase) throw new Error('The package purchase was not recorded.');
      return grantPackage(tx, {
        userId,
        packageId: pack.id,
        membershipId: null,
        packagePurchaseId: purchase.id,
        expiresAt: null,
        now,
      });
    }),
  );
  return items.map((item) => toPackageItemView(item, pack.name));
}

/**
 * Subscribes the client: charges the first period to the card once, makes the membership Active with
 * its renewal date one period ahead and grants the definition's package for that period (its items
 * expire on the renewal date). At most one Active membership per client and marketplace.
 */
export async function createMembership(
  ports: MembershipPorts,
  session: RequestSession,
  input: { marketplaceId: number; paymentInstrumentId: number; membershipDefinitionId: number },
): Promise<MembershipView> {
  const { db } = ports;
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
      ),
    );
  if (!definition) throw notFound;
  const card = await savedCard(db, userId, input.paymentInstrumentId);
  if (await activeMembershipId(db, userId, marketplaceId, null)) {
    throw new InvalidInputError(membershipMessages.alreadyActive);
  }

  const now = ports.clock();
  const periodStart = utcDate(now);
  const renewalDate = addPeriod(periodStart, definition.period);
  const idempotencyKey = purchaseKey('membership', userId);
  const reference = await chargeOnce(
    ports.payments.processor,
    card,
    definition.priceCents,
    idempotencyKey,
    `Membership ${definition.name}`,
  );
  const created = await afterCharge(ports.payments.processor, reference, () =>
    db.transaction(async (tx) => {
      await lockClientMemberships(tx, userId);
      // memberships_one_active_idx: a concurrent purchase that became Active first wins.
      const [row] = await tx
        .insert(memberships)
        .values({
          userId,
          membershipDefinitionId: definition.id,
          marketplaceId,
          status: 'Active',
          renewalDate,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) throw new InvalidInputError(membershipMessages.alreadyActive);
      await tx.insert(membershipCharges).values({
        membershipId: row.id,
        periodStart,
        amountCents: definition.priceCents,
        status: 'succeeded',
        idempotencyKey,
        paymentInstrumentId: card.id,
        processorReference: reference,
        createdAt: now,
        updatedAt: now,
      });
      if (definition.packageId !== null) {
        await grantPackage(tx, {
          userId,
          packageId: definition.packageId,
          membershipId: row.id,
          packagePurchaseId: null,
          expiresAt: startOfUtcDate(renewalDate),
          now,
        });
      }
      return row;
    }),
  );
  return only(await toMembershipViews(db, [created]));
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
 * a new package for it).
 */
export async function reactivateMembership(
  ports: MembershipPorts,
  session: RequestSession,
  membershipId: number,
): Promise<MembershipView> {
  const { db } = ports;
  const userId = (await requireSession(session)).userId;
  const membership = await ownMembership(db, userId, membershipId);
  if (membership.status === 'Active') return only(await toMembershipViews(db, [membership]));
  const now = ports.clock();
  const today = utcDate(now);

  const makeActive = async (
    tx: Parameters<Parameters<Db['transaction']>[0]>[0],
    renewalDate: string,
  ): Promise<void> => {
    await lockClientMemberships(tx, userId);
    if (await activeMembershipId(tx, userId, membership.marketplaceId, membership.id)) {
      throw new InvalidInputError(membershipMessages.alreadyActive);
    }
    await tx
      .update(memberships)
      .set({ status: 'Active', renewalDate, updatedAt: now })
      .where(eq(memberships.id, membership.id));
  };

  if (today < membership.renewalDate) {
    await db.transaction((tx) => makeActive(tx, membership.renewalDate));
    return only(await toMembershipViews(db, [await ownMembership(db, userId, membership.id)]));
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
  const renewalDate = addPeriod(today, definition.period);
  const result = await chargeMembershipPeriod(db, ports.payments.processor, {
    membershipId: membership.id,
    periodStart: today,
    amountCents: definition.priceCents,
    instrument: card,
    now,
    retryFailedBefore: now,
    onPaid: async (tx) => {
      await makeActive(tx, renewalDate);
      if (definition.packageId !== null) {
        await grantPackage(tx, {
          userId,
          packageId: definition.packageId,
          membershipId: membership.id,
          packagePurchaseId: null,
          expiresAt: startOfUtcDate(renewalDate),
          now,
        });
      }
    },
  });
  if (result.outcome === 'declined') throw new PaymentDeclinedError(result.reason);
  const current = await ownMembership(db, userId, membership.id);
  // Skipped: today's period was paid already (a repeated click) or is being charged right now.
  if (result.outcome === 'skipped' && current.status !== 'Active') {
    throw new InvalidInputError(membershipMessages.chargeInProgress);
  }
  return only(await toMembershipViews(db, [current]));
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
 * One of the client's saved cards. Without any saved card, spec 5's message (BAD_USER_INPUT); a card
 * that is not theirs (or was deleted) is NOT_FOUND.
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

/** Charges a card once (nothing for a free item); PAYMENT_DECLINED with the processor's reason. */
async function chargeOnce(
  processor: PaymentsProcessor,
  card: PaymentInstrumentRow,
  amountCents: number,
  idempotencyKey: string,
  description: string,
): Promise<string | null> {
  if (amountCents === 0) return null;
  if (card.processor !== processor.name) {
    throw new InvalidInputError(membershipMessages.paymentMethodRequired);
  }
  const result = await processor.charge({
    customerReference: card.customerReference,
    processorReference: card.processorReference,
    amountCents,
    idempotencyKey,
    description,
  });
  if (!result.ok) throw new PaymentDeclinedError(result.reason);
  return result.reference;
}

/** Runs what a charge pays for; when that fails, the charge is given back before the error goes on. */
async function afterCharge<T>(
  processor: PaymentsProcessor,
  reference: string | null,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (reference !== null) {
      await processor.refund({ chargeReference: reference, idempotencyKey: `atrium-refund-${reference}` });
    }
    throw error;
  }
}

function only<T>(views: T[]): T {
  const [view] = views;
  if (view === undefined) throw new Error('Expected one row.');
  return view;
}
