// Who may use each Team operation: owner everything; front desk hours and time off; a practitioner
// member only their own time off (another's is NOT_FOUND); a client, a signed-out browser and another
// marketplace's owner nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../test/account';
import { type CheckoutTestContext, createCheckoutTestContext, TestBrowser } from '../../test/checkout';
import { testDatabases } from '../../test/databases';
import { signedInStaff } from '../../test/staff';
import { type TeamPractitioner, teamOperations } from './team-test-support';

type Role = 'owner' | 'frontDesk' | 'practitioner' | 'client' | 'signedOut' | 'otherOwner';
type Outcome = 'ok' | 'FORBIDDEN' | 'UNAUTHENTICATED' | 'NOT_FOUND';
const operationNames = [
  'team',
  'members',
  'savePractitioner',
  'removePractitioner',
  'restorePractitioner',
  'setHours',
  'setDayHours',
  'clearDayHours',
  'addOwnTimeOff',
  'addOthersTimeOff',
  'removeOwnTimeOff',
  'removeOthersTimeOff',
  'invite',
  'changeRole',
  'removeMember',
] as const;
type Operation = (typeof operationNames)[number];

const all = (outcome: Outcome) =>
  Object.fromEntries(operationNames.map((name) => [name, outcome])) as Record<Operation, Outcome>;
const timeOffOnly = (others: Outcome): Partial<Record<Operation, Outcome>> => ({
  team: 'ok',
  addOwnTimeOff: 'ok',
  addOthersTimeOff: others,
  removeOwnTimeOff: 'ok',
  removeOthersTimeOff: others,
});

const matrix: Record<Role, Record<Operation, Outcome>> = {
  owner: all('ok'),
  frontDesk: {
    ...all('FORBIDDEN'),
    ...timeOffOnly('ok'),
    setHours: 'ok',
    setDayHours: 'ok',
    clearDayHours: 'ok',
  },
  practitioner: { ...all('FORBIDDEN'), ...timeOffOnly('NOT_FOUND') },
  client: all('FORBIDDEN'),
  signedOut: all('UNAUTHENTICATED'),
  otherOwner: all('FORBIDDEN'),
};

const cells = (Object.keys(matrix) as Role[]).flatMap((role) =>
  operationNames.map((operation) => ({ role, operation, want: matrix[role][operation] })),
);

describe.each(testDatabases)('Team authorization on $name', (factory) => {
  let context: CheckoutTestContext;
  const browsers = {} as Record<Role, TestBrowser>;
  let frontDeskMemberId = '';
  let counter = 0;

  const one = async <T>(text: string, params: unknown[] = []) => {
    const [row] = await context.sql<{ id: T }>(text, params);
    return String(row?.id);
  };
  const timeOffOf = (practitionerId: number) =>
    one(
      `insert into practitioner_time_off (practitioner_id, starts_at, ends_at)
         values ($1, now() + interval '20 days', now() + interval '21 days') returning id`,
      [practitionerId],
    );
  const timeOff = { start: '2031-03-03T09:00', end: '2031-03-03T17:00', reason: null };

  /** Each operation as a call on marketplace 80; an 'ok' call changes only what it creates. */
  const calls: Record<Operation, () => Promise<[string, Record<string, unknown>]>> = {
    team: async () => [teamOperations.team, {}],
    members: async () => [teamOperations.members, {}],
    savePractitioner: async () => [
      teamOperations.save,
      { input: { name: `Matrix ${counter++}`, procedureIds: ['8001'] } },
    ],
    removePractitioner: async () => [
      teamOperations.remove,
      { id: await one(`insert into practitioners (marketplace_id, name) values (80, 'Temp') returning id`) },
    ],
    restorePractitioner: async () => [teamOperations.restore, { id: '802' }],
    setHours: async () => [
      teamOperations.hours,
      {
        practitionerId: '802',
        clinicId: null,
        intervals: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '10:00', end: '14:00' })),
      },
    ],
    setDayHours: async () => [
      teamOperations.setDayHours,
      { practitionerId: '802', input: { date: '2031-03-08', intervals: [{ start: '10:00', end: '12:00' }] } },
    ],
    clearDayHours: async () => {
      const change = await one(
        `insert into practitioner_day_changes (marketplace_id, practitioner_id, date)
           values (80, 802, '2031-04-01'::date + $1::integer) returning id`,
        [counter++],
      );
      const [row] = await context.sql<{ date: string }>(
        `select to_char(date, 'YYYY-MM-DD') as date from practitioner_day_changes where id = $1`,
        [Number(change)],
      );
      return [teamOperations.clearDayHours, { practitionerId: '802', date: row?.date }];
    },
    addOwnTimeOff: async () => [teamOperations.addTimeOff, { practitionerId: '801', input: timeOff }],
    addOthersTimeOff: async () => [teamOperations.addTimeOff, { practitionerId: '802', input: timeOff }],
    removeOwnTimeOff: async () => [teamOperations.removeTimeOff, { id: await timeOffOf(801) }],
    removeOthersTimeOff: async () => [teamOperations.removeTimeOff, { id: await timeOffOf(802) }],
    invite: async () => [
      teamOperations.invite,
      { input: { email: `invite${counter++}@matrix.test`, role: 'FRONT_DESK' } },
    ],
    changeRole: async () => [
      teamOperations.changeRole,
      { id: frontDeskMemberId, input: { role: 'FRONT_DESK' } },
    ],
    removeMember: async () => {
      const email = `leaving${counter++}@matrix.test`;
      const userId = await one(`insert into users (mg_id, email) values (80, $1) returning id`, [email]);
      const id = await one(
        `insert into staff_members (marketplace_id, mg_id, user_id, role) values (80, 80, $1, 'front_desk') returning id`,
        [Number(userId)],
      );
      return [teamOperations.removeMember, { id }];
    },
  };

  beforeAll(async () => {
    context = await createCheckoutTestContext(factory);
    browsers.owner = await signedInStaff(context, {
      marketplaceId: 80,
      email: 'owner@matrix.test',
      role: 'owner',
    });
    browsers.frontDesk = await signedInStaff(context, {
      marketplaceId: 80,
      email: 'desk@matrix.test',
      role: 'front_desk',
    });
    browsers.practitioner = await signedInStaff(context, {
      marketplaceId: 80,
      email: 'ada@matrix.test',
      role: 'practitioner',
      practitionerId: 801,
    });
    browsers.otherOwner = await signedInStaff(context, {
      marketplaceId: 81,
      email: 'owner81@matrix.test',
      role: 'owner',
    });
    browsers.client = (await signedInClient(context.app, '80', 'client@matrix.test')).browser;
    browsers.signedOut = new TestBrowser(context.app);
    frontDeskMemberId = await one(
      `select s.id from staff_members s join users u on u.id = s.user_id where u.email = 'desk@matrix.test'`,
    );
  });
  afterAll(() => context.handle.dispose());

  it.each(cells)('$role: $operation is $want', async ({ role, operation, want }) => {
    const [query, variables] = await calls[operation]();
    const response = await browsers[role].post<Record<string, unknown>>(query, {
      marketplaceId: '80',
      ...variables,
    });
    const code = response.body.errors?.[0]?.extensions?.code;
    expect(code ?? 'ok').toBe(want);
    if (want !== 'ok' || operation !== 'team') return;
    // A practitioner member reads only themselves; the owner and the front desk the whole team.
    const team = response.body.data?.staffTeam as { practitioners: TeamPractitioner[] };
    const seen = team.practitioners.map((p) => p.id);
    if (role === 'practitioner') expect(seen).toEqual(['801']);
    else expect(seen).toEqual(expect.arrayContaining(['801', '802']));
  });

  it('records every allowed change in the activity log with who made it', async () => {
    const rows = await context.sql<{ actor: string; action: string }>(
      'select distinct actor, action from activity_log where marketplace_id = 80 order by actor, action',
    );
    expect(rows).toEqual(
      expect.arrayContaining([
        { actor: 'ada@matrix.test', action: 'practitioner.time-off.add' },
        { actor: 'ada@matrix.test', action: 'practitioner.time-off.remove' },
        { actor: 'desk@matrix.test', action: 'practitioner.hours' },
        { actor: 'desk@matrix.test', action: 'practitioner.day-hours' },
        { actor: 'desk@matrix.test', action: 'practitioner.day-hours.clear' },
        { actor: 'owner@matrix.test', action: 'staff-member.invite' },
        { actor: 'owner@matrix.test', action: 'staff-member.remove' },
        { actor: 'owner@matrix.test', action: 'practitioner.remove' },
      ]),
    );
    expect(rows.some((row) => row.actor === 'owner81@matrix.test')).toBe(false);
  });
});
