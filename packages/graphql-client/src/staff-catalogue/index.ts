// '@atrium/graphql-client/staff-catalogue': the staff console's catalogue — categories, services and
// add-ons with archived ones, and every change the owner makes to them. An entry of its own, bundled by
// the console only; operations run on the page's shared client.
import { execute } from '@atrium/graphql-client';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CatalogueAddOnInput,
  type CatalogueCategoryInput,
  type CatalogueServiceInput,
  StaffArchiveCategoryDocument,
  StaffArchiveProcedureDocument,
  StaffCatalogueDocument,
  type StaffCatalogueFieldsFragment,
  type StaffCatalogueItemFieldsFragment,
  StaffCreateAddOnDocument,
  StaffCreateCategoryDocument,
  StaffCreateServiceDocument,
  StaffDeleteCategoryDocument,
  StaffDeleteProcedureDocument,
  StaffReorderCategoriesDocument,
  StaffReorderServiceAddOnsDocument,
  StaffReorderServicesDocument,
  StaffUnarchiveCategoryDocument,
  StaffUnarchiveProcedureDocument,
  StaffUpdateAddOnDocument,
  StaffUpdateCategoryDocument,
  StaffUpdateServiceDocument,
} from '../generated/graphql';

export type { CatalogueAddOnInput, CatalogueCategoryInput, CatalogueServiceInput };
export type StaffCatalogue = StaffCatalogueFieldsFragment;
export type StaffCatalogueCategory = StaffCatalogue['categories'][number];
export type StaffCatalogueItem = StaffCatalogueItemFieldsFragment;

export const STAFF_CATALOGUE_KEY = ['staffCatalogue'] as const;

/** The whole catalogue as the owner edits it, archived categories, services and add-ons included. */
export function staffCatalogueQueryOptions(marketplaceId: string) {
  return queryOptions({
    queryKey: [...STAFF_CATALOGUE_KEY, marketplaceId] as const,
    queryFn: async ({ signal }) =>
      (await execute(StaffCatalogueDocument, { marketplaceId }, { signal })).staffCatalogue,
    enabled: marketplaceId !== '',
    staleTime: 0,
    meta: { persist: false },
  });
}

export function useStaffCatalogue(marketplaceId: string) {
  return useQuery(staffCatalogueQueryOptions(marketplaceId));
}

type Target = { marketplaceId: string; id: string };

/** Every change to the catalogue; each answers the new id, or nothing (the list is read again). */
export const catalogueChanges = {
  createCategory: async (v: { marketplaceId: string; input: CatalogueCategoryInput }) =>
    (await execute(StaffCreateCategoryDocument, v)).staffCreateCategory.id,
  updateCategory: async (v: Target & { input: CatalogueCategoryInput }) =>
    (await execute(StaffUpdateCategoryDocument, v)).staffUpdateCategory.id,
  createService: async (v: { marketplaceId: string; input: CatalogueServiceInput }) =>
    (await execute(StaffCreateServiceDocument, v)).staffCreateService.id,
  updateService: async (v: Target & { input: CatalogueServiceInput }) =>
    (await execute(StaffUpdateServiceDocument, v)).staffUpdateService.id,
  createAddOn: async (v: { marketplaceId: string; input: CatalogueAddOnInput }) =>
    (await execute(StaffCreateAddOnDocument, v)).staffCreateAddOn.id,
  updateAddOn: async (v: Target & { input: CatalogueAddOnInput }) =>
    (await execute(StaffUpdateAddOnDocument, v)).staffUpdateAddOn.id,
  reorderCategories: async (v: { marketplaceId: string; ids: string[] }) => {
    await execute(StaffReorderCategoriesDocument, v);
  },
  reorderServices: async (v: { marketplaceId: string; categoryId: string; ids: string[] }) => {
    await execute(StaffReorderServicesDocument, v);
  },
  reorderServiceAddOns: async (v: { marketplaceId: string; serviceId: string; ids: string[] }) => {
    await execute(StaffReorderServiceAddOnsDocument, v);
  },
  archiveCategory: async (v: Target) => {
    await execute(StaffArchiveCategoryDocument, v);
  },
  unarchiveCategory: async (v: Target) => {
    await execute(StaffUnarchiveCategoryDocument, v);
  },
  deleteCategory: async (v: Target) => {
    await execute(StaffDeleteCategoryDocument, v);
  },
  archiveProcedure: async (v: Target) => {
    await execute(StaffArchiveProcedureDocument, v);
  },
  unarchiveProcedure: async (v: Target) => {
    await execute(StaffUnarchiveProcedureDocument, v);
  },
  deleteProcedure: async (v: Target) => {
    await execute(StaffDeleteProcedureDocument, v);
  },
};

/** Runs one catalogue change; when it is done (or refused) the catalogue is read again. */
export function useCatalogueChange<Variables, Result>(change: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => queryClient.invalidateQueries({ queryKey: STAFF_CATALOGUE_KEY }),
  });
}
