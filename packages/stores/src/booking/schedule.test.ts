import { beforeEach, describe, expect, it } from 'vitest';
import { $selectedDateTime, $selectedWaitlist } from '../client-values/stores';
import { removeWaitlistEntry, selectDateTime, setWaitlistEntry } from './schedule';

describe('schedule transitions', () => {
  beforeEach(() => {
    $selectedDateTime.set(null);
    $selectedWaitlist.set([]);
  });

  it('choosing a date and time clears the waitlist', () => {
    $selectedWaitlist.set([{ date: '2026-12-02', timesOfDay: ['morning'] }]);
    selectDateTime({ date: '2026-12-01', time: '10:30' });
    expect($selectedDateTime.get()).toEqual({ date: '2026-12-01', time: '10:30' });
    expect($selectedWaitlist.get()).toEqual([]);
  });

  it('setting a waitlist entry clears the chosen date and time', () => {
    $selectedDateTime.set({ date: '2026-12-01', time: '10:30' });
    expect(setWaitlistEntry({ date: '2026-12-02', timesOfDay: ['evening', 'morning'] })).toBe(true);
    expect($selectedWaitlist.get()).toEqual([{ date: '2026-12-02', timesOfDay: ['morning', 'evening'] }]);
    expect($selectedDateTime.get()).toBeNull();
  });

  it('refuses an incomplete entry and keeps the date and time', () => {
    $selectedDateTime.set({ date: '2026-12-01', time: '10:30' });
    expect(setWaitlistEntry({ date: '2026-12-02', timesOfDay: [] })).toBe(false);
    expect(setWaitlistEntry({ date: null, timesOfDay: ['morning'] })).toBe(false);
    expect($selectedWaitlist.get()).toEqual([]);
    expect($selectedDateTime.get()).toEqual({ date: '2026-12-01', time: '10:30' });
  });

  it('edits an entry in place and says when the last one is removed', () => {
    setWaitlistEntry({ date: '2026-12-02', timesOfDay: ['morning'] });
    setWaitlistEntry({ date: '2026-12-03', timesOfDay: ['afternoon'] });
    setWaitlistEntry({ date: '2026-12-04', timesOfDay: ['evening'] }, 0);
    expect($selectedWaitlist.get().map((e) => e.date)).toEqual(['2026-12-04', '2026-12-03']);
    expect(removeWaitlistEntry(0)).toBe(false);
    expect(removeWaitlistEntry(0)).toBe(true);
    expect($selectedWaitlist.get()).toEqual([]);
  });
});
