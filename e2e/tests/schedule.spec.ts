import { expect, test } from '@playwright/test';
import { addDays, addMonths, format, isSameMonth, startOfWeek } from 'date-fns';
import { chooseClinic, freshStart } from '../support/booking';
import {
  clinicToday,
  dayButtonName,
  dayHeading,
  nextWeekday,
  pickDay,
  pickInDialog,
  scheduleAtClinic,
  timesRegion,
} from '../support/schedule';

const weekdays = [2, 3, 4]; // Tuesday to Thursday: every demo clinic is open.

test.describe('choosing a date and time', () => {
  test('/schedule without services in the cart goes to /services', async ({ page }) => {
    await freshStart(page, '/1/schedule');
    await expect(page).toHaveURL(/\/1\/services$/);
  });

  test('a day and time at a clinic, grouped Morning / Afternoon / Evening, then Continue', async ({
    page,
  }) => {
    await scheduleAtClinic(page);
    await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
    const day = nextWeekday(weekdays);
    await pickDay(page, day);
    const times = timesRegion(page);
    await expect(times.getByRole('region', { name: 'Morning' })).toBeVisible();
    await times.getByRole('button', { name: '10:00 AM' }).click();
    await expect(times.getByRole('button', { name: '10:00 AM' })).toHaveAttribute('aria-pressed', 'true');
    expect(await page.evaluate(() => localStorage.getItem('selected-date-time'))).toBe(
      JSON.stringify({ date: format(day, 'yyyy-MM-dd'), time: '10:00' }),
    );
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/1\/confirm$/);
  });

  test('a day and time for an at-home visit at the client address', async ({ page }) => {
    await freshStart(page, '/1/set-location');
    await page.getByRole('combobox', { name: 'Service address' }).fill('350 5th Ave, New York, NY 10118');
    await page.getByRole('option', { name: /350 5th Ave/ }).click();
    await page.getByRole('button', { name: 'IV Therapy' }).isVisible();
    await page.getByRole('button', { name: "Add Myers' Cocktail" }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^Add Service/ })
      .click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await pickDay(page, nextWeekday(weekdays));
    const first = timesRegion(page).getByRole('button').first();
    await expect(first).toBeVisible();
    await first.click();
    await expect(page.getByRole('button', { name: 'Continue' })).toBeEnabled();
  });

  test('more than 9 times show 9 and Show More / Show Less', async ({ page }) => {
    await scheduleAtClinic(page);
    await pickDay(page, nextWeekday(weekdays));
    const times = timesRegion(page);
    await expect(times.getByRole('button', { name: /AM|PM/ })).toHaveCount(9);
    await times.getByRole('button', { name: 'Show More' }).click();
    expect(await times.getByRole('button', { name: /AM|PM/ }).count()).toBeGreaterThan(9);
    await expect(times.getByRole('region', { name: 'Afternoon' })).toBeVisible();
    await times.getByRole('button', { name: 'Show Less' }).click();
    await expect(times.getByRole('button', { name: /AM|PM/ })).toHaveCount(9);
  });

  test('picking a day in the past snaps to today', async ({ page }) => {
    const today = clinicToday();
    const weekStart = startOfWeek(today);
    test.skip(
      weekStart.getDate() === 1 && today.getDay() === 0,
      'No past day can be shown on the first Sunday of a month (the calendar does not go before it).',
    );
    await scheduleAtClinic(page);
    if (today.getDay() === 0) await page.getByRole('button', { name: 'Previous week' }).click();
    const week = page.getByRole('list', { name: 'Week' });
    const pastDay = today.getDay() === 0 ? startOfWeek(new Date(today.getTime() - 86_400_000)) : weekStart;
    const past = isSameMonth(pastDay, today) ? pastDay : today;
    await week.getByRole('button', { name: dayButtonName(past) }).click();
    await expect(page.getByRole('heading', { level: 2, name: dayHeading(today) })).toBeVisible();
  });

  test('each day is named by what it shows first (label in name), in the week and the waitlist grid', async ({
    page,
  }) => {
    await scheduleAtClinic(page);
    const days = page.getByRole('list', { name: 'Week' }).getByRole('button');
    await expect(days).toHaveCount(7);
    for (const day of await days.all()) {
      // What is on screen, weekday over day number: 'Tue 1' (shown upper-cased by CSS).
      // (The month and year are there for screen readers only, in a 1 px visually hidden box.)
      const shown = await day.evaluate((button) =>
        [...button.children]
          .filter((part) => part.getBoundingClientRect().width > 1)
          .map((part) => part.textContent?.trim())
          .join(' '),
      );
      expect(shown).toMatch(/^[A-Z]{3} \d{1,2}$/i);
      await expect(day).toHaveAccessibleName(new RegExp(`^${shown} [A-Z][a-z]+ \\d{4}$`, 'i'));
    }
    const today = clinicToday();
    await page.getByRole('button', { name: 'Join our Waitlist' }).click();
    const grid = page.getByRole('dialog', { name: 'Your Availability' }).getByRole('grid');
    const cell = grid.getByRole('gridcell', { name: dayButtonName(today) });
    await expect(cell).toHaveText(format(today, 'd'));
    await expect(cell.getByRole('button')).toHaveAccessibleName(dayButtonName(today));
  });

  test("a day with no availability says 'No availability on this date'", async ({ page }) => {
    // Marketplace 3's clinic is closed on Sundays.
    await freshStart(page, '/3/services');
    await page.getByRole('button', { name: 'Add Cupping Therapy' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await pickDay(page, nextWeekday([0]));
    await expect(timesRegion(page).getByText('No availability on this date')).toBeVisible();
  });
});

test.describe('the waitlist', () => {
  test('set, edit, add more, delete; an incomplete entry is refused', async ({ page }) => {
    await scheduleAtClinic(page);
    const waitlist = page.getByRole('region', { name: 'Waitlist' });
    const first = nextWeekday(weekdays);
    const second = nextWeekday(weekdays, first);

    await waitlist.getByRole('button', { name: 'Join our Waitlist' }).click();
    let dialog = page.getByRole('dialog', { name: 'Your Availability' });
    await dialog.getByRole('button', { name: 'Morning' }).click();
    await dialog.getByRole('button', { name: 'Set Availability' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Choose a date and at least one time of day.');
    await dialog.getByRole('button', { name: 'Morning' }).click();
    await pickInDialog(dialog, first);
    await dialog.getByRole('button', { name: 'Set Availability' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Choose a date and at least one time of day.');
    await dialog.getByRole('button', { name: 'Evening' }).click();
    await dialog.getByRole('button', { name: 'Morning' }).click();
    await dialog.getByRole('button', { name: 'Set Availability' }).click();
    await expect(dialog).toBeHidden();

    await expect(waitlist).toContainText(format(first, 'EEEE, MMM d, yyyy'));
    await expect(waitlist).toContainText('Morning, Evening');
    // Setting a waitlist entry unselects the day; Continue is allowed with a complete waitlist.
    await expect(timesRegion(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Continue' })).toBeEnabled();
    expect(await page.evaluate(() => localStorage.getItem('selected-waitlist'))).toBe(
      JSON.stringify([{ date: format(first, 'yyyy-MM-dd'), timesOfDay: ['morning', 'evening'] }]),
    );

    await waitlist
      .getByRole('button', { name: `Edit availability for ${format(first, 'EEEE, MMM d, yyyy')}` })
      .click();
    dialog = page.getByRole('dialog', { name: 'Your Availability' });
    await dialog.getByRole('button', { name: 'Afternoon' }).click();
    await dialog.getByRole('button', { name: 'Update Availability' }).click();
    await expect(waitlist).toContainText('Morning, Afternoon, Evening');

    await waitlist.getByRole('button', { name: 'Add More Availability' }).click();
    dialog = page.getByRole('dialog', { name: 'Your Availability' });
    await pickInDialog(dialog, second);
    await dialog.getByRole('button', { name: 'Afternoon' }).click();
    await dialog.getByRole('button', { name: 'Set Availability' }).click();
    await expect(waitlist.getByRole('listitem')).toHaveCount(2);

    await waitlist
      .getByRole('button', { name: `Delete availability for ${format(first, 'EEEE, MMM d, yyyy')}` })
      .click();
    await waitlist
      .getByRole('button', { name: `Delete availability for ${format(second, 'EEEE, MMM d, yyyy')}` })
      .click();
    // Removing every entry returns to today.
    await expect(page.getByRole('heading', { level: 2, name: dayHeading(clinicToday()) })).toBeVisible();
    await expect(waitlist.getByRole('button', { name: 'Join our Waitlist' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  });

  test('the availability calendar works from the keyboard, and focus stays on the page after saving', async ({
    page,
  }) => {
    await scheduleAtClinic(page);
    await page.getByRole('button', { name: 'Join our Waitlist' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your Availability' });
    const grid = dialog.getByRole('grid');
    const today = clinicToday();
    // One day of the grid is in the tab order: today, to start with.
    const start = grid.getByRole('button', { name: dayButtonName(today) });
    await expect(start).toHaveAttribute('tabindex', '0');
    await start.focus();
    await page.keyboard.press('ArrowRight');
    const tomorrow = addDays(today, 1);
    await expect(grid.getByRole('button', { name: dayButtonName(tomorrow) })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    const weekLater = addDays(tomorrow, 7);
    // A week down may cross into the next month: the grid shows it and keeps the focus there.
    await expect(grid.getByRole('button', { name: dayButtonName(weekLater) })).toBeFocused();
    // Before today nothing is offered: the focus stays on today.
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowUp');
    await expect(grid.getByRole('button', { name: dayButtonName(today) })).toBeFocused();
    await page.keyboard.press('PageDown');
    const nextMonth = addMonths(today, 1);
    await expect(grid.getByRole('button', { name: dayButtonName(nextMonth) })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(grid.getByRole('button', { name: dayButtonName(nextMonth) })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await dialog.getByRole('button', { name: 'Morning' }).click();
    await dialog.getByRole('button', { name: 'Set Availability' }).click();
    await expect(dialog).toBeHidden();
    // 'Join our Waitlist' has given way to the list: focus goes to its next action, not the page's body.
    await expect(page.getByRole('button', { name: 'Add More Availability' })).toBeFocused();
  });

  test('on a phone the availability dialog is a bottom drawer', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await scheduleAtClinic(page);
    await page.getByRole('button', { name: 'Join our Waitlist' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your Availability' });
    await expect(dialog).toBeVisible();
    await expect
      .poll(async () => {
        const box = await dialog.boundingBox();
        return box ? Math.round(box.y + box.height) : null;
      })
      .toBe(844);
    const box = await dialog.boundingBox();
    expect(box?.width).toBe(390);
  });

  test('choosing a date and time clears the waitlist', async ({ page }) => {
    await scheduleAtClinic(page);
    const day = nextWeekday(weekdays);
    await page.getByRole('button', { name: 'Join our Waitlist' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your Availability' });
    await pickInDialog(dialog, day);
    await dialog.getByRole('button', { name: 'Morning' }).click();
    await dialog.getByRole('button', { name: 'Set Availability' }).click();
    await pickDay(page, day);
    await timesRegion(page).getByRole('button', { name: '11:00 AM' }).click();
    await expect(page.getByRole('button', { name: 'Join our Waitlist' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('selected-waitlist'))).toBeNull();
  });
});

test.describe('/resume', () => {
  test('goes to services, schedule or confirm by what the booking holds', async ({ page }) => {
    await freshStart(page, '/1/resume');
    await expect(page).toHaveURL(/\/1\/services$/);

    await chooseClinic(page, '1', 'Glow Mobile IV Midtown Manhattan');
    await page.getByRole('button', { name: 'Vitamin Injections' }).click();
    await page.getByRole('button', { name: 'Add B12 Energy Shot' }).click();
    await page.goto('/1/resume');
    await expect(page).toHaveURL(/\/1\/schedule$/);

    await page.evaluate(() =>
      localStorage.setItem('selected-waitlist', JSON.stringify([{ date: '2030-01-08', timesOfDay: [] }])),
    );
    await page.goto('/1/resume');
    await expect(page).toHaveURL(/\/1\/schedule$/);

    await page.evaluate(() =>
      localStorage.setItem(
        'selected-waitlist',
        JSON.stringify([{ date: '2030-01-08', timesOfDay: ['morning'] }]),
      ),
    );
    await page.goto('/1/resume');
    await expect(page).toHaveURL(/\/1\/confirm$/);

    await page.evaluate(() => {
      localStorage.removeItem('selected-waitlist');
      localStorage.setItem('selected-date-time', JSON.stringify({ date: '2030-01-08', time: '10:00' }));
    });
    await page.goto('/1/resume');
    await expect(page).toHaveURL(/\/1\/confirm$/);
  });
});
