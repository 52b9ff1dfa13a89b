import { describe, expect, it } from 'vitest';
import { dateRangesFor, marketingConsents, requestProcedures } from './booking-payload';

describe('booking payload', () => {
  it('sends one chosen time as a range that starts and ends at it', () => {
    expect(dateRangesFor({ date: '2026-12-01', time: '09:30' }, [])).toEqual([
      { start: '2026-12-01T09:30', end: '2026-12-01T09:30' },
    ]);
  });

  it('sends each waitlist entry and time of day as its window', () => {
    expect(
      dateRangesFor(null, [
        { date: '2026-12-01', timesOfDay: ['morning', 'evening'] },
        { date: '2026-12-03', timesOfDay: ['afternoon'] },
      ]),
    ).toEqual([
      { start: '2026-12-01T08:00', end: '2026-12-01T12:00' },
      { start: '2026-12-01T16:00', end: '2026-12-01T20:00' },
      { start: '2026-12-03T12:00', end: '2026-12-03T16:00' },
    ]);
  });

  it('records marketing consent for SMS and EMAIL with source checkout', () => {
    expect(marketingConsents(true, 'ada@example.com', '+12015550143')).toEqual([
      { channel: 'SMS', consent: true, source: 'checkout', phone: '+12015550143' },
      { channel: 'EMAIL', consent: true, source: 'checkout', email: 'ada@example.com' },
    ]);
  });

  it('sends procedures with their add-ons, each once', () => {
    expect(
      requestProcedures([
        { id: '1', addOnIds: ['10', '11'] },
        { id: '2', addOnIds: ['10'] },
      ]),
    ).toEqual(['1', '10', '11', '2']);
  });
});
