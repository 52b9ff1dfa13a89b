import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { axeReport } from '../support/axe';
import { dialog, toast } from '../support/identity';
import { graphql, staffSignsIn } from '../support/staff-api';

// Nocturne's front desk holds Ethan Caldwell's time for a visit booked elsewhere at Nocturne Back Bay
// (where he works alone, so the clients' times are his), on a day no other journey books (100 days
// ahead on), then frees it again. Axe at 1280 and 768 px on the dialog.

const nocturne = { id: '2', backBay: { id: '202', name: 'Nocturne Back Bay' }, neurotoxin: '2001' };
const practitioner = 'Ethan Caldwell, PA-C';
const note = 'Mrs. Gray, consultation booked by phone';
const taken = 'The practitioner already has an appointment at that time.';

/** The times clients are offered for a Neurotoxin at Nocturne Back Bay that day (HH:mm). */
async function offeredTimes(request: APIRequestContext, day: string): Promise<string[]> {
  const { availabilities } = await graphql<{ availabilities: { slots: { time: string }[] } }>(
    request,
    'query ($input: AvailabilitiesInput!) { availabilities(input: $input) { slots { time } } }',
    {
      input: {
        marketplaceId: nocturne.id,
        organizationId: nocturne.backBay.id,
        procedureIds: [nocturne.neurotoxin],
        dateRange: { start: day, end: day },
      },
    },
  );
  return availabilities.slots.map((slot) => slot.time);
}

/** The first day from 100 days ahead on which clients are offered 14:00 and 15:00 there. */
async function visitDay(request: APIRequestContext): Promise<string> {
  for (let offset = 100; offset < 120; offset++) {
    const day = new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const times = await offeredTimes(request, day);
    if (times.includes('14:00') && times.includes('15:00')) return day;
  }
  throw new Error('No day with 14:00 and 15:00 free at Nocturne Back Bay from 100 days ahead on');
}

/** Fills the dialog's visit: Ethan at Back Bay (the schedule's place), 14:00 to 14:45, with a note. */
async function fillVisit(visit: ReturnType<typeof dialog>, day: string) {
  await visit.getByRole('combobox', { name: /^Practitioner/ }).selectOption({ label: practitioner });
  await expect(visit.getByRole('combobox', { name: /^Place/ })).toHaveValue(nocturne.backBay.id);
  await expect(visit.getByLabel(/^Date/)).toHaveValue(day);
  await visit.getByRole('textbox', { name: /^Start/ }).fill('14:00');
  await visit.getByRole('textbox', { name: /^End/ }).fill('14:45');
  await visit.getByRole('textbox', { name: /^Note/ }).fill(note);
}

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test('the front desk holds a practitioner’s time for a visit booked elsewhere, then frees it', async ({
  browser,
  request,
}) => {
  test.skip(test.info().project.name !== 'desktop', 'the viewports are set here: the desktop project only');
  test.setTimeout(180_000);
  const day = await visitDay(request);
  const desk = await staffSignsIn(browser, request, nocturne.id, 'frontdesk@nocturne.example');
  const report = axeReport(desk);
  await desk.setViewportSize({ width: 1280, height: 900 });
  await desk.goto(`/${nocturne.id}/console/schedule?date=${day}&place=${nocturne.backBay.id}`);
  await expect(desk.getByRole('heading', { level: 1, name: 'Schedule' })).toBeVisible();

  // The dialog: the domain's messages first, then axe at 1280 and 768 px.
  await desk.getByRole('button', { name: 'Add a visit booked elsewhere' }).click();
  const visit = dialog(desk, 'Add a visit booked elsewhere');
  await expect(visit.getByRole('option', { name: practitioner })).toBeAttached();
  await visit.getByRole('button', { name: 'Add visit' }).click();
  await expect(visit.getByText('Choose the practitioner.')).toBeVisible();
  await expect(visit.getByText('Enter a time such as 09:40.')).toHaveCount(2);
  await report.scan('1280 outside visit dialog');
  await desk.setViewportSize({ width: 768, height: 1024 });
  await report.scan('768 outside visit dialog');
  expect(await noSidewaysScroll(desk)).toBe(0);
  await desk.setViewportSize({ width: 1280, height: 900 });

  await fillVisit(visit, day);
  await visit.getByRole('button', { name: 'Add visit' }).click();
  await expect(toast(desk, `Visit booked elsewhere added: ${practitioner}`)).toBeVisible();
  await expect(visit).toBeHidden();

  // The Schedule lists it with its note; clients are no longer offered that time, other times stay.
  const row = desk.getByRole('listitem').filter({ hasText: `booked outside Atrium: ${note}` });
  await expect(row).toContainText(practitioner);
  await expect(row).toContainText(/2:00 PM – 2:45 PM E[SD]T/);
  const offered = await offeredTimes(request, day);
  expect(offered).not.toContain('14:00');
  expect(offered).not.toContain('14:30');
  expect(offered).toContain('15:00');

  // The same time again is refused, with the API's message under the start and the values kept.
  await desk.getByRole('button', { name: 'Add a visit booked elsewhere' }).click();
  await fillVisit(visit, day);
  await visit.getByRole('button', { name: 'Add visit' }).click();
  await expect(visit.getByText(taken)).toBeVisible();
  await expect(visit.getByRole('textbox', { name: /^Start/ })).toHaveAttribute('aria-invalid', 'true');
  await expect(visit.getByRole('textbox', { name: /^End/ })).toHaveValue('14:45');
  await visit.getByRole('button', { name: 'Cancel' }).click();
  await dialog(desk, 'Discard your changes?').getByRole('button', { name: 'Discard changes' }).click();
  await expect(visit).toBeHidden();

  // Removing it asks first; then the time is the clients' again.
  await row
    .getByRole('button', { name: /^Remove the visit 2:00 PM – 2:45 PM E[SD]T with Ethan Caldwell/ })
    .click();
  const confirm = dialog(desk, 'Remove this visit booked elsewhere?');
  await expect(confirm).toContainText(`${practitioner}'s time on`);
  await report.scan('1280 remove confirmation');
  await confirm.getByRole('button', { name: 'Remove visit' }).click();
  await expect(
    toast(desk, `Removed the visit booked elsewhere: clients can book ${practitioner} again`),
  ).toBeVisible();
  await expect(row).toHaveCount(0);
  expect(await offeredTimes(request, day)).toContain('14:00');

  expect(report.found).toEqual([]);
  // The console polls while open: close what this test opened.
  await desk.context().close();
});
