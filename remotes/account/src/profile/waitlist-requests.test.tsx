import { createQueryClient } from '@atrium/graphql-client';
import type { ProfileWaitlistRequest } from '@atrium/graphql-client/account';
import { resetClientValues } from '@atrium/stores';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { collectToasts, graphqlFetch, renderPage } from './test-support';
import { WaitlistRequests, windowLabel } from './waitlist-requests';

afterEach(cleanup);
beforeEach(() => resetClientValues());

const waiting: ProfileWaitlistRequest = {
  id: '7',
  requestedAt: '2030-03-01T12:00:00Z',
  timeZone: 'America/New_York',
  location: 'Glow Midtown, 10 W 33rd St, New York, NY 10001',
  procedures: [{ id: '101', name: 'B12 Energy Shot', categoryId: '5' }],
  windows: [
    { start: '2030-03-05T09:00', end: '2030-03-05T12:00' },
    { start: '2030-03-06T17:00', end: '2030-03-07T09:00' },
  ],
};

describe('windowLabel', () => {
  it("reads a window in the place's own zone, its end's day only when it differs", () => {
    expect(windowLabel(waiting.windows[0] as never, waiting.timeZone)).toBe(
      'Tue, Mar 5, 9:00 AM – 12:00 PM EST',
    );
    expect(windowLabel(waiting.windows[1] as never, waiting.timeZone)).toBe(
      'Wed, Mar 6, 5:00 PM – Thu, Mar 7, 9:00 AM EST',
    );
  });
});

describe('the waitlist requests', () => {
  it('lists the windows of a waiting request and withdraws it only once asked and confirmed', async () => {
    let list = [waiting];
    const api = graphqlFetch({
      ProfileWaitlistRequests: () => ({ data: { profileWaitlistRequests: list } }),
      WithdrawWaitlistRequest: () => {
        list = [];
        return { data: { withdrawWaitlistRequest: true } };
      },
    });
    const toasts = collectToasts();
    renderPage(<WaitlistRequests marketplaceId="1" />, createQueryClient());

    const section = await screen.findByRole('region', { name: 'Waitlist' });
    const times = within(section).getByRole('list', { name: 'Times you would take' });
    expect(
      within(times)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Tue, Mar 5, 9:00 AM – 12:00 PM EST', 'Wed, Mar 6, 5:00 PM – Thu, Mar 7, 9:00 AM EST']);
    fireEvent.click(within(section).getByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Withdraw waitlist request' });
    expect(api.of('WithdrawWaitlistRequest')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() =>
      expect(toasts.map((toast) => toast.message)).toContain('Your waitlist request was withdrawn.'),
    );
    expect(api.of('WithdrawWaitlistRequest')[0]?.variables).toEqual({ marketplaceId: '1', id: '7' });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Waitlist' })).toBeNull());
  });

  it('shows nothing when no request is waiting', async () => {
    const api = graphqlFetch({ ProfileWaitlistRequests: () => ({ data: { profileWaitlistRequests: [] } }) });
    renderPage(<WaitlistRequests marketplaceId="1" />, createQueryClient());
    await waitFor(() => expect(api.of('ProfileWaitlistRequests')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Waitlist' })).toBeNull();
  });
});
