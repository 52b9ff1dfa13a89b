import { OUTSIDE_VISIT_MESSAGES, PHONE_BOOKING_MESSAGES } from '@atrium/domain';
import type { StaffTeam, StaffTeamPractitioner } from '@atrium/graphql-client/staff-team';
import { resetClientValues } from '@atrium/stores';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConsoleStaff } from '../shell/console-staff';
import {
  collectToasts,
  type GraphQLCall,
  graphqlFetch,
  renderConsole,
  requestFixture,
} from '../test/test-support';
import ScheduleSection from './schedule-section';

afterEach(cleanup);
beforeEach(() => resetClientValues());

const frontDesk: ConsoleStaff = {
  role: 'front_desk',
  name: 'Fran Desk',
  email: 'f@glow.example',
  practitionerId: null,
};

const practitioner = (id: string, name: string, active = true): StaffTeamPractitioner => ({
  id,
  name,
  photoUrl: null,
  active,
  procedureIds: ['101'],
  hours: [],
  timeOff: [],
  dayChanges: [],
  timeZone: 'America/New_York',
  hasMember: false,
});

const team: StaffTeam = {
  practitioners: [
    practitioner('4', 'Eli Stone'),
    practitioner('3', 'Dana Park'),
    practitioner('5', 'Old Al', false),
  ],
  locations: [{ clinicId: '21', name: 'Glow Midtown', timeZone: 'America/New_York' }],
  procedures: [],
};

/** Dana's visit booked elsewhere at Glow Midtown, 10:00 to 10:45 in New York. */
const outsideVisit = requestFixture({
  id: '7',
  status: 'BOOKED',
  client: null,
  procedures: [],
  notes: 'Mrs. Gray, facial',
  checkoutNotes: [],
  total: 0,
  dueOnConfirmation: 0,
});

const added = {
  data: {
    staffAddOutsideVisit: {
      id: '900',
      start: '2030-01-08T15:05:00.000Z',
      end: '2030-01-08T15:50:00.000Z',
      timeZone: 'America/New_York',
    },
  },
};

type Handlers = Parameters<typeof graphqlFetch>[0];

function renderSchedule(handlers: Handlers = {}, staff = frontDesk) {
  const api = graphqlFetch({
    StaffRequests: () => ({ data: { staffRequests: [outsideVisit] } }),
    StaffTeam: () => ({ data: { staffTeam: team } }),
    StaffAddOutsideVisit: () => added,
    ...handlers,
  });
  renderConsole(<ScheduleSection marketplaceId="1" staff={staff} />, '/1/console/schedule?date=2030-01-08');
  return api;
}

/** Opens the dialog once the practitioners are in. */
async function openDialog() {
  fireEvent.click(await screen.findByRole('button', { name: 'Add a visit booked elsewhere' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add a visit booked elsewhere' });
  await within(dialog).findByRole('option', { name: 'Dana Park' });
  return dialog;
}

const field = (dialog: HTMLElement, name: RegExp) => within(dialog).getByRole('textbox', { name });
const choose = (dialog: HTMLElement, name: RegExp, value: string) =>
  fireEvent.change(within(dialog).getByRole('combobox', { name }), { target: { value } });

function typeTimes(dialog: HTMLElement, start: string, end: string) {
  fireEvent.change(field(dialog, /^Start/), { target: { value: start } });
  fireEvent.change(field(dialog, /^End/), { target: { value: end } });
}

const addVisit = (dialog: HTMLElement) =>
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add visit' }));

const lastAdd = (api: { of: (name: string) => GraphQLCall[] }) => api.of('StaffAddOutsideVisit').at(-1);

describe('adding a visit booked elsewhere', () => {
  it('shows the domain’s messages before sending, then sends the visit at a clinic and refetches the schedule', async () => {
    const toasts = collectToasts();
    const api = renderSchedule();
    const dialog = await openDialog();
    expect(within(dialog).queryByRole('option', { name: 'Old Al' })).toBeNull();

    addVisit(dialog);
    expect(await within(dialog).findByText(OUTSIDE_VISIT_MESSAGES.practitionerRequired)).toBeTruthy();
    expect(within(dialog).getByText(PHONE_BOOKING_MESSAGES.place)).toBeTruthy();
    expect(within(dialog).getAllByText(OUTSIDE_VISIT_MESSAGES.timeInvalid)).toHaveLength(2);
    choose(dialog, /^Practitioner/, '3');
    choose(dialog, /^Place/, '21');
    typeTimes(dialog, '10:05', '9:30');
    expect(await within(dialog).findByText(OUTSIDE_VISIT_MESSAGES.timeInvalid)).toBeTruthy();
    typeTimes(dialog, '10:05', '09:30');
    expect(await within(dialog).findByText(OUTSIDE_VISIT_MESSAGES.order)).toBeTruthy();
    expect(api.of('StaffAddOutsideVisit')).toHaveLength(0);

    typeTimes(dialog, '10:05', '10:50');
    fireEvent.change(field(dialog, /^Note/), { target: { value: '  Mrs. Gray, facial ' } });
    const schedulesAsked = api.of('StaffRequests').length;
    addVisit(dialog);
    await waitFor(() => expect(api.of('StaffAddOutsideVisit')).toHaveLength(1));
    expect(lastAdd(api)?.variables).toEqual({
      marketplaceId: '1',
      input: {
        practitionerId: '3',
        organizationId: '21',
        address: null,
        date: '2030-01-08',
        start: '10:05',
        end: '10:50',
        note: 'Mrs. Gray, facial',
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toasts.at(-1)).toMatchObject({
      type: 'success',
      message: 'Visit booked elsewhere added: Dana Park, Tuesday, January 8, 2030, 10:05 AM – 10:50 AM EST.',
    });
    await waitFor(() => expect(api.of('StaffRequests').length).toBeGreaterThan(schedulesAsked));
  });

  it("sends the client's address found by the place search for a visit at home", async () => {
    const api = renderSchedule({
      PlaceSuggestions: () => ({
        data: {
          placeSuggestions: [
            {
              placeId: 'a:9',
              description: '9 Elm St, Denver, CO',
              mainText: '9 Elm St',
              secondaryText: 'Denver, CO',
            },
          ],
        },
      }),
      Geocode: () => ({
        data: {
          geocode: {
            address: '9 Elm St, Denver, CO 80202',
            hasStreet: true,
            latitude: 39.75,
            longitude: -104.99,
            timeZone: 'America/Denver',
          },
        },
      }),
    });
    const dialog = await openDialog();
    choose(dialog, /^Practitioner/, '4');
    choose(dialog, /^Place/, 'home');
    const search = within(dialog).getByRole('combobox', { name: "Client's address" });
    fireEvent.focus(search);
    fireEvent.change(search, { target: { value: '9 Elm' } });
    fireEvent.click(await screen.findByRole('option', { name: /9 Elm St/ }, { timeout: 8000 }));
    expect(await within(dialog).findByText('Visit at 9 Elm St, Denver, CO 80202')).toBeTruthy();
    typeTimes(dialog, '14:00', '15:15');
    addVisit(dialog);
    await waitFor(() => expect(api.of('StaffAddOutsideVisit')).toHaveLength(1));
    expect(lastAdd(api)?.variables.input).toEqual({
      practitionerId: '4',
      organizationId: null,
      address: { address: '9 Elm St, Denver, CO 80202', latitude: 39.75, longitude: -104.99 },
      date: '2030-01-08',
      start: '14:00',
      end: '15:15',
      note: null,
    });
  });

  it('shows a taken time’s message under the start and keeps what was typed', async () => {
    const api = renderSchedule({
      StaffAddOutsideVisit: () => ({
        errors: [{ message: OUTSIDE_VISIT_MESSAGES.taken, extensions: { code: 'SLOT_TAKEN' } }],
      }),
    });
    const dialog = await openDialog();
    choose(dialog, /^Practitioner/, '3');
    choose(dialog, /^Place/, '21');
    typeTimes(dialog, '10:00', '10:45');
    addVisit(dialog);
    await within(dialog).findByText(OUTSIDE_VISIT_MESSAGES.taken);
    expect(api.of('StaffAddOutsideVisit')).toHaveLength(1);
    const start = field(dialog, /^Start/);
    expect(start.getAttribute('aria-invalid')).toBe('true');
    const errorId = start.getAttribute('aria-errormessage') ?? '';
    expect(document.getElementById(errorId)?.textContent).toBe(OUTSIDE_VISIT_MESSAGES.taken);
    expect((field(dialog, /^End/) as HTMLInputElement).value).toBe('10:45');
    expect(screen.getByRole('dialog', { name: 'Add a visit booked elsewhere' })).toBeTruthy();
  });

  it('asks before closing with something typed', async () => {
    renderSchedule();
    const dialog = await openDialog();
    typeTimes(dialog, '10:00', '');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Discard your changes?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('visits booked outside Atrium in the schedule', () => {
  const removeName = 'Remove the visit 10:00 AM – 10:45 AM EST with Dana Park';

  it('shows the team’s note, and removes the visit only once confirmed', async () => {
    const toasts = collectToasts();
    const api = renderSchedule({
      StaffRemoveOutsideVisit: () => ({ data: { staffRemoveOutsideVisit: true } }),
    });
    const row = (await screen.findByRole('button', { name: removeName })).closest('li') as HTMLElement;
    expect(row.textContent).toContain('No client on file · booked outside Atrium: Mrs. Gray, facial');

    fireEvent.click(within(row).getByRole('button', { name: removeName }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove this visit booked elsewhere?' });
    expect(confirm.textContent).toContain('Dana Park');
    expect(api.of('StaffRemoveOutsideVisit')).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove visit' }));
    await waitFor(() => expect(api.of('StaffRemoveOutsideVisit')).toHaveLength(1));
    expect(api.of('StaffRemoveOutsideVisit')[0]?.variables).toEqual({ marketplaceId: '1', id: '7' });
    await waitFor(() =>
      expect(toasts.at(-1)).toMatchObject({
        type: 'success',
        message:
          'Removed the visit booked elsewhere: clients can book Dana Park again on Tue, Jan 8, 2030, 10:00 AM – 10:45 AM (America/New_York).',
      }),
    );
  });

  it('shows why a removal failed, with a retry that asks nothing again', async () => {
    let answers = 0;
    const api = renderSchedule({
      StaffRemoveOutsideVisit: () =>
        answers++ === 0
          ? { errors: [{ message: 'Visit 7 was not found.', extensions: { code: 'NOT_FOUND' } }] }
          : { data: { staffRemoveOutsideVisit: true } },
    });
    fireEvent.click(await screen.findByRole('button', { name: removeName }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove this visit booked elsewhere?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove visit' }));
    expect(await screen.findByText('Visit 7 was not found.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(api.of('StaffRemoveOutsideVisit')).toHaveLength(2));
    await waitFor(() => expect(screen.queryByText('Visit 7 was not found.')).toBeNull());
  });

  it('offers neither adding nor removing to a practitioner', async () => {
    renderSchedule(
      {},
      { role: 'practitioner', name: 'Dana Park', email: 'd@glow.example', practitionerId: '3' },
    );
    expect(await screen.findByText(/booked outside Atrium: Mrs. Gray, facial/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add a visit booked elsewhere' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
  });
});
