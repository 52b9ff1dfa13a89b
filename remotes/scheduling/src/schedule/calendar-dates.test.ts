import { describe, expect, it } from 'vitest';
import {
  calendarMonths,
  dayAfterKey,
  dayName,
  formatDay,
  monthGrid,
  snapToToday,
  todayAt,
  weekOf,
} from './calendar-dates';

describe('calendar dates', () => {
  it('formats the chosen-day heading and waitlist dates as the spec says', () => {
    expect(formatDay('2026-12-01', 'EEEE, MMMM d, yyyy')).toBe('Tuesday, December 1, 2026');
    expect(formatDay('2026-12-01', 'EEEE, MMM d, yyyy')).toBe('Tuesday, Dec 1, 2026');
  });

  it('names a calendar day by what it shows first (Tue, 1), then its month and year', () => {
    expect(dayName('2026-12-01')).toBe('Tue 1 December 2026');
    // Label in name (WCAG 2.5.3): the week button's visible weekday and day number start the name.
    for (const day of weekOf('2026-12-30')) {
      expect(dayName(day).startsWith(`${formatDay(day, 'EEE')} ${formatDay(day, 'd')} `)).toBe(true);
    }
    expect(dayName('2027-01-02')).toBe('Sat 2 January 2027');
  });

  it("tells today's date at the place, across the date line of zones", () => {
    const now = new Date('2026-11-23T03:30:00Z');
    expect(todayAt('America/New_York', now)).toBe('2026-11-22');
    expect(todayAt('Europe/Berlin', now)).toBe('2026-11-23');
  });

  it('snaps a past day to today and keeps a future one', () => {
    expect(snapToToday('2026-11-20', '2026-11-22')).toBe('2026-11-22');
    expect(snapToToday('2026-11-25', '2026-11-22')).toBe('2026-11-25');
  });

  it('gives the Sunday-to-Saturday week of a day', () => {
    expect(weekOf('2026-11-25')).toEqual([
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
    ]);
  });

  it('lists months from this one through one year ahead', () => {
    const months = calendarMonths('2026-11-22');
    expect(months[0]).toBe('2026-11-01');
    expect(months.at(-1)).toBe('2027-11-01');
    expect(months).toHaveLength(13);
  });

  it('lays a month out in 35 cells', () => {
    const grid = monthGrid('2026-11-01');
    expect(grid).toHaveLength(35);
    expect(grid[0]).toBe('2026-11-01');
    expect(grid[29]).toBe('2026-11-30');
    expect(grid[30]).toBeNull();
  });

  it('grows to six weeks only when a month would not fit in 35 cells', () => {
    const august = monthGrid('2026-08-01');
    expect(august).toHaveLength(42);
    expect(august.filter(Boolean)).toHaveLength(31);
    expect(monthGrid('2027-02-01')).toHaveLength(35);
  });
});

describe('dayAfterKey', () => {
  // Wednesday, 2026-12-16.
  const day = '2026-12-16';
  it.each([
    ['ArrowLeft', '2026-12-15'],
    ['ArrowRight', '2026-12-17'],
    ['ArrowUp', '2026-12-09'],
    ['ArrowDown', '2026-12-23'],
    ['Home', '2026-12-13'],
    ['End', '2026-12-19'],
    ['PageUp', '2026-11-16'],
    ['PageDown', '2027-01-16'],
  ])('%s moves to %s', (key, expected) => {
    expect(dayAfterKey(day, key)).toBe(expected);
  });

  it('crosses months and years, and ignores other keys', () => {
    expect(dayAfterKey('2026-12-31', 'ArrowRight')).toBe('2027-01-01');
    expect(dayAfterKey('2026-12-31', 'Enter')).toBeNull();
  });
});
