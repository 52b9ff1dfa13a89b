import { expect, type Locator, type Page } from '@playwright/test';
import { addDays, format } from 'date-fns';
import { chooseClinic } from './booking';

/**
 * Today's date at the demo clinics (New York), as a local date. The schedule's "today" is the
 * clinic's, so a run just after midnight UTC must not expect tomorrow.
 */
export function clinicToday(timeZone = 'America/New_York', now = new Date()): Date {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return new Date(part('year'), part('month') - 1, part('day'));
}

/** The next date (after the clinic's today) that falls on one of `weekdays` (0 = Sunday). */
export function nextWeekday(weekdays: number[], from = clinicToday()): Date {
  let day = addDays(from, 1);
  while (!weekdays.includes(day.getDay())) day = addDays(day, 1);
  return day;
}

/**
 * A day's accessible name in the week calendar and the waitlist's month grid: what the day shows
 * first ('Tue 1'), then its month and year.
 */
export const dayButtonName = (date: Date) => format(date, 'EEE d MMMM yyyy');

/** The chosen-day heading over the times ('EEEE, MMMM d, yyyy'). */
export const dayHeading = (date: Date) => format(date, 'EEEE, MMMM d, yyyy');

/**
 * Shows the week holding `date` on /schedule and picks that day: the month list goes straight to
 * the week of the date's month's first day (or this week), and 'Next week' pages on from there.
 */
export async function pickDay(page: Page, date: Date) {
  const week = page.getByRole('list', { name: 'Week' });
  await expect(week).toBeVisible();
  const button = week.getByRole('button', { name: dayButtonName(date) });
  if (!(await button.isVisible())) {
    await page.getByRole('combobox', { name: 'Month' }).selectOption(format(date, 'yyyy-MM-01'));
    for (let i = 0; i < 6 && !(await button.isVisible()); i++) {
      await page.getByRole('button', { name: 'Next week' }).click();
    }
  }
  await button.click();
  await expect(page.getByRole('heading', { level: 2, name: dayHeading(date) })).toBeVisible();
}

/** A clinic of marketplace 1 chosen and a service in the cart, on /schedule. */
export async function scheduleAtClinic(page: Page) {
  await chooseClinic(page, '1', 'Glow Mobile IV Midtown Manhattan');
  await page.getByRole('button', { name: 'Vitamin Injections' }).click();
  await page.getByRole('button', { name: 'Add B12 Energy Shot' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Choose Date & Time' })).toBeVisible();
}

export const timesRegion = (page: Page) => page.getByRole('region', { name: 'Available times' });

/** Picks a day in the waitlist dialog's month calendar. */
export async function pickInDialog(dialog: Locator, date: Date) {
  const cell = dialog.getByRole('gridcell', { name: dayButtonName(date) });
  for (let i = 0; i < 12 && !(await cell.isVisible()); i++) {
    await dialog.getByRole('button', { name: 'Next month' }).click();
  }
  await cell.click();
}
