import { describe, expect, it } from 'vitest';
import { documentTitle } from './document-title';

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
