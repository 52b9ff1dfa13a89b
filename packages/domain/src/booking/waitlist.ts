import { sortTimesOfDay, type TimeOfDay } from './times-of-day';

export interface WaitlistDraft {
  date: string | null;
  timesOfDay: readonly TimeOfDay[];
}

/** A waitlist entry saves only with a date and at least one time of day. */
export function canSaveWaitlistEntry(entry: WaitlistDraft): boolean {
  return Boolean(entry.date) && entry.timesOfDay.length > 0;
}

/**
 * Puts an entry in the waitlist (a new one at the end, or in place of `index`), with its times of
 * day in the spec's order. Returns null when the entry cannot be saved.
 */
export function saveWaitlistEntry<T extends WaitlistDraft>(
  waitlist: readonly T[],
  entry: WaitlistDraft,
  index: number | null,
): { date: string; timesOfDay: TimeOfDay[] }[] | null {
  if (!canSaveWaitlistEntry(entry) || !entry.date) return null;
  const saved = { date: entry.date, timesOfDay: sortTimesOfDay(entry.timesOfDay) };
  const next = waitlist.map((e) => ({ date: e.date ?? '', timesOfDay: [...e.timesOfDay] }));
  if (index === null || index < 0 || index >= next.length) next.push(saved);
  else next[index] = saved;
  return next;
}
