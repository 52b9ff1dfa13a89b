import type { StaffMember, StaffTeam, StaffTeamPractitioner } from '@atrium/graphql-client/staff-team';
import { resetClientValues } from '@atrium/stores';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConsoleStaff } from '../shell/console-staff';
import { collectToasts, graphqlFetch, renderConsole } from '../test/test-support';
import TeamSection from './team-section';

afterEach(cleanup);
beforeEach(() => resetClientValues());

const owner: ConsoleStaff = {
  role: 'owner',
  name: 'Olive Owner',
  email: 'o@glow.example',
  practitionerId: null,
};
const frontDesk: ConsoleStaff = {
  role: 'front_desk',
  name: 'Fran Desk',
  email: 'f@glow.example',
  practitionerId: null,
};
const dana: ConsoleStaff = {
  role: 'practitioner',
  name: 'Dana Park',
  email: 'd@glow.example',
  practitionerId: '3',
};

const practitioner = (overrides: Partial<StaffTeamPractitioner> = {}): StaffTeamPractitioner => ({
  id: '3',
  name: 'Dana Park',
  photoUrl: null,
  active: true,
  procedureIds: ['101'],
  hours: [{ clinicId: '21', weekday: 1, start: '09:00', end: '17:00' }],
  timeOff: [
    {
      id: '90',
      start: '2030-01-08T14:00:00.000Z',
      end: '2030-01-08T22:00:00.000Z',
      localStart: '2030-01-08T09:00',
      localEnd: '2030-01-08T17:00',
      reason: 'Training',
    },
  ],
  dayChanges: [{ date: '2030-01-12', hours: [{ clinicId: null, start: '10:00', end: '14:00' }] }],
  timeZone: 'America/New_York',
  hasMember: true,
  ...overrides,
});

const team = (practitioners = [practitioner()]): StaffTeam => ({
  practitioners,
  locations: [
    { clinicId: '21', name: 'Glow Midtown', timeZone: 'America/New_York' },
    { clinicId: null, name: 'At-home visits', timeZone: null },
  ],
  procedures: [
    { id: '101', name: 'B12 Energy Shot', isAddOn: false },
    { id: '201', name: 'Vitamin C Boost', isAddOn: true },
  ],
});

const members: StaffMember[] = [
  {
    id: '1',
    email: 'o@glow.example',
    name: 'Olive Owner',
    role: 'OWNER',
    practitioner: null,
    addedAt: '2030-01-01T00:00:00.000Z',
    joined: true,
  },
  {
    id: '2',
    email: 'd@glow.example',
    name: null,
    role: 'PRACTITIONER',
    practitioner: { id: '3', name: 'Dana Park' },
    addedAt: '2030-01-01T00:00:00.000Z',
    joined: false,
  },
];

// Long journeys through several forms: slower than the default five seconds on a busy machine.
describe('the Team section', { timeout: 20_000 }, () => {
  it('lets the front desk edit weekly hours with the rules’ messages, but not details or staff', async () => {
    const toasts = collectToasts();
    const api = graphqlFetch({
      StaffTeam: () => ({ data: { staffTeam: team() } }),
      StaffSetWorkingHours: () => ({
        data: {
          staffSetWorkingHours: practitioner({
            hours: [{ clinicId: '21', weekday: 2, start: '10:00', end: '12:00' }],
          }),
        },
      }),
    });
    renderConsole(<TeamSection marketplaceId="1" staff={frontDesk} />, '/1/console/team?practitioner=3');

    expect(await screen.findByRole('heading', { level: 2, name: 'Dana Park' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add practitioner' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Staff members' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Dana Park’s details' })).toBeNull();

    const monday = screen.getByRole('group', { name: 'Monday' });
    expect(
      (within(monday).getByRole('textbox', { name: 'Monday, hours 1: start' }) as HTMLInputElement).value,
    ).toBe('09:00');
    fireEvent.click(within(monday).getByRole('button', { name: 'Remove Monday, hours 1' }));
    const tuesday = screen.getByRole('group', { name: 'Tuesday' });
    fireEvent.click(within(tuesday).getByRole('button', { name: 'Add hours on Tuesday' }));
    const start = within(tuesday).getByRole('textbox', { name: 'Tuesday, hours 1: start' });
    fireEvent.change(start, { target: { value: '10:10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save hours' }));
    expect(
      await within(tuesday).findByText('Use times on the quarter hour (such as 09:00, 09:15, 09:30).'),
    ).toBeTruthy();
    expect(api.of('StaffSetWorkingHours')).toHaveLength(0);

    fireEvent.change(start, { target: { value: '10:00' } });
    fireEvent.change(within(tuesday).getByRole('textbox', { name: 'Tuesday, hours 1: end' }), {
      target: { value: '12:00' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save hours' }));
    await waitFor(() =>
      expect(toasts).toContainEqual({ type: 'success', message: 'Hours at Glow Midtown saved.' }),
    );
    expect(api.of('StaffSetWorkingHours')[0]?.variables).toEqual({
      marketplaceId: '1',
      practitionerId: '3',
      clinicId: '21',
      intervals: [{ weekday: 2, start: '10:00', end: '12:00' }],
    });
  });

  it('asks before unsaved hours are lost by switching location', async () => {
    const api = graphqlFetch({ StaffTeam: () => ({ data: { staffTeam: team() } }) });
    renderConsole(<TeamSection marketplaceId="1" staff={frontDesk} />, '/1/console/team?practitioner=3');
    const monday = await screen.findByRole('group', { name: 'Monday' });
    fireEvent.change(within(monday).getByRole('textbox', { name: 'Monday, hours 1: end' }), {
      target: { value: '18:00' },
    });
    fireEvent.change(screen.getByRole('combobox', { name: 'Location' }), { target: { value: 'home' } });
    const ask = await screen.findByRole('alertdialog', { name: 'Discard unsaved changes?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() =>
      expect(within(screen.getByRole('group', { name: 'Monday' })).getByText('Not working')).toBeTruthy(),
    );
    expect(api.of('StaffSetWorkingHours')).toHaveLength(0);
  });

  it('shows the server’s overlap refusal beside the hours', async () => {
    graphqlFetch({
      StaffTeam: () => ({ data: { staffTeam: team() } }),
      StaffSetWorkingHours: () => ({
        errors: [
          { message: 'These hours overlap at-home hours on Monday.', extensions: { code: 'HOURS_OVERLAP' } },
        ],
      }),
    });
    renderConsole(<TeamSection marketplaceId="1" staff={frontDesk} />, '/1/console/team?practitioner=3');
    const monday = await screen.findByRole('group', { name: 'Monday' });
    fireEvent.change(within(monday).getByRole('textbox', { name: 'Monday, hours 1: end' }), {
      target: { value: '18:00' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save hours' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'These hours overlap at-home hours on Monday.',
    );
  });

  it('lets the front desk change one day’s hours with the rules’ messages, and restore the weekly hours', async () => {
    const toasts = collectToasts();
    const api = graphqlFetch({
      StaffTeam: () => ({ data: { staffTeam: team() } }),
      StaffSetDayHours: () => ({ data: { staffSetDayHours: practitioner() } }),
      StaffClearDayHours: () => ({ data: { staffClearDayHours: practitioner({ dayChanges: [] }) } }),
    });
    renderConsole(<TeamSection marketplaceId="1" staff={frontDesk} />, '/1/console/team?practitioner=3');
    const changed = await screen.findByRole('region', { name: 'Changed days' });
    expect(within(changed).getByText('10:00 to 14:00 at At-home visits')).toBeTruthy();

    const form = within(changed).getByRole('form', { name: 'Change one day' });
    fireEvent.click(within(form).getByRole('button', { name: 'Save day' }));
    expect(await within(form).findByText('Enter a date.')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText(/Date/), { target: { value: '2030-01-19' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add hours that day' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Add hours that day' }));
    fireEvent.change(within(form).getByRole('textbox', { name: 'Hours 2: start' }), {
      target: { value: '12:00' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save day' }));
    expect(await within(form).findAllByText('These hours overlap other hours on the same day.')).toHaveLength(
      2,
    );
    expect(api.of('StaffSetDayHours')).toHaveLength(0);

    fireEvent.click(within(form).getByRole('button', { name: 'Remove Hours 2' }));
    fireEvent.change(within(form).getByRole('combobox', { name: 'Hours 1: location' }), {
      target: { value: 'home' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save day' }));
    await waitFor(() =>
      expect(toasts).toContainEqual({ type: 'success', message: 'Hours on Sat, Jan 19, 2030 saved.' }),
    );
    expect(api.of('StaffSetDayHours')[0]?.variables).toEqual({
      marketplaceId: '1',
      practitionerId: '3',
      input: { date: '2030-01-19', intervals: [{ clinicId: null, start: '09:00', end: '17:00' }] },
    });

    fireEvent.click(within(changed).getByRole('button', { name: 'Use weekly hours on Sat, Jan 12, 2030' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Use the weekly hours on this day?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Use weekly hours' }));
    await waitFor(() => expect(api.of('StaffClearDayHours')).toHaveLength(1));
    expect(api.of('StaffClearDayHours')[0]?.variables).toEqual({
      marketplaceId: '1',
      practitionerId: '3',
      date: '2030-01-12',
    });
  });

  it('lets the owner add a practitioner with services, and invite a staff member', async () => {
    const toasts = collectToasts();
    const api = graphqlFetch({
      StaffTeam: () => ({ data: { staffTeam: team() } }),
      StaffMembers: () => ({ data: { staffMembers: members } }),
      StaffSavePractitioner: () => ({
        data: {
          staffSavePractitioner: practitioner({
            id: '4',
            name: 'Eve Stone',
            procedureIds: ['201'],
            hours: [],
            timeOff: [],
          }),
        },
      }),
      StaffInviteMember: () => ({
        data: { staffInviteMember: { ...members[0], id: '5', email: 'new@glow.example' } },
      }),
    });
    const { path } = renderConsole(<TeamSection marketplaceId="1" staff={owner} />, '/1/console/team');

    const staffPart = await screen.findByRole('region', { name: 'Staff members' });
    expect(await within(staffPart).findByText('Invited')).toBeTruthy();
    expect(within(staffPart).getByText('Practitioner (Dana Park)')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Add practitioner' })[0] as HTMLElement);
    const form = await screen.findByRole('form', { name: 'New practitioner' });
    fireEvent.click(within(form).getByRole('button', { name: 'Add practitioner' }));
    expect(await within(form).findByText('Enter the practitioner’s name.')).toBeTruthy();
    fireEvent.change(within(form).getByRole('textbox', { name: /Name/ }), { target: { value: 'Eve Stone' } });
    const boost = within(form).getByRole('checkbox', { name: 'Vitamin C Boost (add-on)' });
    fireEvent.click(boost);
    // The checkbox's state machine reports the change after the click's task.
    await waitFor(() => expect(boost.closest('label')?.getAttribute('data-state')).toBe('checked'));
    fireEvent.click(within(form).getByRole('button', { name: 'Add practitioner' }));
    await waitFor(() => expect(api.of('StaffSavePractitioner')).toHaveLength(1));
    expect(api.of('StaffSavePractitioner')[0]?.variables).toEqual({
      marketplaceId: '1',
      input: { id: null, name: 'Eve Stone', photoUrl: null, procedureIds: ['201'] },
    });
    await waitFor(() => expect(path()).toBe('/1/console/team?practitioner=4'));
    expect(toasts).toContainEqual({
      type: 'success',
      message: 'Eve Stone added. Set their weekly hours next.',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Invite member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a staff member' });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Role' }), {
      target: { value: 'practitioner' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Email/ }), {
      target: { value: 'new@glow.example' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('Choose which practitioner this member is.')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('combobox', { name: /Practitioner/ }), {
      target: { value: '3' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() =>
      expect(toasts).toContainEqual({ type: 'success', message: 'Invitation sent to new@glow.example.' }),
    );
    expect(api.of('StaffInviteMember')[0]?.variables).toEqual({
      marketplaceId: '1',
      input: { email: 'new@glow.example', role: 'PRACTITIONER', practitionerId: '3' },
    });
  });

  it('tells the owner why the last owner cannot be removed', async () => {
    graphqlFetch({
      StaffTeam: () => ({ data: { staffTeam: team() } }),
      StaffMembers: () => ({ data: { staffMembers: members } }),
      StaffChangeMemberRole: () => ({
        errors: [
          {
            message: 'The marketplace must keep at least one owner: make someone else an owner first.',
            extensions: { code: 'LAST_OWNER' },
          },
        ],
      }),
    });
    renderConsole(<TeamSection marketplaceId="1" staff={owner} />, '/1/console/team');
    fireEvent.click(await screen.findByRole('button', { name: 'Change role of o@glow.example' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the role of o@glow.example' });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Role' }), {
      target: { value: 'front_desk' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change role' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The marketplace must keep at least one owner: make someone else an owner first.',
    );
  });

  it('shows a practitioner only their own time off, to add and to remove after confirming', async () => {
    const toasts = collectToasts();
    const api = graphqlFetch({
      StaffTeam: () => ({ data: { staffTeam: team() } }),
      StaffAddTimeOff: () => ({ data: { staffAddTimeOff: practitioner() } }),
      StaffRemoveTimeOff: () => ({ data: { staffRemoveTimeOff: practitioner({ timeOff: [] }) } }),
    });
    renderConsole(<TeamSection marketplaceId="1" staff={dana} />, '/1/console/team');

    expect(await screen.findByRole('heading', { level: 1, name: 'Your time off' })).toBeTruthy();
    expect(await screen.findByText('Tue, Jan 8, 2030, 9:00 AM to Tue, Jan 8, 2030, 5:00 PM')).toBeTruthy();

    expect(screen.queryByRole('heading', { name: 'Practitioners' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Weekly hours' })).toBeNull();
    const form = screen.getByRole('form', { name: 'Add time off' });
    fireEvent.change(within(form).getByLabelText(/From/), { target: { value: '2030-02-01T09:00' } });
    fireEvent.change(within(form).getByLabelText(/Until/), { target: { value: '2030-01-31T09:00' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add time off' }));
    expect(await within(form).findByText('The end must be after the start.')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText(/Until/), { target: { value: '2030-02-02T09:00' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add time off' }));
    await waitFor(() => expect(toasts).toContainEqual({ type: 'success', message: 'Time off added.' }));
    expect(api.of('StaffAddTimeOff')[0]?.variables).toEqual({
      marketplaceId: '1',
      practitionerId: '3',
      input: { start: '2030-02-01T09:00', end: '2030-02-02T09:00', reason: null },
    });

    fireEvent.click(screen.getByRole('button', { name: /Remove time off Tue, Jan 8/ }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove this time off?' });
    expect(api.of('StaffRemoveTimeOff')).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove time off' }));
    await waitFor(() =>
      expect(api.of('StaffRemoveTimeOff')[0]?.variables).toEqual({ marketplaceId: '1', id: '90' }),
    );
  });

  it('says why the team could not be loaded, and asks again', async () => {
    let fail = true;
    graphqlFetch({
      StaffTeam: () =>
        fail
          ? { errors: [{ message: 'Something broke.', extensions: { code: 'SERVICE_UNAVAILABLE' } }] }
          : { data: { staffTeam: team([]) } },
      StaffMembers: () => ({ data: { staffMembers: members } }),
    });
    renderConsole(<TeamSection marketplaceId="1" staff={owner} />, '/1/console/team');
    expect(await screen.findByText('Something broke.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getAllByRole('button', { name: 'Try again' })[0] as HTMLElement);
    expect(await screen.findByText(/No practitioners yet/)).toBeTruthy();
  });
});
