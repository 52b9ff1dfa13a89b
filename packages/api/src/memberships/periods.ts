// Membership periods as calendar dates (yyyy-MM-dd). Dates are UTC days: a renewal falls due when the
// UTC date reaches the renewal date.
import { TZDate } from '@date-fns/tz';
import { addMonths, format, parseISO } from 'date-fns';
import type { membershipPeriods } from './tables';

export type MembershipPeriod = (typeof membershipPeriods)[number];

const monthsOf: Record<MembershipPeriod, number> = { monthly: 1, quarterly: 3, yearly: 12 };

/** The UTC calendar date of an instant, yyyy-MM-dd. */
export function utcDate(now: Date): string {
  return format(new TZDate(now, 'UTC'), 'yyyy-MM-dd');
}

/**
 * The date one period after `date` (yyyy-MM-dd). A day the target month lacks becomes its last day:
 * 2026-01-31 monthly gives 2026-02-28.
 */
export function addPeriod(date: string, period: MembershipPeriod): string {
  return format(addMonths(parseISO(date), monthsOf[period]), 'yyyy-MM-dd');
}

/** Midnight UTC at the start of a yyyy-MM-dd date: when benefits that end on it run out. */
export function startOfUtcDate(date: string): Date {
  return new Date(`${date}T00:00:00.000Z`);
}
