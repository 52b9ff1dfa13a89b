// '@atrium/graphql-client/staff-offers': the staff console's Offers — promo codes, membership
// definitions and packages, listed and changed by the owner. An entry of its own, bundled by the
// console only; operations run on the page's shared client and are never persisted.
import { execute } from '@atrium/graphql-client';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  StaffCreateMembershipDefinitionDocument,
  StaffCreatePackageDocument,
  StaffCreatePromoCodeDocument,
  type StaffMembershipDefinitionFieldsFragment,
  type StaffMembershipDefinitionInput,
  StaffMembershipDefinitionsDocument,
  StaffOfferChoicesDocument,
  type StaffOfferChoicesQuery,
  type StaffPackageFieldsFragment,
  type StaffPackageInput,
  StaffPackagesDocument,
  StaffPausePromoCodeDocument,
  type StaffPromoCodeFieldsFragment,
  type StaffPromoCodeInput,
  StaffPromoCodesDocument,
  StaffResumePromoCodeDocument,
  StaffRetireMembershipDefinitionDocument,
  StaffRetirePackageDocument,
  StaffUpdateMembershipDefinitionDocument,
  StaffUpdatePackageDocument,
  StaffUpdatePromoCodeDocument,
} from '../generated/graphql';

export type StaffPromoCode = StaffPromoCodeFieldsFragment;
export type StaffMembershipDefinition = StaffMembershipDefinitionFieldsFragment;
export type StaffPackage = StaffPackageFieldsFragment;
export type StaffOfferChoices = StaffOfferChoicesQuery['staffOfferChoices'];
export type { StaffMembershipDefinitionInput, StaffPackageInput, StaffPromoCodeInput };

/** Every Offers query starts with this key, so a change reads the section again. */
export const STAFF_OFFERS_KEY = ['staffOffers'] as const;

const live = { staleTime: 0, meta: { persist: false } } as const;

export function staffPromoCodesQueryOptions(marketplaceId: string) {
  return queryOptions({
    queryKey: [...STAFF_OFFERS_KEY, 'promoCodes', marketplaceId] as const,
    queryFn: async ({ signal }) =>
      (await execute(StaffPromoCodesDocument, { marketplaceId }, { signal })).staffPromoCodes,
    enabled: marketplaceId !== '',
    ...live,
  });
}

export const useStaffPromoCodes = (marketplaceId: string) =>
  useQuery(staffPromoCodesQueryOptions(marketplaceId));

export const useStaffMembershipDefinitions = (marketplaceId: string) =>
  useQuery({
    queryKey: [...STAFF_OFFERS_KEY, 'memberships', marketplaceId] as const,
    queryFn: async ({ signal }) =>
      (await execute(StaffMembershipDefinitionsDocument, { marketplaceId }, { signal }))
        .staffMembershipDefinitions,
    enabled: marketplaceId !== '',
    ...live,
  });

export const useStaffPackages = (marketplaceId: string) =>
  useQuery({
    queryKey: [...STAFF_OFFERS_KEY, 'packages', marketplaceId] as const,
    queryFn: async ({ signal }) =>
      (await execute(StaffPackagesDocument, { marketplaceId }, { signal })).staffPackages,
    enabled: marketplaceId !== '',
    ...live,
  });

/** The services and categories an offer may name. */
export const useStaffOfferChoices = (marketplaceId: string) =>
  useQuery({
    queryKey: [...STAFF_OFFERS_KEY, 'choices', marketplaceId] as const,
    queryFn: async ({ signal }) =>
      (await execute(StaffOfferChoicesDocument, { marketplaceId }, { signal })).staffOfferChoices,
    enabled: marketplaceId !== '',
    ...live,
  });

/** A mutation of the Offers section: once done, every Offers list is read again. */
function useOfferMutation<Variables, Result>(run: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: STAFF_OFFERS_KEY }),
  });
}

type Target = { marketplaceId: string; id: string };

/** Creates a promo code (id null) or changes one. */
export const useSaveStaffPromoCode = () =>
  useOfferMutation(
    async ({
      id,
      marketplaceId,
      input,
    }: {
      marketplaceId: string;
      id: string | null;
      input: StaffPromoCodeInput;
    }) =>
      id === null
        ? (await execute(StaffCreatePromoCodeDocument, { marketplaceId, input })).staffCreatePromoCode
        : (await execute(StaffUpdatePromoCodeDocument, { marketplaceId, id, input })).staffUpdatePromoCode,
  );

/** Pauses or resumes a promo code. */
export const useSetStaffPromoCodePaused = () =>
  useOfferMutation(async ({ paused, ...target }: Target & { paused: boolean }) =>
    paused
      ? (await execute(StaffPausePromoCodeDocument, target)).staffPausePromoCode
      : (await execute(StaffResumePromoCodeDocument, target)).staffResumePromoCode,
  );

export const useSaveStaffMembershipDefinition = () =>
  useOfferMutation(
    async ({
      id,
      marketplaceId,
      input,
    }: {
      marketplaceId: string;
      id: string | null;
      input: StaffMembershipDefinitionInput;
    }) =>
      id === null
        ? (await execute(StaffCreateMembershipDefinitionDocument, { marketplaceId, input }))
            .staffCreateMembershipDefinition
        : (await execute(StaffUpdateMembershipDefinitionDocument, { marketplaceId, id, input }))
            .staffUpdateMembershipDefinition,
  );

export const useRetireStaffMembershipDefinition = () =>
  useOfferMutation(
    async (target: Target) =>
      (await execute(StaffRetireMembershipDefinitionDocument, target)).staffRetireMembershipDefinition,
  );

export const useSaveStaffPackage = () =>
  useOfferMutation(
    async ({
      id,
      marketplaceId,
      input,
    }: {
      marketplaceId: string;
      id: string | null;
      input: StaffPackageInput;
    }) =>
      id === null
        ? (await execute(StaffCreatePackageDocument, { marketplaceId, input })).staffCreatePackage
        : (await execute(StaffUpdatePackageDocument, { marketplaceId, id, input })).staffUpdatePackage,
  );

export const useRetireStaffPackage = () =>
  useOfferMutation(
    async (target: Target) => (await execute(StaffRetirePackageDocument, target)).staffRetirePackage,
  );
