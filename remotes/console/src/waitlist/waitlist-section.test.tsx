import type { StaffFreedTime, StaffWaitlistRequest } from '@atrium/graphql-client/staff-waitlist';
import { resetClientValues } from '@atrium/stores';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConsoleStaff } from '../shell/console-staff';
import { collectToasts, graphqlFetch, renderConsole } from '../test/test-support';
import WaitlistSection from './waitlist-section';

afterEach(cleanup);
beforeEach(() => resetClientValues());

const frontDesk: ConsoleStaff = {
  role: 'front_desk',
  name: 'Fran Desk',
  email: 'f@glow.example',
  practitionerId: null,
};

const freed: StaffFreedTime = {
  appointmentId: '700',
  start: '2030-01-08T15:00:00.000Z',
  end: '2030-01-08T15:30:00.000Z',
  timeZone: 'America/New_York',
  practitioner: { id: '3', name: 'Dana Park' },
  clinic: { id: '21', name: 'Glow Midtown' },
  cancellationReason: 'Client is unwell',
  matchingRequests: 1,
};

const entry = (overrides: Partial<StaffWaitlistRequest>): StaffWaitlistRequest => ({
  id: '41',
  requestedAt: '2030-01-01T12:00:00.000Z',
  client: { id: '9', givenName: 'Ana', familyName: 'Lima', email: 'ana@example.com', phone: '+12125550143' },
  procedures: [{ id: '101', name: 'B12 Energy Shot', isAddOn: false, price: 3500 }],
  clinic: { id: '21', name: 'Glow Midtown' },
  address: '10 W 33rd St, New York, NY 10001',
  timeZone: 'America/New_York',
  windows: [
    {
      start: '2030-01-08T13:00:00.000Z',
      end: '2030-01-08T17:00:00.000Z',
      localStart: '2030-01-08T08:00',
      localEnd: '2030-01-08T12:00',
    },
  ],
  notes: null,
  total: 3500,
  matchesFreedTime: false,
  lastOfferedAt: null,
  ...overrides,
});

const ana = entry({});
const ben = entry({
  id: '42',
  client: { id: '10', givenName: 'Ben', familyName: 'Ode', email: 'ben@example.com', phone: null },
  windows: [
    {
      start: '2030-01-08T21:00:00.000Z',
      end: '2030-01-09T01:00:00.000Z',
      localStart: '2030-01-08T16:00',
      localEnd: '2030-01-08T20:00',
    },
  ],
});

describe('the waitlist', () => {
  it('lists freed times and open requests with their windows; a chosen freed time puts the matching first with an offer', async () => {
    const toasts = collectToasts();
    const api = graphqlFetch({
      StaffFreedTimes: () => ({ data: { staffFreedTimes: [freed] } }),
      StaffWaitlist: (variables) => ({
        data: {
          staffWaitlist: (variables.filter as { freedAppointmentId?: string } | null)?.freedAppointmentId
            ? [{ ...ana, matchesFreedTime: true }, ben]
            : [ben, ana],
        },
      }),
      StaffOfferWaitlistSlot: () => ({
        data: {
          staffOfferWaitlistSlot: {
            id: '1',
            waitlistRequestId: '41',
            start: freed.start,
            end: freed.end,
            expiresAt: '2030-01-02T12:00:00.000Z',
            practitioner: freed.practitioner,
          },
        },
      }),
    });
    const { path } = renderConsole(
      <WaitlistSection marketplaceId="1" staff={frontDesk} />,
      '/1/console/waitlist',
    );

    const freedList = await screen.findByRole('list', { name: 'Freed times' });
    expect(freedList.textContent).toContain('Tue, Jan 8, 2030, 10:00 AM – 10:30 AM (America/New_York)');
    expect(freedList.textContent).toContain('Dana Park · Glow Midtown · Client is unwell');
    expect(freedList.textContent).toContain('1 matching');
    const articles = await screen.findAllByRole('article');
    expect(articles.map((article) => article.getAttribute('aria-labelledby'))).toEqual([
      'waitlist-42',
      'waitlist-41',
    ]);
    expect(articles[1]?.textContent).toContain('Tue, Jan 8, 2030, 8:00 AM – 12:00 PM');
    expect(screen.queryByRole('button', { name: /Offer this time/ })).toBeNull();

    fireEvent.click(
      screen.getByRole('button', {
        name: 'Show matching requests for Tue, Jan 8, 2030, 10:00 AM – 10:30 AM (America/New_York)',
      }),
    );
    await waitFor(() => expect(path()).toBe('/1/console/waitlist?freed=700'));
    const first = await screen.findByRole('article', { name: 'Ana Lima' });
    expect(within(first).getByText('Matches the freed time')).toBeTruthy();
    expect(api.of('StaffWaitlist').at(-1)?.variables).toEqual({
      marketplaceId: '1',
      filter: { freedAppointmentId: '700' },
    });
    expect(within(screen.getByRole('article', { name: 'Ben Ode' })).queryByRole('button')).toBeNull();

    fireEvent.click(within(first).getByRole('button', { name: 'Offer this time to Ana Lima' }));
    await waitFor(() =>
      expect(toasts).toContainEqual({
        type: 'success',
        message:
          'Offered Tue, Jan 8, 2030, 10:00 AM – 10:30 AM (America/New_York) to Ana Lima. They were mailed a link to book it.',
      }),
    );
    expect(api.of('StaffOfferWaitlistSlot')[0]?.variables).toEqual({
      marketplaceId: '1',
      waitlistRequestId: '41',
      freedAppointmentId: '700',
    });
  });

  it('tells the server’s reason when an offer is refused', async () => {
    const toasts = collectToasts();
    graphqlFetch({
      StaffFreedTimes: () => ({ data: { staffFreedTimes: [freed] } }),
      StaffWaitlist: () => ({ data: { staffWaitlist: [{ ...ana, matchesFreedTime: true }] } }),
      StaffOfferWaitlistSlot: () => ({
        errors: [
          {
            message: "The practitioner is not free for this request's services at that time.",
            extensions: { code: 'BAD_USER_INPUT' },
          },
        ],
      }),
    });
    renderConsole(<WaitlistSection marketplaceId="1" staff={frontDesk} />, '/1/console/waitlist?freed=700');
    fireEvent.click(await screen.findByRole('button', { name: 'Offer this time to Ana Lima' }));
    await waitFor(() =>
      expect(toasts).toContainEqual({
        type: 'error',
        message: "The practitioner is not free for this request's services at that time.",
      }),
    );
  });
});
