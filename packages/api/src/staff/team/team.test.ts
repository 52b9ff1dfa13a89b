// The Team section's operations: what each changes, what availability then offers, the rules'
// messages, the activity log, and staff members' invitations, roles and removal.
import { TZDate } from '@date-fns/tz';
import { addDays, format, getISODay } from 'date-fns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CheckoutTestContext,
  createCheckoutTestContext,
  ids,
  newYork,
  TestBrowser,
} from '../../test/checkout';
import { testDatabases } from '../../test/databases';
import { mailbox, signInWithPasscode } from '../../test/identity';
import { signedInStaff, staffOperations } from '../../test/staff';
import { clinicTimes, type TeamPractitioner, teamOperations } from './team-test-support';

// Marketplace 82 of the checkout fixture: clinic 821, Drip 8201, practitioner 821 at the clinic
// every day 09:00-17:00 and 822 on home visits.
const m = ids(82);
const day = format(addDays(new TZDate(Date.now(), newYork), 5), 'yyyy-MM-dd');
const weekday = getISODay(new Date(`${day}T12:00:00`));

describe.each(testDatabases)('the Team section on $name', (factory) => {
  let context: CheckoutTestContext;
  let owner: TestBrowser;

  const slots = () =>
    clinicTimes(owner, { marketplaceId: m.marketplace, clinicId: m.clinic, procedureIds: [m.drip], day });
  const logRows = (action: string) =>
    context.sql<{ actor: string; subject: string; before: unknown; after: unknown }>(
      'select actor, subject, before, after from activity_log where marketplace_id = 82 and action = $1 order by id',
      [action],
    );
  const save = (input: Record<string, unknown>) =>
    owner.data<{ staffSavePractitioner: TeamPractitioner }>(teamOperations.save, {
      marketplaceId: m.marketplace,
      input,
    });
  const setHours = (practitionerId: string, clinicId: string | null, intervals: unknown[]) =>
    owner.post<{ staffSetWorkingHours: TeamPractitioner }>(teamOperations.hours, {
      marketplaceId: m.marketplace,
      practitionerId,
      clinicId,
      intervals,
    });

  beforeAll(async () => {
    context = await createCheckoutTestContext(factory);
    owner = await signedInStaff(context, { marketplaceId: 82, email: 'owner82@team.test', role: 'owner' });
    // The clinic's only practitioner stops working there, so every clinic time below is the new one's.
    const cleared = await setHours('821', m.clinic, []);
    expect(cleared.body.errors).toBeUndefined();
  });
  afterAll(() => context.handle.dispose());

  it('adds a practitioner whose hours and services availability offers at once', async () => {
    expect(await slots()).toEqual([]);
    const { staffSavePractitioner: eve } = await save({
      name: '  Eve  ',
      photoUrl: '/media/82/eve.jpg',
      procedureIds: [m.drip, m.shot],
    });
    expect(eve).toMatchObject({ name: 'Eve', photoUrl: '/media/82/eve.jpg', active: true, hours: [] });
    expect(eve.procedureIds.sort()).toEqual([m.drip, m.shot].sort());
    const hours = await setHours(eve.id, m.clinic, [{ weekday, start: '09:00', end: '11:00' }]);
    expect(hours.body.data?.staffSetWorkingHours.hours).toEqual([
      { clinicId: m.clinic, weekday, start: '09:00', end: '11:00' },
    ]);
    expect(await slots()).toEqual(['09:00', '09:15', '09:30', '09:45', '10:00']);

    const [created] = await logRows('practitioner.create');
    expect(created).toMatchObject({
      actor: 'owner82@team.test',
      subject: 'Practitioner “Eve”',
      before: null,
      after: { name: 'Eve', photoUrl: '/media/82/eve.jpg', active: true },
    });
    const hoursRows = await logRows('practitioner.hours');
    expect(hoursRows.at(-1)).toMatchObject({
      subject: 'Hours of “Eve” (Test Midtown 82)',
      before: [],
      after: [{ weekday, startMinute: 540, endMinute: 660 }],
    });

    // Without the service, she is not offered for it.
    await save({ id: eve.id, name: 'Eve', photoUrl: null, procedureIds: [m.shot] });
    expect(await slots()).toEqual([]);
    const updated = await logRows('practitioner.update');
    expect(updated.at(-1)?.before).toMatchObject({ photoUrl: '/media/82/eve.jpg' });
    expect(updated.at(-1)?.after).toMatchObject({ photoUrl: null, procedureIds: [Number(m.shot)] });
    await save({ id: eve.id, name: 'Eve', photoUrl: null, procedureIds: [m.drip] });
    expect(await slots()).toHaveLength(5);
  });

  it('refuses bad hours with the rules’ messages and overlapping locations with HOURS_OVERLAP', async () => {
    const { staffSavePractitioner: finn } = await save({ name: 'Finn', procedureIds: [m.shot] });
    const problem = async (intervals: unknown[], clinicId: string | null = m.clinic) => {
      const response = await setHours(finn.id, clinicId, intervals);
      const [error] = response.body.errors ?? [];
      return { message: error?.message, code: error?.extensions?.code };
    };
    expect(await problem([{ weekday: 1, start: '12:00', end: '09:00' }])).toEqual({
      message: 'The start must be before the end.',
      code: 'BAD_USER_INPUT',
    });
    expect(await problem([{ weekday: 1, start: '09:10', end: '12:00' }])).toEqual({
      message: 'Use times on the quarter hour (such as 09:00, 09:15, 09:30).',
      code: 'BAD_USER_INPUT',
    });
    expect(await problem([{ weekday: 1, start: '9am', end: '12:00' }])).toEqual({
      message: 'Enter a time such as 09:00.',
      code: 'BAD_USER_INPUT',
    });
    expect(
      await problem([
        { weekday: 2, start: '09:00', end: '12:00' },
        { weekday: 2, start: '11:00', end: '13:00' },
      ]),
    ).toEqual({ message: 'These hours overlap other hours on the same day.', code: 'BAD_USER_INPUT' });
    expect(await problem([{ weekday: 8, start: '09:00', end: '12:00' }])).toEqual({
      message: 'Choose a day of the week.',
      code: 'BAD_USER_INPUT',
    });
    const atHome = await setHours(finn.id, null, [{ weekday: 3, start: '08:00', end: '12:00' }]);
    expect(atHome.body.errors).toBeUndefined();
    expect(await problem([{ weekday: 3, start: '11:45', end: '24:00' }])).toEqual({
      message: 'These hours overlap at-home hours on Wednesday.',
      code: 'HOURS_OVERLAP',
    });
    // Touching ends do not overlap; 24:00 ends the day.
    const fine = await setHours(finn.id, m.clinic, [{ weekday: 3, start: '12:00', end: '24:00' }]);
    expect(fine.body.data?.staffSetWorkingHours.hours).toEqual([
      { clinicId: null, weekday: 3, start: '08:00', end: '12:00' },
      { clinicId: m.clinic, weekday: 3, start: '12:00', end: '24:00' },
    ]);
    expect(await problem([], '811')).toEqual({ message: 'Clinic 811 was not found.', code: 'NOT_FOUND' });

    // Without home visits, hours at home can only be cleared.
    await context.sql('update marketplaces set provides_at_home = false where id = 82');
    expect(await problem([{ weekday: 3, start: '08:00', end: '12:00' }], null)).toEqual({
      message: 'This marketplace does not offer at-home visits.',
      code: 'BAD_USER_INPUT',
    });
    const cleared = await setHours(finn.id, null, []);
    expect(cleared.body.data?.staffSetWorkingHours.hours).toEqual([
      { clinicId: m.clinic, weekday: 3, start: '12:00', end: '24:00' },
    ]);
    await context.sql('update marketplaces set provides_at_home = true where id = 82');
  });

  it('refuses a bad name or photo with the rules’ messages', async () => {
    const error = async (input: Record<string, unknown>) => {
      const response = await owner.post(teamOperations.save, { marketplaceId: m.marketplace, input });
      return response.body.errors?.[0]?.message;
    };
    expect(await error({ name: '  ', procedureIds: [] })).toBe('Enter the practitioner’s name.');
    expect(await error({ name: 'A', photoUrl: 'http://x.test/a.jpg', procedureIds: [] })).toBe(
      'Use an uploaded photo or an https:// address.',
    );
    expect(await error({ name: 'A', procedureIds: [ids(81).drip] })).toBe(
      `Service ${ids(81).drip} was not found.`,
    );
  });

  it('takes time off out of availability, and gives it back when removed', async () => {
    const before = await slots();
    expect(before.length).toBeGreaterThan(0);
    const { staffTeam } = await owner.data<{ staffTeam: { practitioners: TeamPractitioner[] } }>(
      teamOperations.team,
      {
        marketplaceId: m.marketplace,
      },
    );
    const eve = staffTeam.practitioners.find((p) => p.name === 'Eve');
    if (!eve) throw new Error('Eve is missing');
    expect(eve.timeZone).toBe(newYork);
    const added = await owner.data<{ staffAddTimeOff: TeamPractitioner }>(teamOperations.addTimeOff, {
      marketplaceId: m.marketplace,
      practitionerId: eve.id,
      input: { start: `${day}T09:30`, end: `${day}T10:30`, reason: 'Dentist' },
    });
    const [timeOff] = added.staffAddTimeOff.timeOff;
    expect(timeOff).toMatchObject({
      localStart: `${day}T09:30`,
      localEnd: `${day}T10:30`,
      reason: 'Dentist',
    });
    const [year, month, date] = day.split('-').map(Number) as [number, number, number];
    expect(timeOff?.start).toBe(new Date(+new TZDate(year, month - 1, date, 9, 30, newYork)).toISOString());
    expect(await slots()).toEqual([]);
    expect((await logRows('practitioner.time-off.add')).at(-1)).toMatchObject({
      subject: 'Time off of “Eve”',
      after: { timeZone: newYork, reason: 'Dentist' },
    });

    const wrong = await owner.post(teamOperations.addTimeOff, {
      marketplaceId: m.marketplace,
      practitionerId: eve.id,
      input: { start: `${day}T10:30`, end: `${day}T09:30` },
    });
    expect(wrong.body.errors?.[0]?.message).toBe('The end must be after the start.');

    await owner.data(teamOperations.removeTimeOff, { marketplaceId: m.marketplace, id: timeOff?.id });
    expect(await slots()).toEqual(before);
    expect((await logRows('practitioner.time-off.remove')).at(-1)?.before).toMatchObject({
      reason: 'Dentist',
    });
  });

  it('changes one day’s hours: availability follows that day only, and clearing gives the week back', async () => {
    const before = await slots();
    expect(before.length).toBeGreaterThan(0);
    const { staffTeam } = await owner.data<{ staffTeam: { practitioners: TeamPractitioner[] } }>(
      teamOperations.team,
      { marketplaceId: m.marketplace },
    );
    const eve = staffTeam.practitioners.find((p) => p.name === 'Eve');
    if (!eve) throw new Error('Eve is missing');
    const setDay = (date: string, intervals: unknown[]) =>
      owner.post<{ staffSetDayHours: TeamPractitioner }>(teamOperations.setDayHours, {
        marketplaceId: m.marketplace,
        practitionerId: eve.id,
        input: { date, intervals },
      });

    const later = await setDay(day, [{ clinicId: m.clinic, start: '13:00', end: '15:00' }]);
    expect(later.body.data?.staffSetDayHours.dayChanges).toEqual([
      { date: day, hours: [{ clinicId: m.clinic, start: '13:00', end: '15:00' }] },
    ]);
    expect((await slots())[0]).toBe('13:00');
    expect(await slots()).not.toContain('09:00');
    expect((await logRows('practitioner.day-hours')).at(-1)).toMatchObject({
      actor: 'owner82@team.test',
      subject: `Hours of “Eve” on ${day}`,
      before: null,
      after: { date: day, hours: [{ clinicId: m.clinic, start: '13:00', end: '15:00' }] },
    });

    // A day off there: no hours at all that day, replacing the earlier change.
    const off = await setDay(day, []);
    expect(off.body.data?.staffSetDayHours.dayChanges).toEqual([{ date: day, hours: [] }]);
    expect(await slots()).toEqual([]);

    const yesterday = format(addDays(new TZDate(Date.now(), newYork), -1), 'yyyy-MM-dd');
    const refusals: [string, unknown[], string][] = [
      [yesterday, [], 'Choose today or a later day.'],
      ['2031-02-30', [], 'Enter a date.'],
      [day, [{ clinicId: m.clinic, start: '15:00', end: '13:00' }], 'The start must be before the end.'],
      [
        day,
        [{ clinicId: m.clinic, start: '13:05', end: '15:00' }],
        'Use times on the quarter hour (such as 09:00, 09:15, 09:30).',
      ],
      [
        day,
        [
          { clinicId: m.clinic, start: '09:00', end: '12:00' },
          { clinicId: null, start: '11:00', end: '13:00' },
        ],
        'These hours overlap other hours on the same day.',
      ],
    ];
    for (const [date, intervals, message] of refusals) {
      expect((await setDay(date, intervals)).body.errors?.[0]?.message).toBe(message);
    }
    const otherClinic = await setDay(day, [{ clinicId: '999999', start: '09:00', end: '10:00' }]);
    expect(otherClinic.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');

    const cleared = await owner.data<{ staffClearDayHours: TeamPractitioner }>(teamOperations.clearDayHours, {
      marketplaceId: m.marketplace,
      practitionerId: eve.id,
      date: day,
    });
    expect(cleared.staffClearDayHours.dayChanges).toEqual([]);
    expect(await slots()).toEqual(before);
    const again = await owner.post(teamOperations.clearDayHours, {
      marketplaceId: m.marketplace,
      practitionerId: eve.id,
      date: day,
    });
    expect(again.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await logRows('practitioner.day-hours.clear')).at(-1)?.before).toEqual({ date: day, hours: [] });
  });

  it('archives a practitioner with appointments (keeping their name on them) and deletes one without', async () => {
    const { staffSavePractitioner: gus } = await save({ name: 'Gus', procedureIds: [m.drip] });
    expect(
      (
        await owner.data<{ staffRemovePractitioner: unknown }>(teamOperations.remove, {
          marketplaceId: m.marketplace,
          id: gus.id,
        })
      ).staffRemovePractitioner,
    ).toEqual({ outcome: 'DELETED' });
    expect(await context.sql('select 1 from practitioners where id = $1', [Number(gus.id)])).toEqual([]);

    const { staffTeam } = await owner.data<{ staffTeam: { practitioners: TeamPractitioner[] } }>(
      teamOperations.team,
      {
        marketplaceId: m.marketplace,
      },
    );
    const eve = staffTeam.practitioners.find((p) => p.name === 'Eve');
    await context.sql(
      `insert into appointments (marketplace_id, practitioner_id, organization_id, starts_at, ends_at, status)
         values (82, $1, 821, now() - interval '3 days', now() - interval '3 days' + interval '1 hour', 'COMPLETE')`,
      [Number(eve?.id)],
    );
    const removed = await owner.data<{ staffRemovePractitioner: unknown }>(teamOperations.remove, {
      marketplaceId: m.marketplace,
      id: eve?.id,
    });
    expect(removed.staffRemovePractitioner).toEqual({ outcome: 'ARCHIVED' });
    expect(await slots()).toEqual([]);
    const [kept] = await context.sql<{ name: string }>(
      'select p.name from appointments a join practitioners p on p.id = a.practitioner_id where p.id = $1',
      [Number(eve?.id)],
    );
    expect(kept?.name).toBe('Eve');
    expect((await logRows('practitioner.remove')).at(-1)).toMatchObject({
      subject: 'Practitioner “Eve”',
      after: { active: false },
    });
    const restored = await owner.data<{ staffRestorePractitioner: TeamPractitioner }>(
      teamOperations.restore,
      {
        marketplaceId: m.marketplace,
        id: eve?.id,
      },
    );
    expect(restored.staffRestorePractitioner.active).toBe(true);
    expect(await slots()).toHaveLength(5);
  });

  it('invites a member by mail, who signs in with the role; removal ends their sessions at once', async () => {
    const invited = await owner.data<{ staffInviteMember: { id: string; role: string; joined: boolean } }>(
      teamOperations.invite,
      { marketplaceId: m.marketplace, input: { email: 'Desk82@Team.test', role: 'FRONT_DESK' } },
    );
    expect(invited.staffInviteMember).toMatchObject({ role: 'FRONT_DESK', joined: false });
    const [mail] = await mailbox(context.app, 'desk82@team.test');
    expect(mail?.subject).toBe("You're invited to the staff of Checkout Test 82");
    expect(mail?.text).toContain(
      'owner82@team.test added you to the staff of Checkout Test 82 as Front desk.',
    );
    expect(mail?.links.some((link) => link.endsWith('/82/console'))).toBe(true);
    expect((await logRows('staff-member.invite')).at(-1)).toMatchObject({
      before: null,
      after: { email: 'desk82@team.test', role: 'front_desk', practitionerId: null },
    });

    const desk = new TestBrowser(context.app);
    await signInWithPasscode(context.app, desk, 'desk82@team.test', m.marketplace);
    const viewer = await desk.data<{ staffViewer: { role: string } }>(staffOperations.viewer, {
      marketplaceId: m.marketplace,
    });
    expect(viewer.staffViewer.role).toBe('FRONT_DESK');

    const again = await owner.post(teamOperations.invite, {
      marketplaceId: m.marketplace,
      input: { email: 'desk82@team.test', role: 'OWNER' },
    });
    expect(again.body.errors?.[0]?.extensions?.code).toBe('ALREADY_STAFF');

    const removed = await owner.data<{ staffRemoveMember: unknown }>(teamOperations.removeMember, {
      marketplaceId: m.marketplace,
      id: invited.staffInviteMember.id,
    });
    expect(removed.staffRemoveMember).toEqual({ sessionsEnded: true });
    const after = await desk.post(teamOperations.team, { marketplaceId: m.marketplace });
    expect(after.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await logRows('staff-member.remove')).at(-1)).toMatchObject({
      before: { email: 'desk82@team.test', role: 'front_desk' },
      after: null,
    });
  });

  it('keeps the sessions of a removed member who is staff of another marketplace of the group', async () => {
    const both = await signedInStaff(context, {
      marketplaceId: 83,
      email: 'both@team.test',
      role: 'front_desk',
    });
    const invited = await owner.data<{ staffInviteMember: { id: string } }>(teamOperations.invite, {
      marketplaceId: m.marketplace,
      input: { email: 'both@team.test', role: 'FRONT_DESK' },
    });
    const removed = await owner.data<{ staffRemoveMember: unknown }>(teamOperations.removeMember, {
      marketplaceId: m.marketplace,
      id: invited.staffInviteMember.id,
    });
    expect(removed.staffRemoveMember).toEqual({ sessionsEnded: false });
    const there = await both.data<{ staffViewer: { role: string } }>(staffOperations.viewer, {
      marketplaceId: '83',
    });
    expect(there.staffViewer.role).toBe('FRONT_DESK');
    const here = await both.data<{ staffViewer: unknown }>(staffOperations.viewer, {
      marketplaceId: m.marketplace,
    });
    expect(here.staffViewer).toBeNull();
  });

  it('changes roles, links a practitioner member, and never leaves the marketplace without an owner', async () => {
    const { staffMembers } = await owner.data<{ staffMembers: { id: string; email: string }[] }>(
      teamOperations.members,
      { marketplaceId: m.marketplace },
    );
    const self = staffMembers.find((member) => member.email === 'owner82@team.test');
    const demote = await owner.post(teamOperations.changeRole, {
      marketplaceId: m.marketplace,
      id: self?.id,
      input: { role: 'FRONT_DESK' },
    });
    expect(demote.body.errors?.[0]).toMatchObject({
      message: 'The marketplace must keep at least one owner: make someone else an owner first.',
      extensions: { code: 'LAST_OWNER' },
    });
    const leave = await owner.post(teamOperations.removeMember, {
      marketplaceId: m.marketplace,
      id: self?.id,
    });
    expect(leave.body.errors?.[0]?.extensions?.code).toBe('LAST_OWNER');

    const noPractitioner = await owner.post(teamOperations.invite, {
      marketplaceId: m.marketplace,
      input: { email: 'pat@team.test', role: 'PRACTITIONER' },
    });
    expect(noPractitioner.body.errors?.[0]?.message).toBe('Choose which practitioner this member is.');
    const badEmail = await owner.post(teamOperations.invite, {
      marketplaceId: m.marketplace,
      input: { email: 'not-an-email', role: 'OWNER' },
    });
    expect(badEmail.body.errors?.[0]).toMatchObject({
      message: 'Enter a valid email address.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const desk = await owner.data<{ staffInviteMember: { role: string; practitioner: unknown } }>(
      teamOperations.invite,
      {
        marketplaceId: m.marketplace,
        input: { email: 'desk2@team.test', role: 'FRONT_DESK', practitionerId: '821' },
      },
    );
    expect(desk.staffInviteMember).toMatchObject({ role: 'FRONT_DESK', practitioner: null });
    const pat = await owner.data<{ staffInviteMember: { id: string; practitioner: unknown } }>(
      teamOperations.invite,
      {
        marketplaceId: m.marketplace,
        input: { email: 'pat@team.test', role: 'PRACTITIONER', practitionerId: '821' },
      },
    );
    expect(pat.staffInviteMember.practitioner).toEqual({ id: '821', name: 'Ada 82' });
    const promoted = await owner.data<{ staffChangeMemberRole: unknown }>(teamOperations.changeRole, {
      marketplaceId: m.marketplace,
      id: pat.staffInviteMember.id,
      input: { role: 'OWNER', practitionerId: '821' },
    });
    expect(promoted.staffChangeMemberRole).toMatchObject({ role: 'OWNER', practitioner: null });
    expect((await logRows('staff-member.role')).at(-1)).toMatchObject({
      before: { role: 'practitioner', practitionerId: 821 },
      after: { role: 'owner', practitionerId: null },
    });
    // With a second owner, the first may step down.
    const stepDown = await owner.data<{ staffChangeMemberRole: unknown }>(teamOperations.changeRole, {
      marketplaceId: m.marketplace,
      id: self?.id,
      input: { role: 'FRONT_DESK' },
    });
    expect(stepDown.staffChangeMemberRole).toMatchObject({ role: 'FRONT_DESK' });
  });
});
