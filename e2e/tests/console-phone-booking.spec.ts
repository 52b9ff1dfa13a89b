import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { axeReport } from '../support/axe';
import { glow } from '../support/booking';
import { type MailboxMessage, mailbox, uniqueEmail, uniquePhone } from '../support/identity';
import { tabTo } from '../support/keyboard';
import { graphql, staffSignsIn } from '../support/staff-api';

// Glow's front desk books a phone-in client from Requests, on days no other journey books (61 days
// ahead on), keyboard first, with axe at 768 and 1280 px on every step.

/** The first day from 61 days ahead with a free time for a B12 shot at Glow's Manhattan clinic. */
async function bookingDay(request: APIRequestContext): Promise<string> {
  for (let offset = 61; offset < 75; offset++) {
    const day = new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const { availabilities } = await graphql<{ availabilities: { slots: { time: string }[] } }>(
      request,
      'query ($input: AvailabilitiesInput!) { availabilities(input: $input) { slots { time } } }',
      {
        input: {
          marketplaceId: glow.id,
          organizationId: glow.manhattan.id,
          procedureIds: [glow.b12.id],
          dateRange: { start: day, end: day },
        },
      },
    );
    if (availabilities.slots.length > 0) return day;
  }
  throw new Error('No free time at Glow Midtown Manhattan from 61 days ahead on');
}

/** The mail to `to` with this subject, once the outbox has sent it. */
async function mailTo(request: APIRequestContext, to: string, subject: string): Promise<MailboxMessage> {
  let mail: MailboxMessage | undefined;
  await expect
    .poll(async () => {
      mail = (await mailbox(request, to)).find((message) => message.subject === subject);
      return mail !== undefined;
    })
    .toBe(true);
  return mail as MailboxMessage;
}

const stepHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name });

/** Tabs to the step's Continue and presses Enter; the next step's heading then has the focus. */
async function continueTo(page: Page, next: string) {
  await tabTo(page, page.getByRole('button', { name: 'Continue' }), { max: 120 });
  await page.keyboard.press('Enter');
  await expect(stepHeading(page, next)).toBeFocused();
}

test('the front desk books a phone-in client with a new card and moves it; the client is mailed both', async ({
  browser,
  request,
}) => {
  test.skip(test.info().project.name !== 'desktop', 'the viewports are set here: the desktop project only');
  test.setTimeout(240_000);
  const day = await bookingDay(request);
  const email = uniqueEmail('phil.phoned');
  const familyName = `Phoned${Date.now().toString(36)}`;
  const desk = await staffSignsIn(browser, request, glow.id, 'frontdesk@glow.example');
  const report = axeReport(desk);
  const tablet = { width: 768, height: 1024 };
  await desk.setViewportSize(tablet);
  /** Axe at 1280 px, then back at 768 px, where the journey runs. */
  const scan = async (where: string) => {
    await report.scan(`768 ${where}`);
    await desk.setViewportSize({ width: 1280, height: 900 });
    await report.scan(`1280 ${where}`);
    await desk.setViewportSize(tablet);
  };

  // Requests' button, by keyboard.
  await tabTo(desk, desk.getByRole('link', { name: 'Book for a client' }), { max: 60 });
  await desk.keyboard.press('Enter');
  await expect(desk.getByRole('heading', { level: 1, name: 'Book for a client' })).toBeVisible();
  await expect(stepHeading(desk, 'Step 1 of 4: Client')).toBeVisible();
  await expect(desk.getByRole('status', { name: /^Searching/ })).toHaveCount(0);
  await scan('client step');

  // A new client: the radio by the arrow keys, the details typed.
  await tabTo(desk, desk.getByRole('radio', { name: 'A client of yours' }));
  await desk.keyboard.press('ArrowRight');
  await expect(desk.getByRole('radio', { name: 'A new client' })).toBeChecked();
  await desk.getByRole('textbox', { name: 'First name' }).fill('Phil');
  await desk.getByRole('textbox', { name: 'Last name' }).fill(familyName);
  await desk.getByRole('textbox', { name: 'Email' }).fill(email);
  await desk.getByRole('textbox', { name: 'Phone' }).fill(uniquePhone().slice(2));
  await continueTo(desk, 'Step 2 of 4: Place and services');

  // Glow's Manhattan clinic and a B12 shot.
  await tabTo(desk, desk.getByRole('radio', { name: new RegExp(glow.manhattan.name) }));
  await desk.keyboard.press('Space');
  await expect(desk.getByRole('radio', { name: new RegExp(glow.manhattan.name) })).toBeChecked();
  const b12 = desk.getByRole('checkbox', { name: new RegExp(glow.b12.name) });
  await tabTo(desk, b12, { max: 80 });
  await desk.keyboard.press('Space');
  await expect(b12).toBeChecked();
  await scan('place and services step');
  await continueTo(desk, 'Step 3 of 4: Date and time');

  // The day, then its first free time.
  await desk.getByLabel('Date').fill(day);
  const times = desk.getByRole('radiogroup', { name: /^Free times on/ });
  const first = times.getByRole('radio').first();
  await tabTo(desk, first);
  await desk.keyboard.press('Space');
  await expect(first).toBeChecked();
  const time = ((await times.locator('label').first().textContent()) ?? '').trim();
  await scan('date and time step');
  await continueTo(desk, 'Step 4 of 4: Payment and summary');

  // A new card in the processor's form, Glow's required question, then Book.
  const newCard = desk.getByRole('radio', { name: 'A new card' });
  await tabTo(desk, newCard);
  await desk.keyboard.press('Space');
  await expect(newCard).toBeChecked();
  const card = desk.getByRole('region', { name: 'New card' });
  await card.getByRole('textbox', { name: 'Card number' }).fill('4242424242424242');
  await card.getByRole('textbox', { name: 'Expiry (MM/YY)' }).fill('12/30');
  await card.getByRole('textbox', { name: 'CVC' }).fill('123');
  await card.getByRole('textbox', { name: 'Address' }).fill('350 5th Ave');
  await card.getByRole('textbox', { name: 'City' }).fill('New York');
  await card.getByRole('textbox', { name: 'State' }).fill('NY');
  await card.getByRole('textbox', { name: 'ZIP code' }).fill('10118');
  await desk.getByRole('textbox', { name: /Any allergies we should know about/ }).fill('None');
  const summary = desk.getByRole('region', { name: 'Summary' });
  await expect(summary).toContainText(`Phil ${familyName} (${email}), a new client`);
  await expect(summary).toContainText(glow.b12.name);
  await expect(summary.getByTestId('phone-booking-total')).toHaveText(/^\$\d+\.\d\d$/);
  await scan('payment step');
  await tabTo(desk, desk.getByRole('button', { name: 'Book', exact: true }), { max: 120 });
  await desk.keyboard.press('Enter');

  // Requests on that day shows the new request; a toast names the client and the time.
  await expect(desk.getByRole('heading', { level: 1, name: 'Requests' })).toBeVisible();
  await expect(desk.getByText(new RegExp(`^Booked Phil ${familyName} for .*${time}\\.`))).toBeVisible();
  await expect(desk.getByRole('article').filter({ hasText: email })).toBeVisible();

  const mail = await mailTo(request, email, 'Glow Mobile IV: we received your appointment request');
  expect(mail.text).toContain(glow.b12.name);

  // The client calls back: the desk moves the request to another of that day's free times.
  await desk
    .getByRole('article')
    .filter({ hasText: email })
    .getByRole('button', { name: /^Move appointment of / })
    .click();
  const move = desk.getByRole('dialog', { name: 'Move the appointment' });
  const freeTimes = move.getByRole('radiogroup', { name: /^Free times/ });
  await expect(freeTimes).toBeVisible();
  await scan('move dialog');
  // Another of the day's free times than the one booked (the first).
  await freeTimes
    .getByText(/^\d{1,2}:\d{2} (AM|PM)$/)
    .nth(2)
    .click();
  await move.getByRole('button', { name: /^Move to / }).click();
  await expect(desk.getByText(/The client was mailed\.$/)).toBeVisible();
  const moved = await mailTo(request, email, 'Glow Mobile IV: your appointment was moved');
  expect(moved.text).toContain('Glow Mobile IV moved your appointment request to');
  expect(report.found).toEqual([]);
  await desk.context().close();
});
