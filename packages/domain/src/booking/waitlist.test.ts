import { describe, expect, it } from 'vitest';
import { canSaveWaitlistEntry, saveWaitlistEntry } from './waitlist';

describe('waitlist entries', () => {
  it('save only with a date and at least one time of day', () => {
    expect(canSaveWaitlistEntry({ date: '2026-12-01', timesOfDay: ['morning'] })).toBe(true);
    expect(canSaveWaitlistEntry({ date: null, timesOfDay: ['morning'] })).toBe(false);
    expect(canSaveWaitlistEntry({ date: '2026-12-01', timesOfDay: [] })).toBe(false);
    expect(saveWaitlistEntry([], { date: '2026-12-01', timesOfDay: [] }, null)).toBeNull();
  });

  it('are added at the end with their times of day in order', () => {
    expect(
      saveWaitlistEntry(
        [{ date: '2026-12-01', timesOfDay: ['morning'] }],
        { date: '2026-12-03', timesOfDay: ['evening', 'morning'] },
        null,
      ),
    ).toEqual([
      { date: '2026-12-01', timesOfDay: ['morning'] },
      { date: '2026-12-03', timesOfDay: ['morning', 'evening'] },
    ]);
  });

  it('replace the entry being edited', () => {
    expect(
      saveWaitlistEntry(
        [
          { date: '2026-12-01', timesOfDay: ['morning'] },
          { date: '2026-12-02', timesOfDay: ['afternoon'] },
        ],
        { date: '2026-12-05', timesOfDay: ['afternoon', 'evening'] },
        1,
      ),
    ).toEqual([
      { date: '2026-12-01', timesOfDay: ['morning'] },
      { date: '2026-12-05', timesOfDay: ['afternoon', 'evening'] },
    ]);
  });
});
