import { describe, expect, it } from 'vitest';
import { isWaitlistComplete, resumeStep } from './resume-step';

describe('isWaitlistComplete', () => {
  it('is false for an empty waitlist', () => {
    expect(isWaitlistComplete([])).toBe(false);
  });

  it('is true when every entry has a date and at least one time of day', () => {
    expect(
      isWaitlistComplete([
        { date: '2026-12-01', timesOfDay: ['morning'] },
        { date: '2026-12-02', timesOfDay: ['afternoon', 'evening'] },
      ]),
    ).toBe(true);
  });

  it('is false when an entry has no date', () => {
    expect(isWaitlistComplete([{ date: null, timesOfDay: ['morning'] }])).toBe(false);
  });

  it('is false when an entry has no time of day', () => {
    expect(
      isWaitlistComplete([
        { date: '2026-12-01', timesOfDay: ['morning'] },
        { date: '2026-12-02', timesOfDay: [] },
      ]),
    ).toBe(false);
  });
});

describe('resumeStep', () => {
  const completeWaitlist = [{ date: '2026-12-01', timesOfDay: ['evening' as const] }];

  it('goes to services when the cart is empty, whatever else is chosen', () => {
    expect(resumeStep({ cartSize: 0, hasDateTime: true, waitlist: completeWaitlist })).toBe('services');
  });

  it('goes to schedule with items but neither a date and time nor a complete waitlist', () => {
    expect(resumeStep({ cartSize: 2, hasDateTime: false, waitlist: [] })).toBe('schedule');
    expect(resumeStep({ cartSize: 2, hasDateTime: false, waitlist: [{ date: null, timesOfDay: [] }] })).toBe(
      'schedule',
    );
  });

  it('goes to confirm with items and a date and time', () => {
    expect(resumeStep({ cartSize: 1, hasDateTime: true, waitlist: [] })).toBe('confirm');
  });

  it('goes to confirm with items and a complete waitlist', () => {
    expect(resumeStep({ cartSize: 1, hasDateTime: false, waitlist: completeWaitlist })).toBe('confirm');
  });
});
