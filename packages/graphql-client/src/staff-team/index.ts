// '@atrium/graphql-client/staff-team': the staff console's Team section — practitioners, their
// weekly hours, one-off day changes and time off, and the staff members. An entry of its own, bundled by the console only;
// operations run on the page's shared client.
import { execute } from '@atrium/graphql-client';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  StaffAddTimeOffDocument,
  type StaffAddTimeOffMutationVariables,
  StaffChangeMemberRoleDocument,
  type StaffChangeMemberRoleMutationVariables,
  StaffClearDayHoursDocument,
  type StaffClearDayHoursMutationVariables,
  StaffInviteMemberDocument,
  type StaffInviteMemberMutationVariables,
  type StaffMemberFieldsFragment,
  StaffMembersDocument,
  StaffRemoveMemberDocument,
  StaffRemovePractitionerDocument,
  StaffRemoveTimeOffDocument,
  StaffRestorePractitionerDocument,
  StaffSavePractitionerDocument,
  type StaffSavePractitionerMutationVariables,
  StaffSetDayHoursDocument,
  type StaffSetDayHoursMutationVariables,
  StaffSetWorkingHoursDocument,
  type StaffSetWorkingHoursMutationVariables,
  StaffTeamDocument,
  type StaffTeamPractitionerFieldsFragment,
  type StaffTeamQuery,
} from '../generated/graphql';

export type StaffTeam = StaffTeamQuery['staffTeam'];
export type StaffTeamPractitioner = StaffTeamPractitionerFieldsFragment;
export type StaffTeamLocation = StaffTeam['locations'][number];
export type StaffTeamProcedure = StaffTeam['procedures'][number];
export type StaffMember = StaffMemberFieldsFragment;

export const STAFF_TEAM_KEY = ['staffTeam'] as const;
export const STAFF_MEMBERS_KEY = ['staffMembers'] as const;

/** The team as the section shows it; asked for afresh each time the section opens, never persisted. */
export function staffTeamQueryOptions(marketplaceId: string) {
  return queryOptions({
    queryKey: [...STAFF_TEAM_KEY, marketplaceId] as const,
    queryFn: async ({ signal }) =>
      (await execute(StaffTeamDocument, { marketplaceId }, { signal })).staffTeam,
    enabled: marketplaceId !== '',
    staleTime: 0,
    meta: { persist: false },
  });
}

export function useStaffTeam(marketplaceId: string) {
  return useQuery(staffTeamQueryOptions(marketplaceId));
}

/** The staff members (owner only: pass enabled false for other roles). */
export function useStaffMembers(marketplaceId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...STAFF_MEMBERS_KEY, marketplaceId] as const,
    queryFn: async ({ signal }) =>
      (await execute(StaffMembersDocument, { marketplaceId }, { signal })).staffMembers,
    enabled: enabled && marketplaceId !== '',
    staleTime: 0,
    meta: { persist: false },
  });
}

/** A mutation whose success reads the team (and the members) again. */
function useTeamMutation<Variables, Result>(call: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: STAFF_TEAM_KEY }),
        queryClient.invalidateQueries({ queryKey: STAFF_MEMBERS_KEY }),
      ]);
    },
  });
}

interface ById {
  marketplaceId: string;
  id: string;
}

export const useSavePractitioner = () =>
  useTeamMutation(
    async (variables: StaffSavePractitionerMutationVariables) =>
      (await execute(StaffSavePractitionerDocument, variables)).staffSavePractitioner,
  );

export const useRemovePractitioner = () =>
  useTeamMutation(
    async (variables: ById) =>
      (await execute(StaffRemovePractitionerDocument, variables)).staffRemovePractitioner,
  );

export const useRestorePractitioner = () =>
  useTeamMutation(
    async (variables: ById) =>
      (await execute(StaffRestorePractitionerDocument, variables)).staffRestorePractitioner,
  );

export const useSetWorkingHours = () =>
  useTeamMutation(
    async (variables: StaffSetWorkingHoursMutationVariables) =>
      (await execute(StaffSetWorkingHoursDocument, variables)).staffSetWorkingHours,
  );

export const useSetDayHours = () =>
  useTeamMutation(
    async (variables: StaffSetDayHoursMutationVariables) =>
      (await execute(StaffSetDayHoursDocument, variables)).staffSetDayHours,
  );

export const useClearDayHours = () =>
  useTeamMutation(
    async (variables: StaffClearDayHoursMutationVariables) =>
      (await execute(StaffClearDayHoursDocument, variables)).staffClearDayHours,
  );

export const useAddTimeOff = () =>
  useTeamMutation(
    async (variables: StaffAddTimeOffMutationVariables) =>
      (await execute(StaffAddTimeOffDocument, variables)).staffAddTimeOff,
  );

export const useRemoveTimeOff = () =>
  useTeamMutation(
    async (variables: ById) => (await execute(StaffRemoveTimeOffDocument, variables)).staffRemoveTimeOff,
  );

export const useInviteMember = () =>
  useTeamMutation(
    async (variables: StaffInviteMemberMutationVariables) =>
      (await execute(StaffInviteMemberDocument, variables)).staffInviteMember,
  );

export const useChangeMemberRole = () =>
  useTeamMutation(
    async (variables: StaffChangeMemberRoleMutationVariables) =>
      (await execute(StaffChangeMemberRoleDocument, variables)).staffChangeMemberRole,
  );

export const useRemoveMember = () =>
  useTeamMutation(
    async (variables: ById) => (await execute(StaffRemoveMemberDocument, variables)).staffRemoveMember,
  );
