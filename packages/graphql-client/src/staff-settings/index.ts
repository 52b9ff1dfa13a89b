// '@atrium/graphql-client/staff-settings': the owner's settings — details and branding, clinics,
// the at-home area, scheduling rules, payment settings and checkout questions. An entry of its own,
// bundled by the console only; operations run on the page's shared client.
import { execute } from '@atrium/graphql-client';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type StaffCheckoutNoteInput,
  type StaffClinicInput,
  StaffCreateCheckoutNoteDocument,
  StaffCreateClinicDocument,
  type StaffMarketplaceDetailsInput,
  type StaffPaymentSettingsInput,
  StaffRemoveCheckoutNoteDocument,
  StaffRemoveClinicDocument,
  StaffReorderCheckoutNotesDocument,
  StaffReorderClinicsDocument,
  type StaffSchedulingRulesInput,
  type StaffServiceAreaInput,
  StaffSettingsDocument,
  type StaffSettingsFieldsFragment,
  StaffUpdateCheckoutNoteDocument,
  StaffUpdateClinicDocument,
  StaffUpdateMarketplaceDetailsDocument,
  StaffUpdatePaymentSettingsDocument,
  StaffUpdateSchedulingRulesDocument,
  StaffUpdateServiceAreaDocument,
} from '../generated/graphql';

export type StaffSettings = StaffSettingsFieldsFragment;
export type StaffSettingsClinic = StaffSettings['clinics'][number];
export type StaffSettingsCheckoutNote = StaffSettings['checkoutNotes'][number];
export type {
  StaffCheckoutNoteInput,
  StaffClinicInput,
  StaffMarketplaceDetailsInput,
  StaffPaymentSettingsInput,
  StaffSchedulingRulesInput,
  StaffServiceAreaInput,
};

export const STAFF_SETTINGS_KEY = ['staffSettings'] as const;

export function staffSettingsQueryOptions(marketplaceId: string) {
  return queryOptions({
    queryKey: [...STAFF_SETTINGS_KEY, marketplaceId] as const,
    queryFn: async ({ signal }) =>
      (await execute(StaffSettingsDocument, { marketplaceId }, { signal })).staffSettings,
    enabled: marketplaceId !== '',
    staleTime: 0,
    meta: { persist: false },
  });
}

export function useStaffSettings(marketplaceId: string) {
  return useQuery(staffSettingsQueryOptions(marketplaceId));
}

/** Every settings change, by name: each answers the settings as they are after it. */
export const settingsChanges = {
  updateDetails: async (v: { marketplaceId: string; input: StaffMarketplaceDetailsInput }) =>
    (await execute(StaffUpdateMarketplaceDetailsDocument, v)).staffUpdateMarketplaceDetails,
  createClinic: async (v: { marketplaceId: string; input: StaffClinicInput }) =>
    (await execute(StaffCreateClinicDocument, v)).staffCreateClinic,
  updateClinic: async (v: { marketplaceId: string; id: string; input: StaffClinicInput }) =>
    (await execute(StaffUpdateClinicDocument, v)).staffUpdateClinic,
  removeClinic: async (v: { marketplaceId: string; id: string }) =>
    (await execute(StaffRemoveClinicDocument, v)).staffRemoveClinic,
  reorderClinics: async (v: { marketplaceId: string; ids: string[] }) =>
    (await execute(StaffReorderClinicsDocument, v)).staffReorderClinics,
  updateServiceArea: async (v: { marketplaceId: string; input: StaffServiceAreaInput }) =>
    (await execute(StaffUpdateServiceAreaDocument, v)).staffUpdateServiceArea,
  updateSchedulingRules: async (v: { marketplaceId: string; input: StaffSchedulingRulesInput }) =>
    (await execute(StaffUpdateSchedulingRulesDocument, v)).staffUpdateSchedulingRules,
  updatePaymentSettings: async (v: { marketplaceId: string; input: StaffPaymentSettingsInput }) =>
    (await execute(StaffUpdatePaymentSettingsDocument, v)).staffUpdatePaymentSettings,
  createCheckoutNote: async (v: { marketplaceId: string; input: StaffCheckoutNoteInput }) =>
    (await execute(StaffCreateCheckoutNoteDocument, v)).staffCreateCheckoutNote,
  updateCheckoutNote: async (v: { marketplaceId: string; id: string; input: StaffCheckoutNoteInput }) =>
    (await execute(StaffUpdateCheckoutNoteDocument, v)).staffUpdateCheckoutNote,
  removeCheckoutNote: async (v: { marketplaceId: string; id: string }) =>
    (await execute(StaffRemoveCheckoutNoteDocument, v)).staffRemoveCheckoutNote,
  reorderCheckoutNotes: async (v: { marketplaceId: string; ids: string[] }) =>
    (await execute(StaffReorderCheckoutNotesDocument, v)).staffReorderCheckoutNotes,
} as const;

export type SettingsChangeName = keyof typeof settingsChanges;
type ChangeVariables<Name extends SettingsChangeName> = Parameters<(typeof settingsChanges)[Name]>[0];

/**
 * One settings change: its answer becomes the settings query's data at once, and the marketplace's
 * public view (the console's own branding) is read again.
 */
export function useSettingsChange<Name extends SettingsChangeName>(name: Name) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: ChangeVariables<Name>) =>
      (settingsChanges[name] as (v: ChangeVariables<Name>) => Promise<StaffSettings>)(variables),
    onSuccess: (settings, variables) => {
      queryClient.setQueryData(staffSettingsQueryOptions(variables.marketplaceId).queryKey, settings);
      return queryClient.invalidateQueries({ queryKey: ['marketplace', variables.marketplaceId] });
    },
  });
}
