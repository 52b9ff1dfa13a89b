import { resetClientValues } from '@atrium/stores';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConsoleStaff } from '../shell/console-staff';
import { graphqlFetch, renderConsole, requestFixture } from '../test/test-support';
import ScheduleSection from './schedule-section';

afterEach(cleanup);
beforeEach(() => resetClientValues());

const frontDesk: ConsoleStaff = {
  role: 'front_desk',
  name: 'Fran Desk',
  email: 'f@glow.example',
  practitionerId: null,
};

const appointments = [
  requestFixture({
    id: '1',
    status: 'BOOKED',
    start: '2030-01-08T15:00:00.000Z',
    end: '2030-01-08T15:45:00.000Z',
  }),
  requestFixture({
    id: '2',
    clinic: null,
    address: '9 Elm St',
    start: '2030-01-10T22:00:00.000Z',
    end: '2030-01-10T22:30:00.000Z',
    timeZone: 'America/Denver',
    practitioner: { id: '4', name: 'Eli Stone' },
    client: { id: '8', givenName: 'Bo', familyName: 'Reed', email: 'bo@example.com', phone: null },
  }),
  requestFixture({ id: '3', status: 'CANCELLED', start: '2030-01-08T16:00:00.000Z' }),
];

describe('the schedule', () => {
  it('shows a week’s booked and pending appointments per day and place, in each place’s zone', async () => {
    const api = graphqlFetch({ StaffRequests: () => ({ data: { staffRequests: appointments } }) });
    renderConsole(
      <ScheduleSection marketplaceId="1" staff={frontDesk} />,
      '/1/console/schedule?view=week&date=2030-01-09',
    );

    const tuesday = await screen.findByRole('region', { name: 'Tuesday, January 8, 2030' });
    expect(within(tuesday).getByRole('heading', { level: 3, name: 'Glow Midtown' })).toBeTruthy();
    const rows = within(tuesday).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      '10:00 AM – 10:45 AM ESTAna Lima · B12 Energy Shot, Vitamin C BoostDana ParkBooked',
    ]);
    const thursday = screen.getByRole('region', { name: 'Thursday, January 10, 2030' });
    expect(within(thursday).getByRole('heading', { level: 3, name: 'At-home visits' })).toBeTruthy();
    expect(within(thursday).getByRole('listitem').textContent).toContain('3:00 PM – 3:30 PM MST');
    expect(
      within(screen.getByRole('region', { name: 'Monday, January 7, 2030' })).getByText('No appointments.'),
    ).toBeTruthy();
    expect(screen.getByText('Week of Monday, January 7, 2030')).toBeTruthy();
    expect(api.of('StaffRequests')[0]?.variables.filter).toEqual({
      status: null,
      clinicId: null,
      date: null,
      from: '2030-01-07',
      to: '2030-01-13',
    });
  });

  it('moves by a day, and narrows to at-home visits or one practitioner', async () => {
    const api = graphqlFetch({ StaffRequests: () => ({ data: { staffRequests: appointments } }) });
    const { path } = renderConsole(
      <ScheduleSection marketplaceId="1" staff={frontDesk} />,
      '/1/console/schedule?date=2030-01-09',
    );
    await screen.findByRole('region', { name: 'Wednesday, January 9, 2030' });
    fireEvent.click(screen.getByRole('button', { name: 'Next day' }));
    const thursday = await screen.findByRole('region', { name: 'Thursday, January 10, 2030' });
    expect(path()).toBe('/1/console/schedule?date=2030-01-10');
    await waitFor(() =>
      expect(api.of('StaffRequests').at(-1)?.variables.filter).toMatchObject({
        from: '2030-01-10',
        to: '2030-01-10',
      }),
    );
    expect(within(thursday).getAllByRole('listitem')).toHaveLength(1);

    fireEvent.change(screen.getByLabelText('Practitioner'), { target: { value: '3' } });
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: /Thursday/ })).getByText('No appointments.'),
      ).toBeTruthy(),
    );
    fireEvent.change(screen.getByLabelText('Practitioner'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Location'), { target: { value: 'home' } });
    await waitFor(() => expect(path()).toBe('/1/console/schedule?date=2030-01-10&place=home'));
    expect(
      within(screen.getByRole('region', { name: /Thursday/ })).getByRole('heading', { level: 3 }).textContent,
    ).toBe('At-home visits');
  });
});
