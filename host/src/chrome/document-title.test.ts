import { describe, expect, it } from 'vitest';
import { bookingPageTitle, documentTitle } from './document-title';

describe('documentTitle', () => {
  it('combines the page title, location, visit kind, date and marketplace name in that order', () => {
    expect(
      documentTitle({
        pageTitle: 'Choose Date & Time',
        locationName: 'Manhattan',
        visitKind: 'In Clinic',
        date: 'Friday, May 1, 2026',
        marketplaceName: 'Glow Mobile IV',
      }),
    ).toBe('Choose Date & Time | Manhattan | In Clinic | Friday, May 1, 2026 | Glow Mobile IV');
  });

  it('leaves out parts that are not known', () => {
    expect(documentTitle({ pageTitle: 'Select a Service', marketplaceName: 'Glow Mobile IV' })).toBe(
      'Select a Service | Glow Mobile IV',
    );
  });

  it('falls back to the product name when nothing is known', () => {
    expect(documentTitle({})).toBe('Atrium');
  });
});

describe('bookingPageTitle', () => {
  it('names the clinic and In Clinic, or Mobile Visit for an own address, and the chosen date', () => {
    const clinic = { organizationId: '101', name: 'Midtown', address: '1 Main St', phone: '+12125550100' };
    expect(
      bookingPageTitle('Choose Date & Time', 'Glow', clinic, { date: '2030-01-08', time: '10:00' }),
    ).toBe('Choose Date & Time | Midtown | In Clinic | Tuesday, January 8, 2030 | Glow');
    const home = { address: '350 5th Ave', latitude: 40.75, longitude: -73.99 };
    expect(bookingPageTitle('Select a Service', 'Glow', home, null)).toBe(
      'Select a Service | Mobile Visit | Glow',
    );
  });
});
