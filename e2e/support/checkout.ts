import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { parse } from 'date-fns';
import ICAL from 'ical.js';
import { chooseClinic } from './booking';
import { clinicToday, nextWeekday, pickDay, timesRegion } from './schedule';

/** Stripe's test numbers, which the sandbox processor honours. */
export const cards = {
  succeeds: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
};

/** An email no earlier run has registered (guests are registered at submit). */
export const newGuestEmail = () =>
  `guest-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** Picks the first free time on the given day of /schedule and continues to /confirm. */
export async function pickFirstTimeAndContinue(page: Page, day: Date) {
  await pickDay(page, day);
  const first = timesRegion(page).getByRole('button').first();
  await expect(first).toBeVisible();
  await first.click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Review & Confirm' })).toBeVisible();
}

/** A clinic chosen, one service in the cart, a time picked: on /confirm. */
export async function confirmAtClinic(
  page: Page,
  options: { marketplaceId: string; clinic: string | null; category: string; service: string; day: Date },
) {
  // Without a clinic name, the marketplace's only clinic is chosen for the client.
  if (options.clinic) await chooseClinic(page, options.marketplaceId, options.clinic);
  else await page.goto(`/${options.marketplaceId}/services`);
  // The first category starts open, the others folded.
  const category = page.getByRole('button', { name: options.category });
  const add = page.getByRole('button', { name: `Add ${options.service}` });
  await expect(category).toBeVisible();
  if (!(await add.isVisible())) await category.click();
  await add.click();
  // A service with featured add-ons opens its dialog first.
  const addService = page.getByRole('dialog').getByRole('button', { name: /^Add Service/ });
  const canContinue = page.getByRole('button', { name: 'Continue', disabled: false });
  await expect(addService.or(canContinue).first()).toBeVisible();
  if (await addService.isVisible()) await addService.click();
  await canContinue.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Choose Date & Time' })).toBeVisible();
  await pickFirstTimeAndContinue(page, options.day);
}

/** Glow's Manhattan clinic with the B12 shot ($35.00), on a weekday `weeksAhead` weeks out. */
export const confirmAtGlowClinic = (page: Page, weeksAhead = 1) =>
  confirmAtClinic(page, {
    marketplaceId: '1',
    clinic: 'Glow Mobile IV Midtown Manhattan',
    category: 'Vitamin Injections',
    service: 'B12 Energy Shot',
    day: weekdayWeeksAhead(weeksAhead),
  });

/**
 * Weeks the mobile project books after the desktop's: both projects run at once on one stack, take
 * the day's first free time and share the demo client, who cannot hold two visits at one time.
 */
export const projectWeeks = () => (test.info().project.name === 'mobile' ? 12 : 0);

/**
 * A Tuesday-to-Thursday day (every demo clinic is open) at least `weeks` weeks from today, in the
 * running project's own weeks (see projectWeeks).
 */
export function weekdayWeeksAhead(weeks: number, weekdays = [2, 3, 4]) {
  const from = clinicToday();
  from.setDate(from.getDate() + 7 * (weeks + projectWeeks() - 1));
  return nextWeekday(weekdays, from);
}

/** Fills the guest's personal details. */
export async function fillGuestDetails(page: Page, email = newGuestEmail()) {
  await page.getByRole('textbox', { name: 'First Name' }).fill('Avery');
  await page.getByRole('textbox', { name: 'Last Name' }).fill('Guest');
  await page.getByRole('textbox', { name: 'Date of Birth' }).fill('04/12/1990');
  await page.getByRole('textbox', { name: 'Phone' }).fill('(212) 555-0148');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  return email;
}

/** Answers Glow's one required checkout question (the questions start folded). */
export async function answerGlowQuestions(page: Page) {
  const allergies = page.getByRole('textbox', { name: 'Any allergies we should know about?' });
  if (!(await allergies.isVisible())) {
    await page.getByRole('button', { name: 'A few questions from Glow Mobile IV' }).click();
  }
  await allergies.fill('None');
}

/** Fills the sandbox card form with a card number and a billing address. */
export async function fillCard(page: Page, number = cards.succeeds, region = 'Payment method') {
  const payment = page.getByRole('region', { name: region });
  await payment.getByRole('textbox', { name: 'Card number' }).fill(number);
  await payment.getByRole('textbox', { name: 'Expiry (MM/YY)' }).fill('12/30');
  await payment.getByRole('textbox', { name: 'CVC' }).fill('123');
  await payment.getByRole('textbox', { name: 'Address' }).fill('350 5th Ave');
  await payment.getByRole('textbox', { name: 'City' }).fill('New York');
  await payment.getByRole('textbox', { name: 'State' }).fill('NY');
  await payment.getByRole('textbox', { name: 'ZIP code' }).fill('10118');
}

/** Ticks the payment policy's attestation (Glow requires it). */
export const agreeToPolicy = (page: Page) =>
  page.getByRole('checkbox', { name: /^I have read and agree to the/ }).check({ force: true });

export const requestAppointment = (page: Page) =>
  page.getByRole('button', { name: 'Request Appointment' }).click();

export const summaryTotal = (page: Page) => page.getByTestId('checkout-total');

/** The success page, as a guest sees it. */
export async function expectBookingReceived(page: Page) {
  await expect(page).toHaveURL(/\/success$/);
  await expect(page.getByText('Your booking request has been received!')).toBeVisible();
  // The spec's 'Marketplace' is the marketplace's own name ('Glow Mobile IV is working to …').
  await expect(page.getByText(/^.+ is working to confirm your appointment\.$/)).toBeVisible();
}

/** The recap of the request just sent, under the success message. */
export const requestRecap = (page: Page) => page.getByRole('region', { name: 'Your request' });

/** The date and time /confirm shows for the chosen slot, e.g. 'Wednesday, December 02, 2026 at 10:00 AM'. */
export async function chosenDateTime(page: Page) {
  const text = await page
    .getByText(/^\w+day, \w+ \d\d, \d{4} at \d{1,2}:\d\d [AP]M$/)
    .first()
    .textContent();
  const match = /^(.+) at (.+)$/.exec(text ?? '');
  if (!match?.[1] || !match[2]) throw new Error(`no chosen date and time on /confirm: ${text}`);
  const date = parse(match[1], 'EEEE, MMMM dd, yyyy', new Date());
  return { date, time: match[2] };
}

/**
 * Downloads the recap's calendar file and parses it (ical.js): its file name, its one event, and the
 * event's start as the clinic's local clock reads it ('Wednesday, December 2, 2026' and '10:00 AM').
 */
export async function downloadRequestCalendar(page: Page, timeZone = 'America/New_York') {
  const downloading = page.waitForEvent('download');
  await requestRecap(page).getByRole('link', { name: 'Add to calendar' }).click();
  const download = await downloading;
  const content = await readFile(await download.path(), 'utf8');
  const calendar = new ICAL.Component(ICAL.parse(content));
  const events = calendar.getAllSubcomponents('vevent');
  expect(events).toHaveLength(1);
  const [component] = events;
  if (!component) throw new Error('no event in the calendar file');
  const event = new ICAL.Event(component);
  const start = event.startDate.toJSDate();
  const local = (options: Intl.DateTimeFormatOptions) =>
    // ICU puts a narrow no-break space before AM/PM.
    new Intl.DateTimeFormat('en-US', { timeZone, ...options }).format(start).replace(/\u202f/g, ' ');
  const localStart = {
    date: local({ weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }),
    time: local({ hour: 'numeric', minute: '2-digit' }),
  };
  return { filename: download.suggestedFilename(), event, component, localStart };
}
