import { createQueryClient, marketplaceQueryOptions } from '@atrium/graphql-client';
import type { ProfileAppointment } from '@atrium/graphql-client/account';
import {
  $selectedDateTime,
  $selectedLocation,
  $selectedProcedures,
  on,
  resetClientValues,
} from '@atrium/stores';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppointmentsTab } from './appointments-tab';
import { collectToasts, graphqlFetch, marketplaceFixture, renderPage } from './test-support';

afterEach(cleanup);
beforeEach(() => resetClientValues());

const appointment = (
  id: string,
  status: ProfileAppointment['status'],
  overrides: Partial<ProfileAppointment> = {},
): ProfileAppointment => ({
  id,
  start: '2030-03-05T14:00:00Z',
  end: '2030-03-05T14:45:00Z',
  duration: 45,
  timeZone: 'America/New_York',
  location: 'Glow Midtown, 10 W 33rd St, New York, NY 10001',
  organizationId: '21',
  organizationPhone: '+12125550100',
  procedures: [{ id: '101', name: 'B12 Energy Shot', categoryId: '5' }],
  practitioner: { id: '3', name: 'Dana Park' },
  status,
  cancellationReason: null,
  canChangeOnline: false,
  changeOnlineUntil: null,
  cancellationRefundCents: 0,
  ...overrides,
});

const list = [
  appointment('1', 'PENDING'),
  appointment('2', 'BOOKED', {
    start: '2030-03-10T22:30:00Z',
    end: '2030-03-10T23:00:00Z',
    timeZone: 'America/Denver',
    organizationId: null,
    organizationPhone: '+13035550123',
    location: '1 Main St, Denver, CO 80202',
    practitioner: null,
  }),
  appointment('3', 'COMPLETE', {
    start: '2025-01-07T15:00:00Z',
    end: '2025-01-07T15:30:00Z',
    procedures: [
      { id: '101', name: 'B12 Energy Shot', categoryId: '5' },
      { id: '201', name: 'Add-on 201', categoryId: null },
      { id: '999', name: 'Retired service', categoryId: '5' },
      { id: '102', name: 'Hydration Drip', categoryId: '6' },
    ],
  }),
];

function withMarketplace() {
  const queryClient = createQueryClient();
  queryClient.setQueryData(marketplaceQueryOptions('1').queryKey, marketplaceFixture());
  return queryClient;
}

const section = (name: string) => screen.getByRole('region', { name });
const item = (within_: HTMLElement, text: string) =>
  within(within_)
    .getAllByRole('listitem')
    .find((li) => li.textContent?.includes(text)) as HTMLElement;

describe('the appointments tab', () => {
  it('shows upcoming (PENDING with an orange chip, BOOKED) and past (COMPLETE) in their own time zones', async () => {
    graphqlFetch({ ProfileAppointments: () => ({ data: { profileAppointments: list } }) });
    renderPage(<AppointmentsTab marketplaceId="1" />, withMarketplace());

    expect(screen.getByRole('status', { name: 'Loading appointments' })).toBeTruthy();
    const upcoming = await screen.findByRole('region', { name: 'Upcoming' });
    expect(within(upcoming).getAllByRole('listitem')).toHaveLength(2);
    const pending = item(upcoming, 'Tuesday, March 5, 2030');
    expect(pending.textContent).toContain('9:00 AM – 9:45 AM EST');
    expect(pending.textContent).toContain('B12 Energy Shot');
    expect(pending.textContent).toContain('Dana Park');
    const chip = within(pending).getByText('Pending');
    expect(chip.dataset.palette).toBe('orange');
    expect(within(item(upcoming, 'Sunday')).getByText('Booked').dataset.palette).not.toBe('orange');
    const booked = item(upcoming, 'Sunday, March 10, 2030');
    expect(booked.textContent).toContain('4:30 PM – 5:00 PM MDT');
    expect(booked.textContent).toContain('To be assigned');
    expect(within(booked).getByText('Booked')).toBeTruthy();

    const past = section('Past');
    expect(within(past).getAllByRole('listitem')).toHaveLength(1);
    expect(within(past).queryByRole('link', { name: /Call to Update/ })).toBeNull();
    expect(within(past).getByRole('button', { name: 'Book Again' })).toBeTruthy();
  });

  it('lists cancelled visits and declined requests on their own, with the reason the client was told', async () => {
    const declined = appointment('4', 'CANCELLED', { cancellationReason: 'No practitioner is free then.' });
    graphqlFetch({ ProfileAppointments: () => ({ data: { profileAppointments: [...list, declined] } }) });
    renderPage(<AppointmentsTab marketplaceId="1" />, withMarketplace());

    const cancelled = await screen.findByRole('region', { name: 'Cancelled' });
    const card = item(cancelled, 'Tuesday, March 5, 2030');
    expect(within(card).getByText('Cancelled')).toBeTruthy();
    expect(card.textContent).toContain('ReasonNo practitioner is free then.');
    expect(within(card).getByRole('button', { name: 'Book Again' })).toBeTruthy();
    expect(within(section('Upcoming')).getAllByRole('listitem')).toHaveLength(2);
  });

  it('has no Cancelled list when nothing was cancelled', async () => {
    graphqlFetch({ ProfileAppointments: () => ({ data: { profileAppointments: list } }) });
    renderPage(<AppointmentsTab marketplaceId="1" />, withMarketplace());
    await screen.findByRole('region', { name: 'Upcoming' });
    expect(screen.queryByRole('region', { name: 'Cancelled' })).toBeNull();
  });

  it("calls the organization's phone to update PENDING and BOOKED appointments", async () => {
    graphqlFetch({ ProfileAppointments: () => ({ data: { profileAppointments: list } }) });
    renderPage(<AppointmentsTab marketplaceId="1" />, withMarketplace());

    const upcoming = await screen.findByRole('region', { name: 'Upcoming' });
    const links = within(upcoming).getAllByRole('link', { name: 'Call to Update' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['tel:+12125550100', 'tel:+13035550123']);
    expect(within(upcoming).queryByRole('button', { name: 'Book Again' })).toBeNull();
  });

  it('Book Again sets the clinic and the procedures still offered (add-ons on theirs), then goes to /schedule', async () => {
    graphqlFetch({ ProfileAppointments: () => ({ data: { profileAppointments: list } }) });
    const locationChanged = vi.fn();
    on('location-changed', locationChanged);
    $selectedProcedures.set([{ id: '102', addOnIds: [] }]);
    $selectedDateTime.set({ date: '2030-01-01', time: '10:00' });
    const page = renderPage(<AppointmentsTab marketplaceId="1" />, withMarketplace());

    fireEvent.click(await screen.findByRole('button', { name: 'Book Again' }));

    await waitFor(() => expect(page.path()).toBe('/1/schedule'));
    expect($selectedLocation.get()).toEqual({
      organizationId: '21',
      name: 'Glow Midtown',
      address: '10 W 33rd St, New York, NY 10001',
      phone: '+12125550100',
    });
    expect($selectedProcedures.get()).toEqual([
      { id: '101', addOnIds: ['201'] },
      { id: '102', addOnIds: [] },
    ]);
    expect($selectedDateTime.get()).toBeNull();
    // The old cart was replaced, not lost to a location change.
    expect(locationChanged).not.toHaveBeenCalled();
  });

  it('Book Again of an at-home visit geocodes its address into the location', async () => {
    const home = appointment('4', 'COMPLETE', {
      organizationId: null,
      location: '1 Main St, Denver, CO 80202',
      procedures: [{ id: '102', name: 'Hydration Drip', categoryId: '6' }],
    });
    const api = graphqlFetch({
      ProfileAppointments: () => ({ data: { profileAppointments: [home] } }),
      Geocode: () => ({
        data: {
          geocode: {
            address: 'Denver, CO 80202',
            latitude: 39.75,
            longitude: -104.99,
            timeZone: 'America/Denver',
          },
        },
      }),
    });
    const page = renderPage(<AppointmentsTab marketplaceId="1" />, withMarketplace());

    fireEvent.click(await screen.findByRole('button', { name: 'Book Again' }));

    await waitFor(() => expect(page.path()).toBe('/1/schedule'));
    expect(api.of('Geocode')[0]?.variables).toEqual({ address: '1 Main St, Denver, CO 80202' });
    expect($selectedLocation.get()).toEqual({
      address: 'Denver, CO 80202',
      latitude: 39.75,
      longitude: -104.99,
    });
    expect($selectedProcedures.get()).toEqual([{ id: '102', addOnIds: [] }]);
  });

  it("says 'Unable to get address. Please try again.' when the address cannot be found, and stays", async () => {
    const home = appointment('4', 'COMPLETE', { organizationId: null, location: 'Nowhere' });
    graphqlFetch({
      ProfileAppointments: () => ({ data: { profileAppointments: [home] } }),
      Geocode: () => ({ errors: [{ message: 'Unable to get address. Please try again.' }] }),
    });
    const toasts = collectToasts();
    const page = renderPage(<AppointmentsTab marketplaceId="1" />, withMarketplace());

    fireEvent.click(await screen.findByRole('button', { name: 'Book Again' }));

    await waitFor(() =>
      expect(toasts).toContainEqual({ type: 'error', message: 'Unable to get address. Please try again.' }),
    );
    expect(page.path()).toBe('/1/profile');
    expect($selectedLocation.get()).toBeNull();
  });

  it('has empty states, and the fallback when the list cannot be had', async () => {
    let fail = false;
    graphqlFetch({
      ProfileAppointments: () => (fail ? { errors: [] } : { data: { profileAppointments: [] } }) as never,
    });
    renderPage(<AppointmentsTab marketplaceId="1" />, withMarketplace());

    expect(await screen.findByText('No upcoming appointments.')).toBeTruthy();
    expect(screen.getByText('No past appointments.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Book a service' }).getAttribute('href')).toBe('/1/services');
    cleanup();

    fail = true;
    graphqlFetch({ ProfileAppointments: () => ({ errors: [{ message: '' }] }) });
    renderPage(<AppointmentsTab marketplaceId="2" />, withMarketplace());
    expect((await screen.findByRole('alert')).textContent).toContain(
      'There was an issue with retrieving the appointment information',
    );
  });
});

describe('changing an upcoming appointment online', () => {
  // Booked for Tuesday, March 5, 2030, 9:00 AM EST; online changes open until the day before.
  const changeable = appointment('7', 'BOOKED', {
    canChangeOnline: true,
    changeOnlineUntil: '2030-03-04T14:00:00Z',
    cancellationRefundCents: 4000,
  });
  const closed = appointment('8', 'PENDING', {
    start: '2030-03-06T14:00:00Z',
    end: '2030-03-06T14:45:00Z',
    changeOnlineUntil: '2030-03-05T14:00:00Z',
  });
  const moved = { id: '7', status: 'BOOKED', start: '2030-03-07T19:30:00Z', refundedCents: 0 };

  it("offers 'Reschedule' and 'Cancel' while online changes are open, else 'Call to Update' saying when they closed", async () => {
    graphqlFetch({ ProfileAppointments: () => ({ data: { profileAppointments: [changeable, closed] } }) });
    renderPage(<AppointmentsTab marketplaceId="1" />, withMarketplace());

    const upcoming = await screen.findByRole('region', { name: 'Upcoming' });
    const open = item(upcoming, 'Tuesday, March 5, 2030');
    expect(within(open).getByRole('button', { name: 'Reschedule' })).toBeTruthy();
    expect(within(open).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(within(open).queryByRole('link', { name: 'Call to Update' })).toBeNull();
    expect(open.textContent).toContain('You can reschedule or cancel online until Mon, Mar 4, 9:00 AM EST.');

    const late = item(upcoming, 'Wednesday, March 6, 2030');
    expect(within(late).queryByRole('button', { name: 'Reschedule' })).toBeNull();
    expect(within(late).getByRole('link', { name: 'Call to Update' }).getAttribute('href')).toBe(
      'tel:+12125550100',
    );
    expect(late.textContent).toContain('Online changes closed at Tue, Mar 5, 9:00 AM EST.');
  });

  it('reschedules to a free time of another date, toasts, and shows the list asked for again', async () => {
    let current = changeable;
    const api = graphqlFetch({
      ProfileAppointments: () => ({ data: { profileAppointments: [current] } }),
      ClientRescheduleTimes: (variables) => ({
        data: {
          clientRescheduleTimes: {
            timeZone: 'America/New_York',
            times: variables.date === '2030-03-07' ? ['09:00', '14:30'] : [],
          },
        },
      }),
      ClientRescheduleAppointment: () => {
        current = { ...changeable, start: moved.start, end: '2030-03-07T20:15:00Z' };
        return { data: { clientRescheduleAppointment: moved } };
      },
    });
    const toasts = collectToasts();
    renderPage(<AppointmentsTab marketplaceId="1" />, withMarketplace());

    fireEvent.click(await screen.findByRole('button', { name: 'Reschedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reschedule appointment' });
    // Its own date first: nothing free that day.
    expect(await within(dialog).findByText('No free times that day. Choose another date.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Date/), { target: { value: '2030-03-07' } });
    expect(await within(dialog).findByRole('radio', { name: '2:30 PM' })).toBeTruthy();
    fireEvent.click(within(dialog).getByText('2:30 PM'));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Move to 2:30 PM' }));

    await waitFor(() =>
      expect(toasts).toContainEqual({
        type: 'success',
        message: 'Your appointment was moved to Thursday, March 7, 2030 at 2:30 PM.',
      }),
    );
    expect(api.of('ClientRescheduleAppointment')[0]?.variables).toEqual({
      marketplaceId: '1',
      id: '7',
      date: '2030-03-07',
      time: '14:30',
    });
    expect(await screen.findByText('Thursday, March 7, 2030')).toBeTruthy();
  });

  it('says when the free times cannot be had and tries again; a taken time asks for them again', async () => {
    let failTimes = true;
    const api = graphqlFetch({
      ProfileAppointments: () => ({ data: { profileAppointments: [changeable] } }),
      ClientRescheduleTimes: () =>
        failTimes
          ? { errors: [{ message: 'boom' }] }
          : { data: { clientRescheduleTimes: { timeZone: 'America/New_York', times: ['11:00'] } } },
      ClientRescheduleAppointment: () => ({
        errors: [
          {
            message: 'This time is no longer available. Please choose another time.',
            extensions: { code: 'SLOT_TAKEN' },
          },
        ],
      }),
    });
    renderPage(<AppointmentsTab marketplaceId="1" />, withMarketplace());

    fireEvent.click(await screen.findByRole('button', { name: 'Reschedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reschedule appointment' });
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'An error occurred, please try later',
    );
    failTimes = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    fireEvent.click(await within(dialog).findByText('11:00 AM'));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Move to 11:00 AM' }));

    expect(
      await within(dialog).findByText('This time is no longer available. Please choose another time.'),
    ).toBeTruthy();
    await waitFor(() => expect(api.of('ClientRescheduleTimes').length).toBeGreaterThanOrEqual(3));
    expect(within(dialog).getByRole('button', { name: 'Reschedule' })).toBeTruthy();
  });

  it('asks before cancelling, saying what will be refunded, then cancels and toasts', async () => {
    let list = [changeable];
    const api = graphqlFetch({
      ProfileAppointments: () => ({ data: { profileAppointments: list } }),
      ClientCancelAppointment: () => {
        list = [];
        return { data: { clientCancelAppointment: { ...moved, status: 'CANCELLED', refundedCents: 4000 } } };
      },
    });
    const toasts = collectToasts();
    renderPage(<AppointmentsTab marketplaceId="1" />, withMarketplace());

    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel appointment' });
    expect(dialog.textContent).toContain(
      'Cancel your appointment on Tuesday, March 5, 2030, 9:00 AM – 9:45 AM EST?',
    );
    expect(dialog.textContent).toContain('We will refund $40.00 to your card.');
    expect(api.of('ClientCancelAppointment')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel appointment' }));

    await waitFor(() =>
      expect(toasts).toContainEqual({
        type: 'success',
        message: 'Your appointment was cancelled. We refunded $40.00 to your card.',
      }),
    );
    expect(api.of('ClientCancelAppointment')[0]?.variables).toEqual({ marketplaceId: '1', id: '7' });
    expect(await screen.findByText('No upcoming appointments.')).toBeTruthy();
  });

  it('promises no refund when nothing was collected, and keeping the appointment changes nothing', async () => {
    const api = graphqlFetch({
      ProfileAppointments: () => ({
        data: { profileAppointments: [{ ...changeable, status: 'PENDING', cancellationRefundCents: 0 }] },
      }),
    });
    renderPage(<AppointmentsTab marketplaceId="1" />, withMarketplace());

    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel appointment' });
    expect(dialog.textContent).not.toContain('refund');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep appointment' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.of('ClientCancelAppointment')).toHaveLength(0);
  });

  it('says so when online changes closed meanwhile, and cancels nothing more', async () => {
    const api = graphqlFetch({
      ProfileAppointments: () => ({ data: { profileAppointments: [changeable] } }),
      ClientCancelAppointment: () => ({
        errors: [
          {
            message: 'Online changes to this appointment have closed. Please call to reschedule or cancel.',
            extensions: { code: 'CHANGE_CUTOFF_PASSED' },
          },
        ],
      }),
    });
    renderPage(<AppointmentsTab marketplaceId="1" />, withMarketplace());

    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel appointment' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel appointment' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Online changes to this appointment have closed. Please call to reschedule or cancel.',
    );
    expect(within(dialog).getByRole('button', { name: 'Cancel appointment' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(api.of('ClientCancelAppointment')).toHaveLength(1);
  });
});
