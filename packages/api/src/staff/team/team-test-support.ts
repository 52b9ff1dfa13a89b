// The Team section's operations as the tests send them, and the availability query they check with.
import type { TestBrowser } from '../../test/checkout';

const practitioner =
  'id name photoUrl active procedureIds hours { clinicId weekday start end } timeOff { id start end localStart localEnd reason } dayChanges { date hours { clinicId start end } } timeZone hasMember';
const member = 'id email name role practitioner { id name } addedAt joined';

export const teamOperations = {
  team: /* GraphQL */ `
    query StaffTeam($marketplaceId: ID!) {
      staffTeam(marketplaceId: $marketplaceId) {
        practitioners { ${practitioner} }
        locations { clinicId name timeZone }
        procedures { id name isAddOn }
      }
    }`,
  members: /* GraphQL */ `
    query StaffMembers($marketplaceId: ID!) { staffMembers(marketplaceId: $marketplaceId) { ${member} } }`,
  save: /* GraphQL */ `
    mutation Save($marketplaceId: ID!, $input: StaffPractitionerInput!) {
      staffSavePractitioner(marketplaceId: $marketplaceId, input: $input) { ${practitioner} }
    }`,
  remove: /* GraphQL */ `
    mutation Remove($marketplaceId: ID!, $id: ID!) {
      staffRemovePractitioner(marketplaceId: $marketplaceId, id: $id) { outcome }
    }`,
  restore: /* GraphQL */ `
    mutation Restore($marketplaceId: ID!, $id: ID!) {
      staffRestorePractitioner(marketplaceId: $marketplaceId, id: $id) { ${practitioner} }
    }`,
  hours: /* GraphQL */ `
    mutation Hours($marketplaceId: ID!, $practitionerId: ID!, $clinicId: ID, $intervals: [StaffHoursIntervalInput!]!) {
      staffSetWorkingHours(marketplaceId: $marketplaceId, practitionerId: $practitionerId, clinicId: $clinicId,
                           intervals: $intervals) { ${practitioner} }
    }`,
  addTimeOff: /* GraphQL */ `
    mutation AddTimeOff($marketplaceId: ID!, $practitionerId: ID!, $input: StaffTimeOffInput!) {
      staffAddTimeOff(marketplaceId: $marketplaceId, practitionerId: $practitionerId, input: $input) { ${practitioner} }
    }`,
  removeTimeOff: /* GraphQL */ `
    mutation RemoveTimeOff($marketplaceId: ID!, $id: ID!) {
      staffRemoveTimeOff(marketplaceId: $marketplaceId, id: $id) { ${practitioner} }
    }`,
  setDayHours: /* GraphQL */ `
    mutation SetDayHours($marketplaceId: ID!, $practitionerId: ID!, $input: StaffDayHoursInput!) {
      staffSetDayHours(marketplaceId: $marketplaceId, practitionerId: $practitionerId, input: $input) { ${practitioner} }
    }`,
  clearDayHours: /* GraphQL */ `
    mutation ClearDayHours($marketplaceId: ID!, $practitionerId: ID!, $date: String!) {
      staffClearDayHours(marketplaceId: $marketplaceId, practitionerId: $practitionerId, date: $date) { ${practitioner} }
    }`,
  invite: /* GraphQL */ `
    mutation Invite($marketplaceId: ID!, $input: StaffInvitationInput!) {
      staffInviteMember(marketplaceId: $marketplaceId, input: $input) { ${member} }
    }`,
  changeRole: /* GraphQL */ `
    mutation ChangeRole($marketplaceId: ID!, $id: ID!, $input: StaffRoleInput!) {
      staffChangeMemberRole(marketplaceId: $marketplaceId, id: $id, input: $input) { ${member} }
    }`,
  removeMember: /* GraphQL */ `
    mutation RemoveMember($marketplaceId: ID!, $id: ID!) {
      staffRemoveMember(marketplaceId: $marketplaceId, id: $id) { sessionsEnded }
    }`,
  availability: /* GraphQL */ `
    query Availability($input: AvailabilitiesInput!) {
      availabilities(input: $input) { timeZone slots { date time } }
    }`,
};

/** The times clients are offered for `procedureIds` at the clinic on `day` (local HH:mm). */
export async function clinicTimes(
  browser: TestBrowser,
  at: { marketplaceId: string; clinicId: string; procedureIds: string[]; day: string },
): Promise<string[]> {
  const { availabilities } = await browser.data<{ availabilities: { slots: { time: string }[] } }>(
    teamOperations.availability,
    {
      input: {
        marketplaceId: at.marketplaceId,
        organizationId: at.clinicId,
        procedureIds: at.procedureIds,
        dateRange: { start: at.day, end: at.day },
      },
    },
  );
  return availabilities.slots.map((slot) => slot.time);
}

export interface TeamPractitioner {
  id: string;
  name: string;
  photoUrl: string | null;
  active: boolean;
  procedureIds: string[];
  hours: { clinicId: string | null; weekday: number; start: string; end: string }[];
  timeOff: {
    id: string;
    start: string;
    end: string;
    localStart: string;
    localEnd: string;
    reason: string | null;
  }[];
  dayChanges: { date: string; hours: { clinicId: string | null; start: string; end: string }[] }[];
  timeZone: string;
  hasMember: boolean;
}
