import { AtriumUiProvider } from '@atrium/ui';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RequestRecapCard } from './request-recap-card';
import { clinicRequest, waitlistRequest } from './test-requests';

const renderCard = (request = clinicRequest) =>
  render(
    <AtriumUiProvider primaryColor="#38BDF8">
      <RequestRecapCard request={request} />
    </AtriumUiProvider>,
  );

describe('the /success recap card', () => {
  afterEach(cleanup);

  it('shows where, when, the services, the total and what is due, then links the calendar file', async () => {
    renderCard();
    const card = screen.getByRole('region', { name: 'Your request' });
    const recap = within(card);
    expect(recap.getByText('Glow Venice')).toBeTruthy();
    expect(recap.getByText('1 Main St, Los Angeles, CA 90291')).toBeTruthy();
    expect(recap.getByText('Wednesday, December 2, 2026')).toBeTruthy();
    expect(recap.getByText('10:30 AM – 12:15 PM PST')).toBeTruthy();
    expect(recap.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Drip1 hr+ Boost15 min',
      'Shot30 min',
    ]);
    expect(recap.getByTestId('recap-total').textContent).toBe('$199.44');
    expect(recap.getByText('Due when confirmed')).toBeTruthy();
    expect(recap.getByTestId('checkout-due-now').textContent).toBe('$25.00');
    const link = await recap.findByRole('link', { name: 'Add to calendar' });
    expect(link.getAttribute('download')).toBe('appointment-request.ics');
    const ics = decodeURIComponent(
      link.getAttribute('href')?.replace(/^data:text\/calendar;charset=utf-8,/, '') ?? '',
    );
    expect(ics).toContain('DTSTART:20261202T183000Z');
    expect(ics).toContain('STATUS:TENTATIVE');
  });

  it('shows a waitlist request by day and explains there is no time for a calendar yet', () => {
    renderCard(waitlistRequest);
    const recap = within(screen.getByRole('region', { name: 'Your request' }));
    expect(recap.getByText('Your availability (waitlist)')).toBeTruthy();
    expect(recap.getByText('Mobile Visit')).toBeTruthy();
    expect(recap.getByText('Wednesday, Dec 2, 2026')).toBeTruthy();
    expect(recap.queryByRole('link', { name: 'Add to calendar' })).toBeNull();
    expect(
      recap.getByText(/^There is no time to add to your calendar yet: Glow Mobile IV will let you know/),
    ).toBeTruthy();
    expect(recap.getByText('Due today')).toBeTruthy();
  });
});
