// The period of the owner's Reports: local dates, both included, checked alike by the console's period
// picker and the API, so both refuse a period with the same words.
import { differenceInCalendarDays, format, isValid, parse } from 'date-fns';

/** A report covers at most a year, a leap year's included. */
export const REPORT_MAX_DAYS = 366;

export const REPORT_PERIOD_MESSAGES = {
  fromInvalid: 'Enter the first day of the period as a date (yyyy-MM-dd).',
  toInvalid: 'Enter the last day of the period as a date (yyyy-MM-dd).',
  order: 'The period must not end before it starts.',
  tooLong: `A report covers at most ${REPORT_MAX_DAYS} days; choose a shorter period.`,
} as const;

/** Whether text is a real calendar date written yyyy-MM-dd. */
export function isLocalDate(value: string): boolean {
  const date = parse(value, 'yyyy-MM-dd', new Date(0));
  return isValid(date) && format(date, 'yyyy-MM-dd') === value;
}

/** How many days a period holds, both ends included (from and to are yyyy-MM-dd). */
export function reportPeriodDays(from: string, to: string): number {
  const day = (value: string) => parse(value, 'yyyy-MM-dd', new Date(0));
  return differenceInCalendarDays(day(to), day(from)) + 1;
}

/** What is wrong with a period, or null when it can be reported on. */
export function reportPeriodProblem(from: string, to: string): string | null {
  if (!isLocalDate(from)) return REPORT_PERIOD_MESSAGES.fromInvalid;
  if (!isLocalDate(to)) return REPORT_PERIOD_MESSAGES.toInvalid;
  const days = reportPeriodDays(from, to);
  if (days < 1) return REPORT_PERIOD_MESSAGES.order;
  return days > REPORT_MAX_DAYS ? REPORT_PERIOD_MESSAGES.tooLong : null;
}
