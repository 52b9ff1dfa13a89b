// The Team section's GraphQL: thin resolvers that parse with the domain's rules and call the services.
import {
  dayHoursForm,
  photoUrl,
  practitionerName,
  type StaffRole,
  staffInvitationForm,
  staffRoleChoice,
  TEAM_MESSAGES,
  timeOffForm,
  weeklyHours,
} from '@atrium/domain';
import { z } from 'zod';
import type { Resolvers } from '../../generated/resolvers-types';
import type { GraphQLContext } from '../../graphql-context';
import { ForbiddenError, UnauthenticatedError } from '../../identity';
import { parseInput, withServiceErrors } from '../../kernel/graphql-errors';
import { idInput, marketplaceIdInput } from '../../kernel/id-input';
import { requireStaff } from '../access';
import { clearDayHours, setDayHours } from './day-changes';
import { changeMemberRole, inviteMember, listMembers, removeMember } from './members';
import { removePractitioner, restorePractitioner, savePractitioner } from './practitioners';
import type { TeamContext } from './team-context';
import { AlreadyStaffError, HoursOverlapError, LastOwnerError } from './team-errors';
import { loadLocations, loadPractitioners, loadTeamProcedures } from './team-read';
import { addTimeOff, removeTimeOff } from './time-off';
import { setWorkingHours } from './working-hours';

const marketplaceArgs = z.object({ marketplaceId: marketplaceIdInput });
const practitionerId = idInput('Practitioner');
const roleOf = { OWNER: 'owner', FRONT_DESK: 'front_desk', PRACTITIONER: 'practitioner' } as const;
const roleInput = z.enum(['OWNER', 'FRONT_DESK', 'PRACTITIONER']).transform((role) => roleOf[role]);
/**
 * A domain rule of a role choice (a practitioner member names their practitioner: the role choice, or
 * the whole invitation), then the practitioner's id parsed as every id is; an id given with another
 * role is dropped, since only a practitioner member is a practitioner.
 */
const withRoleRule = <Extra extends object>(
  rule: z.core.$ZodType<Extra & { role: StaffRole; practitionerId: string | null }>,
  fields: z.ZodRawShape = {},
) =>
  z
    .object({ ...fields, role: roleInput, practitionerId: z.string().nullish() })
    .transform((value, context) => {
      const checked = z.safeParse(rule, value);
      const id =
        checked.success && checked.data.practitionerId !== null
          ? practitionerId.safeParse(checked.data.practitionerId)
          : null;
      const problem = checked.success ? id?.error?.issues[0] : checked.error.issues[0];
      if (problem || !checked.success) {
        context.addIssue({ code: 'custom', message: problem?.message ?? TEAM_MESSAGES.roleInvalid });
        return z.NEVER;
      }
      return {
        ...checked.data,
        practitionerId: checked.data.role === 'practitioner' ? (id?.data ?? null) : null,
      };
    });
const roleChoice = withRoleRule(staffRoleChoice);

const saveArgs = marketplaceArgs.extend({
  input: z.object({
    id: practitionerId.nullish().transform((id) => id ?? null),
    name: practitionerName,
    photoUrl,
    procedureIds: z.array(idInput('Service')).max(500),
  }),
});
const byIdArgs = (label: string) => marketplaceArgs.extend({ id: idInput(label) });
const hoursArgs = marketplaceArgs.extend({
  practitionerId,
  clinicId: idInput('Clinic')
    .nullish()
    .transform((id) => id ?? null),
  // A week holds at most an interval per quarter hour; the overlap check is quadratic.
  intervals: z
    .array(z.unknown())
    .max(7 * 96, 'Too many intervals.')
    .pipe(weeklyHours),
});
const clinicId = idInput('Clinic');
const dayHoursArgs = marketplaceArgs.extend({
  practitionerId,
  input: z
    .unknown()
    .pipe(dayHoursForm)
    .transform((form, context) => {
      const intervals = form.intervals.map(({ clinicId: id, start, end }) => {
        const parsed = id === null ? null : clinicId.safeParse(id);
        if (parsed && !parsed.success) {
          context.addIssue({
            code: 'custom',
            message: parsed.error.issues[0]?.message ?? 'Choose a location.',
          });
        }
        return { clinicId: parsed?.data ?? null, start, end };
      });
      return { date: form.date, intervals };
    }),
});
const clearDayArgs = marketplaceArgs.extend({
  practitionerId,
  date: z.unknown().pipe(dayHoursForm.shape.date),
});
const timeOffArgs = marketplaceArgs.extend({ practitionerId, input: timeOffForm });
const inviteArgs = marketplaceArgs.extend({
  input: withRoleRule(staffInvitationForm, { email: z.string().nullish() }),
});
const roleArgs = byIdArgs('Staff member').extend({ input: roleChoice });

const teamContext = ({ db, identity, checkout }: GraphQLContext): TeamContext => ({
  db,
  session: identity.session,
  clock: checkout.clock,
  notifications: checkout.notifications,
});

/** The staff guard's codes (UNAUTHENTICATED, FORBIDDEN), plus the Team section's own. */
const withTeamErrors = <T>(call: () => Promise<T>): Promise<T> =>
  withServiceErrors(call, [
    { error: UnauthenticatedError, code: 'UNAUTHENTICATED' },
    { error: ForbiddenError, code: 'FORBIDDEN' },
    { error: HoursOverlapError, code: 'HOURS_OVERLAP' },
    { error: LastOwnerError, code: 'LAST_OWNER' },
    { error: AlreadyStaffError, code: 'ALREADY_STAFF' },
  ]);

export const staffTeamResolvers: Resolvers = {
  Query: {
    staffTeam: (_parent, args, context) => {
      const { marketplaceId } = parseInput(marketplaceArgs, args);
      const team = teamContext(context);
      return withTeamErrors(async () => {
        const access = await requireStaff(team, marketplaceId, 'editTimeOff');
        const only = access.scope === 'own' ? (access.member.practitionerId ?? 0) : null;
        const [practitioners, locations, procedures] = await Promise.all([
          loadPractitioners(team.db, marketplaceId, only, team.clock()),
          loadLocations(team.db, marketplaceId),
          loadTeamProcedures(team.db, marketplaceId),
        ]);
        return { practitioners, locations, procedures };
      });
    },
    staffMembers: (_parent, args, context) => {
      const { marketplaceId } = parseInput(marketplaceArgs, args);
      return withTeamErrors(() => listMembers(teamContext(context), marketplaceId));
    },
  },
  Mutation: {
    staffSavePractitioner: (_parent, args, context) => {
      const { marketplaceId, input } = parseInput(saveArgs, args);
      return withTeamErrors(() => savePractitioner(teamContext(context), marketplaceId, input));
    },
    staffRemovePractitioner: (_parent, args, context) => {
      const { marketplaceId, id } = parseInput(byIdArgs('Practitioner'), args);
      return withTeamErrors(() => removePractitioner(teamContext(context), marketplaceId, id));
    },
    staffRestorePractitioner: (_parent, args, context) => {
      const { marketplaceId, id } = parseInput(byIdArgs('Practitioner'), args);
      return withTeamErrors(() => restorePractitioner(teamContext(context), marketplaceId, id));
    },
    staffSetWorkingHours: (_parent, args, context) => {
      const { marketplaceId, ...input } = parseInput(hoursArgs, args);
      return withTeamErrors(() => setWorkingHours(teamContext(context), marketplaceId, input));
    },
    staffSetDayHours: (_parent, args, context) => {
      const { marketplaceId, practitionerId: id, input } = parseInput(dayHoursArgs, args);
      return withTeamErrors(() =>
        setDayHours(teamContext(context), marketplaceId, { practitionerId: id, ...input }),
      );
    },
    staffClearDayHours: (_parent, args, context) => {
      const { marketplaceId, practitionerId: id, date } = parseInput(clearDayArgs, args);
      return withTeamErrors(() => clearDayHours(teamContext(context), marketplaceId, id, date));
    },
    staffAddTimeOff: (_parent, args, context) => {
      const { marketplaceId, practitionerId: id, input } = parseInput(timeOffArgs, args);
      return withTeamErrors(() =>
        addTimeOff(teamContext(context), marketplaceId, { practitionerId: id, ...input }),
      );
    },
    staffRemoveTimeOff: (_parent, args, context) => {
      const { marketplaceId, id } = parseInput(byIdArgs('Time off'), args);
      return withTeamErrors(() => removeTimeOff(teamContext(context), marketplaceId, id));
    },
    staffInviteMember: (_parent, args, context) => {
      const { marketplaceId, input } = parseInput(inviteArgs, args);
      return withTeamErrors(() => inviteMember(teamContext(context), marketplaceId, input));
    },
    staffChangeMemberRole: (_parent, args, context) => {
      const { marketplaceId, id, input } = parseInput(roleArgs, args);
      return withTeamErrors(() => changeMemberRole(teamContext(context), marketplaceId, id, input));
    },
    staffRemoveMember: (_parent, args, context) => {
      const { marketplaceId, id } = parseInput(byIdArgs('Staff member'), args);
      return withTeamErrors(() => removeMember(teamContext(context), marketplaceId, id));
    },
  },
};
