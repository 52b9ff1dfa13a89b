import { describe, expect, it } from 'vitest';
import { addPeriod, startOfUtcDate, utcDate } from './periods';

describe('membership periods', () => {
  it('renews monthly one month, quarterly three and yearly twelve months ahead', () => {
    expect(addPeriod('2026-03-15', 'monthly')).toBe('2026-04-15');
    expect(addPeriod('2026-03-15', 'quarterly')).toBe('2026-06-15');
    expect(addPeriod('2026-03-15', 'yearly')).toBe('2027-03-15');
    expect(addPeriod('2026-11-30', 'quarterly')).toBe('2027-02-28');
  });

  it('clamps to the last day of a shorter month', () => {
    expect(addPeriod('2026-01-31', 'monthly')).toBe('2026-02-28');
    expect(addPeriod('2028-01-31', 'monthly')).toBe('2028-02-29');
    expect(addPeriod('2028-02-29', 'yearly')).toBe('2029-02-28');
  });

  it('takes the UTC calendar date of an instant', () => {
    expect(utcDate(new Date('2026-05-01T23:30:00-05:00'))).toBe('2026-05-02');
    expect(utcDate(new Date('2026-05-01T00:00:00Z'))).toBe('2026-05-01');
    expect(startOfUtcDate('2026-05-01').toISOString()).toBe('2026-05-01T00:00:00.000Z');
  });
});
