import { TZDate } from '@date-fns/tz';
import {
  addDays,
  addMonths,
  eachDayOfInterval,
  endOfMonth,
  format,
  isBefore,
  parseISO,
  startOfMonth,
  startOfWeek,
} from 'date-fns';

/** Dates are kept as yyyy-MM-dd, local to the place of the visit. */
export const DATE_FORMAT = 'yyyy-MM-dd';
/** The chosen day's heading, and waitlist dates as shown. */
export const DAY_HEADING_FORMAT = 'EEEE, MMMM d, yyyy';
export const WAITLIST_DATE_FORMAT = 'EEEE, MMM d, yyyy';

const toDate = (day: string) => parseISO(day);
export const formatDay = (day: string, pattern: string) => format(toDate(day), pattern);

/**
 * The accessible name of a day in the week calendar and the waitlist's month grid, e.g. 'Tue 1
 * December 2026'. It starts with what the week's button shows ('Tue', '1'; the grid shows the day
 * under a 'Tue' column), so speech users can say what they see (WCAG 2.5.3 label in name), and ends
 * with the month and year that neither shows on the day itself.
 */
export const dayName = (day: string) => formatDay(day, 'EEE d MMMM yyyy');

/** Today at the place (its IANA zone), or in the browser's zone when the place's is not known. */
export function todayAt(timeZone: string | null | undefined, now = new Date()): string {
  return format(timeZone ? new TZDate(now, timeZone) : now, DATE_FORMAT);
}

/** A day picked before today snaps to today: past days are shown but cannot be booked. */
export function snapToToday(day: string, today: string): string {
  return day < today ? today : day;
}

/** The seven days (Sunday first) of the week holding `day`. */
export function weekOf(day: string): string[] {
  const start = startOfWeek(toDate(day));
  return Array.from({ length: 7 }, (_, i) => format(addDays(start, i), DATE_FORMAT));
}

/** The same weekday one week before or after. */
export const shiftWeek = (day: string, weeks: number) => format(addDays(toDate(day), weeks * 7), DATE_FORMAT);

/** The months the calendar lists: from this month through one year ahead (yyyy-MM-01). */
export function calendarMonths(today: string): string[] {
  const first = startOfMonth(toDate(today));
  return Array.from({ length: 13 }, (_, i) => format(addMonths(first, i), DATE_FORMAT));
}

/**
 * A month as a 35-cell grid (five weeks from the Sunday on or before the 1st), grown to six
 * weeks only for a month whose days would not otherwise all fit. Cells outside the month are null.
 */
export function monthGrid(month: string): (string | null)[] {
  const first = startOfMonth(toDate(month));
  const last = endOfMonth(first);
  const start = startOfWeek(first);
  const days = eachDayOfInterval({ start: first, end: last }).length;
  const cells = first.getDay() + days > 35 ? 42 : 35;
  return Array.from({ length: cells }, (_, i) => {
    const date = addDays(start, i);
    return isBefore(date, first) || date > last ? null : format(date, DATE_FORMAT);
  });
}

/** The first of the month holding `day`. */
export const monthOf = (day: string) => format(startOfMonth(toDate(day)), DATE_FORMAT);

/** A day some days before or after (yyyy-MM-dd). */
export const shiftDay = (day: string, days: number) => format(addDays(toDate(day), days), DATE_FORMAT);

/**
 * The day a key moves the month grid's focus to (the WAI-ARIA date picker grid): arrows by a day or a
 * week, Home and End to the week's ends, Page Up and Page Down by a month. Null for other keys.
 */
export function dayAfterKey(day: string, key: string): string | null {
  const date = toDate(day);
  switch (key) {
    case 'ArrowLeft':
      return shiftDay(day, -1);
    case 'ArrowRight':
      return shiftDay(day, 1);
    case 'ArrowUp':
      return shiftDay(day, -7);
    case 'ArrowDown':
      return shiftDay(day, 7);
    case 'Home':
      return shiftDay(day, -date.getDay());
    case 'End':
      return shiftDay(day, 6 - date.getDay());
    case 'PageUp':
      return format(addMonths(date, -1), DATE_FORMAT);
    case 'PageDown':
      return format(addMonths(date, 1), DATE_FORMAT);
    default:
      return null;
  }
}
