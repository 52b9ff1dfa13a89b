import { membershipOffer, packageOffer, promoCodeOffer } from '@atrium/domain';
import { z } from 'zod';
import type { Resolvers } from '../../generated/resolvers-types';
import { ForbiddenError, type RequestSession, UnauthenticatedError } from '../../identity';
import type { Db } from '../../kernel/database/database';
import { parseInput, withServiceErrors } from '../../kernel/graphql-errors';
import { idInput, marketplaceIdInput } from '../../kernel/id-input';
import { requireStaff } from '../access';
import {
  staffCreateMembershipDefinition,
  staffMembershipDefinitions,
  staffRetireMembershipDefinition,
  staffUpdateMembershipDefinition,
} from './memberships';
import { offerChoices, PromoCodeTakenError } from './offer-common';
import { staffCreatePackage, staffPackages, staffRetirePackage, staffUpdatePackage } from './packages';
import {
  type OffersContext,
  staffCreatePromoCode,
  staffPromoCodes,
  staffSetPromoCodePaused,
  staffUpdatePromoCode,
} from './promo-codes';

const marketplaceArgs = z.object({ marketplaceId: marketplaceIdInput });

/** GraphQL leaves out what it was not given; the domain's rules take null for "none". */
const withNulls =
  (
    keys: readonly string[],
    map: (input: Record<string, unknown>) => Record<string, unknown> = (input) => input,
  ) =>
  (input: unknown) => {
    if (typeof input !== 'object' || input === null) return input;
    const given = map(input as Record<string, unknown>);
    return { ...Object.fromEntries(keys.map((key) => [key, null])), ...given, ...nullsOf(given) };
  };
const nullsOf = (input: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(input).map(([key, value]) => [key, value ?? null]));

const promoInput = z.preprocess(
  withNulls(
    ['serviceIds', 'minimumOrder', 'startsAt', 'endsAt', 'usageLimit', 'perClientLimit'],
    (input) => ({ ...input, kind: typeof input.kind === 'string' ? input.kind.toLowerCase() : input.kind }),
  ),
  promoCodeOffer,
);
const promoArgs = marketplaceArgs.extend({ input: promoInput });
const promoIdArgs = marketplaceArgs.extend({ id: idInput('Promo code') });
const promoUpdateArgs = promoIdArgs.extend({ input: promoInput });

const membershipInput = z.preprocess(withNulls(['description', 'packageId']), membershipOffer);
const membershipArgs = marketplaceArgs.extend({ input: membershipInput });
const membershipIdArgs = marketplaceArgs.extend({ id: idInput('Membership') });
const membershipUpdateArgs = membershipIdArgs.extend({ input: membershipInput });

const packageInput = z.preprocess(withNulls(['description', 'validityDays']), packageOffer);
const packageArgs = marketplaceArgs.extend({ input: packageInput });
const packageIdArgs = marketplaceArgs.extend({ id: idInput('Package') });
const packageUpdateArgs = packageIdArgs.extend({ input: packageInput });

const offersContext = ({
  db,
  identity,
  checkout,
}: {
  db: Db;
  identity: { session: RequestSession };
  checkout: { clock: () => Date };
}): OffersContext => ({
  db,
  session: identity.session,
  clock: checkout.clock,
});

/** withServiceErrors, plus UNAUTHENTICATED, FORBIDDEN and PROMO_CODE_TAKEN. */
const withOfferErrors = <T>(call: () => Promise<T>): Promise<T> =>
  withServiceErrors(call, [
    { error: UnauthenticatedError, code: 'UNAUTHENTICATED' },
    { error: ForbiddenError, code: 'FORBIDDEN' },
    { error: PromoCodeTakenError, code: 'PROMO_CODE_TAKEN' },
  ]);

export const staffOffersResolvers: Resolvers = {
  Query: {
    staffPromoCodes: (_parent, args, context) => {
      const { marketplaceId } = parseInput(marketplaceArgs, args);
      return withOfferErrors(() => staffPromoCodes(offersContext(context), marketplaceId));
    },
    staffMembershipDefinitions: (_parent, args, context) => {
      const { marketplaceId } = parseInput(marketplaceArgs, args);
      return withOfferErrors(() => staffMembershipDefinitions(offersContext(context), marketplaceId));
    },
    staffPackages: (_parent, args, context) => {
      const { marketplaceId } = parseInput(marketplaceArgs, args);
      return withOfferErrors(() => staffPackages(offersContext(context), marketplaceId));
    },
    staffOfferChoices: (_parent, args, context) => {
      const { marketplaceId } = parseInput(marketplaceArgs, args);
      return withOfferErrors(async () => {
        await requireStaff(offersContext(context), marketplaceId, 'editOffers');
        return offerChoices(context.db, marketplaceId);
      });
    },
  },
  Mutation: {
    staffCreatePromoCode: (_parent, args, context) => {
      const { marketplaceId, input } = parseInput(promoArgs, args);
      return withOfferErrors(() =>
        staffCreatePromoCode(offersContext(context), { marketplaceId, offer: input }),
      );
    },
    staffUpdatePromoCode: (_parent, args, context) => {
      const { marketplaceId, id, input } = parseInput(promoUpdateArgs, args);
      return withOfferErrors(() =>
        staffUpdatePromoCode(offersContext(context), { marketplaceId, id, offer: input }),
      );
    },
    staffPausePromoCode: (_parent, args, context) => {
      const { marketplaceId, id } = parseInput(promoIdArgs, args);
      return withOfferErrors(() =>
        staffSetPromoCodePaused(offersContext(context), { marketplaceId, id, paused: true }),
      );
    },
    staffResumePromoCode: (_parent, args, context) => {
      const { marketplaceId, id } = parseInput(promoIdArgs, args);
      return withOfferErrors(() =>
        staffSetPromoCodePaused(offersContext(context), { marketplaceId, id, paused: false }),
      );
    },
    staffCreateMembershipDefinition: (_parent, args, context) => {
      const { marketplaceId, input } = parseInput(membershipArgs, args);
      return withOfferErrors(() =>
        staffCreateMembershipDefinition(offersContext(context), { marketplaceId, offer: input }),
      );
    },
    staffUpdateMembershipDefinition: (_parent, args, context) => {
      const { marketplaceId, id, input } = parseInput(membershipUpdateArgs, args);
      return withOfferErrors(() =>
        staffUpdateMembershipDefinition(offersContext(context), { marketplaceId, id, offer: input }),
      );
    },
    staffRetireMembershipDefinition: (_parent, args, context) => {
      const input = parseInput(membershipIdArgs, args);
      return withOfferErrors(() => staffRetireMembershipDefinition(offersContext(context), input));
    },
    staffCreatePackage: (_parent, args, context) => {
      const { marketplaceId, input } = parseInput(packageArgs, args);
      return withOfferErrors(() =>
        staffCreatePackage(offersContext(context), { marketplaceId, offer: input }),
      );
    },
    staffUpdatePackage: (_parent, args, context) => {
      const { marketplaceId, id, input } = parseInput(packageUpdateArgs, args);
      return withOfferErrors(() =>
        staffUpdatePackage(offersContext(context), { marketplaceId, id, offer: input }),
      );
    },
    staffRetirePackage: (_parent, args, context) => {
      const input = parseInput(packageIdArgs, args);
      return withOfferErrors(() => staffRetirePackage(offersContext(context), input));
    },
  },
};
