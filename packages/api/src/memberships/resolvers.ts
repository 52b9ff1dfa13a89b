import { z } from 'zod';
import type { Resolvers } from '../generated/resolvers-types';
import { UnauthenticatedError } from '../identity';
import { parseInput, withServiceErrors } from '../kernel/graphql-errors';
import { idInput, marketplaceIdInput } from '../kernel/id-input';
import { IdempotencyKeyInProgressError, IdempotencyKeyReusedError } from '../kernel/idempotency';
import { PaymentDeclinedError, withWalletErrors } from '../payments';
import { listMembershipDefinitions, listPackages } from './catalog';
import { listMemberships, listPackageItems, membershipBalance, packageBalance } from './client-memberships';
import { cancelMembership, createMembership, purchasePackage, reactivateMembership } from './purchases';

const marketplaceId = marketplaceIdInput;
const paymentInstrumentId = idInput('Payment instrument');
const membershipId = idInput('Membership');

/** The client's key for one purchase attempt (as createAppointmentRequest's). */
const idempotencyKey = z
  .string()
  .trim()
  .min(1, 'idempotencyKey is required.')
  .max(200, 'idempotencyKey must be at most 200 characters.');

const purchasePackageInput = z.object({
  marketplaceId,
  idempotencyKey,
  packageId: idInput('Package'),
  paymentMethod: z.object({ paymentInstrumentId }),
});

const createMembershipArgs = z.object({
  marketplaceId,
  paymentInstrumentId,
  membershipDefinitionId: idInput('Membership definition'),
  idempotencyKey,
});

/**
 * withWalletErrors' codes, plus IDEMPOTENCY_KEY_REUSED for a key the client sent with another request
 * and IDEMPOTENCY_KEY_IN_PROGRESS while the first request with the key is still running.
 */
const withPurchaseErrors = <T>(call: () => Promise<T>): Promise<T> =>
  withServiceErrors(call, [
    { error: UnauthenticatedError, code: 'UNAUTHENTICATED' },
    { error: PaymentDeclinedError, code: 'PAYMENT_DECLINED' },
    { error: IdempotencyKeyReusedError, code: 'IDEMPOTENCY_KEY_REUSED' },
    // Not a refusal: the browser retries with the same key (graphql-client memberships/attempt-keys.ts).
    { error: IdempotencyKeyInProgressError, code: 'IDEMPOTENCY_KEY_IN_PROGRESS' },
  ]);

const ofMarketplace = (args: unknown) => parseInput(z.object({ marketplaceId }), args).marketplaceId;

export const membershipResolvers: Resolvers = {
  Mutation: {
    purchasePackage: (_parent, { input }, { checkout, identity }) => {
      const request = parseInput(purchasePackageInput, input);
      return withPurchaseErrors(() =>
        purchasePackage(checkout, identity.session, {
          marketplaceId: request.marketplaceId,
          packageId: request.packageId,
          paymentInstrumentId: request.paymentMethod.paymentInstrumentId,
          idempotencyKey: request.idempotencyKey,
        }),
      );
    },
    createMembership: (_parent, args, { checkout, identity }) => {
      const request = parseInput(createMembershipArgs, args);
      return withPurchaseErrors(() => createMembership(checkout, identity.session, request));
    },
    cancelMembership: (_parent, args, { checkout, identity }) => {
      const { id } = parseInput(z.object({ id: membershipId }), args);
      return withWalletErrors(() => cancelMembership(checkout, identity.session, id));
    },
    reactivateMembership: (_parent, args, { checkout, identity }) => {
      const { id, idempotencyKey: key } = parseInput(z.object({ id: membershipId, idempotencyKey }), args);
      return withPurchaseErrors(() =>
        reactivateMembership(checkout, identity.session, { membershipId: id, idempotencyKey: key }),
      );
    },
  },
  Marketplace: {
    membershipDefinitions: (marketplace, _args, { db }) =>
      listMembershipDefinitions(db, Number(marketplace.id)),
    packages: (marketplace, _args, { db }) => listPackages(db, Number(marketplace.id)),
  },
  User: {
    // The parent is the signed-in viewer (resolvers never hand out another client's User).
    memberships: (user, args, { db }) => listMemberships(db, Number(user.id), ofMarketplace(args)),
    packageItems: (user, args, { db, checkout }) =>
      listPackageItems(db, Number(user.id), ofMarketplace(args), checkout.clock()),
    membershipBalance: (user, args, { db, checkout }) =>
      membershipBalance(db, Number(user.id), ofMarketplace(args), checkout.clock()),
    packageBalance: (user, args, { db, checkout }) =>
      packageBalance(db, Number(user.id), ofMarketplace(args), checkout.clock()),
  },
};
