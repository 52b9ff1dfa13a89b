import type { StaffClientDetail } from '@atrium/graphql-client/staff-clients';
import { resetClientValues } from '@atrium/stores';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConsoleStaff } from '../shell/console-staff';
import { graphqlFetch, renderConsole } from '../test/test-support';
import ClientsSection from './clients-section';

afterEach(cleanup);
beforeEach(() => resetClientValues());

const frontDesk: ConsoleStaff = {
  role: 'front_desk',
  name: 'Fran Desk',
  email: 'f@glow.example',
  practitionerId: null,
};
const ana = {
  id: '9',
  givenName: 'Ana',
  familyName: 'Lima',
  email: 'ana@example.com',
  phone: '+12125550143',
};
const ben = { id: '10', givenName: null, familyName: null, email: 'ben@example.com', phone: null };

const detail: StaffClientDetail = {
  client: ana,
  appointments: [
    {
      id: '501',
      status: 'BOOKED',
      start: '2030-01-08T15:00:00.000Z',
      end: '2030-01-08T15:45:00.000Z',
      timeZone: 'America/New_York',
      procedures: [{ id: '101', name: 'B12 Energy Shot', isAddOn: false, price: 3500 }],
      practitioner: { id: '3', name: 'Dana Park' },
      clinic: { id: '21', name: 'Glow Midtown' },
      total: 3500,
    },
  ],
  waitlist: [],
  memberships: [
    {
      id: '5',
      name: 'Glow Club',
      status: 'Active',
      renewalDate: '2030-02-01',
      price: 9900,
      period: 'monthly',
    },
  ],
  packages: [{ id: '6', name: 'Five Shots', balance: 3, totalPoints: 5, expiresAt: null }],
};

describe('clients', () => {
  it('searches by what is typed and shows a chosen client’s appointments, memberships and packages', async () => {
    const api = graphqlFetch({
      StaffClients: (variables) => ({
        data: { staffClients: variables.search === 'ana' ? [ana] : [ana, ben] },
      }),
      StaffClient: () => ({ data: { staffClient: detail } }),
    });
    const { path } = renderConsole(
      <ClientsSection marketplaceId="1" staff={frontDesk} />,
      '/1/console/clients',
    );

    expect((await screen.findByRole('list', { name: 'Clients' })).textContent).toContain('ben@example.com');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search clients' }), { target: { value: 'ana' } });
    await waitFor(() =>
      expect(api.of('StaffClients').at(-1)?.variables).toEqual({ marketplaceId: '1', search: 'ana' }),
    );
    expect(await screen.findByText('1 client')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /Ana Lima/ }));
    await waitFor(() => expect(path()).toBe('/1/console/clients?q=ana&client=9'));
    const client = await screen.findByRole('region', { name: 'Ana Lima' });
    expect(within(client).getByRole('list', { name: 'Appointments' }).textContent).toContain(
      'Tue, Jan 8, 2030, 10:00 AM – 10:45 AM (America/New_York)',
    );
    expect(within(client).getByRole('list', { name: 'Memberships' }).textContent).toContain(
      '$99.00 monthly · renews Feb 1, 2030',
    );
    expect(within(client).getByRole('list', { name: 'Packages' }).textContent).toContain('3 of 5 left');
    expect(within(client).getByText('No waitlist requests.')).toBeTruthy();
    expect(api.of('StaffClient')[0]?.variables).toEqual({ marketplaceId: '1', id: '9' });
  });

  it('says when no client matches', async () => {
    graphqlFetch({ StaffClients: () => ({ data: { staffClients: [] } }) });
    renderConsole(<ClientsSection marketplaceId="1" staff={frontDesk} />, '/1/console/clients?q=zed');
    expect(await screen.findByText('No clients found.')).toBeTruthy();
    expect((screen.getByRole('searchbox', { name: 'Search clients' }) as HTMLInputElement).value).toBe('zed');
  });
});
