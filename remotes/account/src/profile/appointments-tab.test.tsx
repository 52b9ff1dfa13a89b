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
