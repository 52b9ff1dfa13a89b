import type { TimeOfDay } from './times-of-day';

export interface WaitlistEntryRule {
  date: string | null;
  timesOfDay: readonly TimeOfDay[];
}

/** A waitlist is complete when it has entries and every entry has a date and a time of day. */
export function isWaitlistComplete(entries: readonly WaitlistEntryRule[]): boolean {
  return entries.length > 0 && entries.every((entry) => Boolean(entry.date) && entry.timesOfDay.length > 0);
}

export type ResumeStep = 'services' | 'schedule' | 'confirm';

/**
 * /resume: services with an empty cart; schedule with neither a chosen date and time nor a
 * complete waitlist; otherwise confirm.
 */
export function resumeStep(booking: {
  cartSize: number;
  hasDateTime: boolean;
  waitlist: readonly WaitlistEntryRule[];
}): ResumeStep {
  if (booking.cartSize === 0) return 'services';
  if (!booking.hasDateTime && !isWaitlistComplete(booking.waitlist)) return 'schedule';
  return 'confirm';
}
