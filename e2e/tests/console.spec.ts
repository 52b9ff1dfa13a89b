import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { freshStart } from '../support/booking';
import {
  agreeToPolicy,
  answerGlowQuestions,
  confirmAtGlowClinic,
  expectBookingReceived,
  fillCard,
  fillGuestDetails,
  requestAppointment,
} from '../support/checkout';
import {
  codeIn,
  dialog,
  mailbox,
  nextMessage,
  signInWithPasscode,
  toast,
  typeCode,
  uniqueEmail,
} from '../support/identity';
import { hostUrl } from '../support/ports';

const frontDesk = 'frontdesk@glow.example';
const practitioner = 'practitioner@glow.example';

/** A guest books the B12 shot at Glow's Manhattan clinic; returns the appointment's id. */
async function guestBooks(page: Page, email: string, weeksAhead: number): Promise<string> {
  await freshStart(page, '/1/set-location');
  await confirmAtGlowClinic(page, weeksAhead);
  await fillGuestDetails(page, email);
  await answerGlowQuestions(page);
  await fillCard(page);
  await agreeToPolicy(page);
  const submitted = page.waitForResponse((response) =>
    Boolean(response.request().postData()?.includes('createAppointmentRequest')),
  );
  await requestAppointment(page);
  const response = await submitted;
  await expectBookingReceived(page);
  const { data } = (await response.json()) as { data: { createAppointmentRequest: { id: string } } };
  return data.createAppointmentRequest.id;
}

/** A staff member signs in to Glow's console in a browser of their own, with an emailed code. */
async function staffSignsIn(browser: Browser, request: APIRequestContext, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/1/console');
  await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();
  const seen = (await mailbox(request, email)).length;
  await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
  const signIn = dialog(page, 'Sign in');
  await signIn.getByRole('textbox', { name: 'Email' }).fill(email);
  await signIn.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(dialog(page, 'Check your email')).toBeVisible();
  await typeCode(page, codeIn(await nextMessage(request, email, seen)));
  await expect(toast(page, 'Login successful!')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Requests' })).toBeVisible();
  return page;
}

/** The request of the client with this email in the console's list. */
const requestOf = (page: Page, email: string) => page.getByRole('article').filter({ hasText: email });

/** Waits until a mail to `to` with this subject is in the dev mailbox, and returns its text. */
async function mailWithSubject(request: APIRequestContext, to: string, subject: string) {
  let text: string | undefined;
  await expect
    .poll(
      async () => {
        text = (await mailbox(request, to)).find((message) => message.subject === subject)?.text;
        return text !== undefined;
      },
      { message: `a mail '${subject}' to ${to}` },
    )
    .toBe(true);
  return text ?? '';
}

test('the front desk confirms a client’s request from the console; the client sees it booked and is mailed', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('console-confirm');
  await guestBooks(page, email, 5);

  const desk = await staffSignsIn(browser, request, frontDesk);
  const header = desk.getByRole('banner');
  await expect(header.getByText('Console')).toBeVisible();
  await expect(header.getByText('Felix Moreno')).toBeVisible();
  await expect(header.getByText('Front desk')).toBeVisible();
  await expect(desk.getByRole('navigation', { name: 'Console sections' }).getByRole('link')).toHaveText([
    'Requests',
  ]);

  // The new request is listed as pending (the list is asked for again every few seconds).
  const item = requestOf(desk, email);
  await expect(item).toBeVisible({ timeout: 20_000 });
  await expect(item).toContainText('B12 Energy Shot');
  await expect(item).toContainText('(212) 555-0148');
  await expect(item).toContainText('Glow Mobile IV Midtown Manhattan');
  await item.getByRole('button', { name: /^Confirm request of Avery Guest, / }).click();
  await expect(toast(desk, 'Confirmed Avery Guest')).toBeVisible();
  await expect(item).toHaveCount(0);

  // Booked filter: now it offers Complete and Cancel.
  await desk.getByLabel('Status').selectOption('BOOKED');
  await expect(
    requestOf(desk, email).getByRole('button', { name: /^Complete appointment of / }),
  ).toBeVisible();

  // The client signs in and sees it booked; the confirmation is in their mailbox.
  await signInWithPasscode(page, request, email);
  await page.goto('/1/profile');
  await expect(page.getByRole('region', { name: 'Upcoming' }).getByText('Booked')).toBeVisible();
  const confirmation = await mailWithSubject(request, email, 'Glow Mobile IV: your appointment is confirmed');
  expect(confirmation).toContain('Your appointment is confirmed:');
  await desk.context().close();
});

test('a practitioner cannot confirm (no button, and the API refuses); the front desk declines with a reason', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('console-decline');
  const appointmentId = await guestBooks(page, email, 6);

  // The practitioner's console is read-only, and the API refuses the staff mutation.
  const practitionerPage = await staffSignsIn(browser, request, practitioner);
  await expect(practitionerPage.getByRole('banner').getByText('Practitioner')).toBeVisible();
  await expect(practitionerPage.getByText('Your own appointments, read-only.')).toBeVisible();
  await expect(practitionerPage.getByText(/pending request/)).toBeVisible();
  await expect(practitionerPage.getByRole('button', { name: /^(Confirm|Decline) request of / })).toHaveCount(
    0,
  );
  const refused = await practitionerPage.request.post(`${hostUrl}/graphql`, {
    headers: { origin: hostUrl, 'content-type': 'application/json', 'x-atrium-marketplace': '1' },
    data: {
      query: 'mutation ($id: ID!) { staffConfirmAppointment(marketplaceId: "1", id: $id) { status } }',
      variables: { id: appointmentId },
    },
  });
  const body = (await refused.json()) as { data: unknown; errors?: { extensions?: { code?: string } }[] };
  expect(body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  await practitionerPage.context().close();

  // The front desk declines it, a reason required.
  const desk = await staffSignsIn(browser, request, frontDesk);
  const item = requestOf(desk, email);
  await expect(item).toBeVisible({ timeout: 20_000 });
  await item.getByRole('button', { name: /^Decline request of / }).click();
  const decline = dialog(desk, 'Decline the request');
  await decline.getByRole('button', { name: 'Decline request' }).click();
  await expect(decline.getByText('Enter a reason: the client is told it.')).toBeVisible();
  await decline.getByRole('textbox', { name: /Reason/ }).fill('No nurse is free that morning.');
  await decline.getByRole('button', { name: 'Decline request' }).click();
  await expect(toast(desk, 'Declined Avery Guest')).toBeVisible();
  await expect(item).toHaveCount(0);

  const declined = await mailWithSubject(
    request,
    email,
    'Glow Mobile IV: your appointment request was declined',
  );
  expect(declined).toContain('Reason: No nurse is free that morning.');
  await desk.context().close();
});
