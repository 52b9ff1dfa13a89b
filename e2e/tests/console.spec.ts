import { expect, test } from '@playwright/test';
import { guestBooks, mailWithSubject, requestOf, showRequestsOn } from '../support/console';
import { dialog, signInWithPasscode, toast, uniqueEmail } from '../support/identity';
import { hostUrl } from '../support/ports';
import { staffSignsIn } from '../support/staff-api';

const practitioner = 'practitioner@glow.example';

/**
 * Who runs the front desk: the desktop project's front desk, the mobile project's owner (both may
 * confirm), so the two projects running at once do not sign one account in together.
 */
const deskMember = () =>
  test.info().project.name === 'mobile'
    ? {
        email: 'owner@glow.example',
        name: 'Olivia Grant',
        role: 'Owner',
        sections: [
          'Setup',
          'Requests',
          'Schedule',
          'Waitlist',
          'Clients',
          'Catalogue',
          'Offers',
          'Team',
          'Settings',
          'Versions',
          'Activity',
          'Reports',
        ],
      }
    : {
        email: 'frontdesk@glow.example',
        name: 'Felix Moreno',
        role: 'Front desk',
        sections: ['Requests', 'Schedule', 'Waitlist', 'Clients', 'Team'],
      };

test('the front desk confirms a client’s request from the console; the client sees it booked and is mailed', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('console-confirm');
  const { day } = await guestBooks(page, email, 5);

  const member = deskMember();
  const desk = await staffSignsIn(browser, request, '1', member.email);
  const header = desk.getByRole('banner');
  await expect(header.getByText('Console')).toBeVisible();
  await expect(header.getByText(member.name)).toBeVisible();
  await expect(header.getByText(member.role, { exact: true })).toBeVisible();
  await expect(desk.getByRole('navigation', { name: 'Console sections' }).getByRole('link')).toHaveText(
    member.sections,
  );

  // The new request is listed as pending (the list is asked for again every few seconds).
  await showRequestsOn(desk, day);
  const item = requestOf(desk, email);
  await expect(item).toBeVisible({ timeout: 20_000 });
  await expect(item).toContainText('B12 Energy Shot');
  await expect(item).toContainText('(212) 555-0148');
  await expect(item).toContainText('Glow Mobile IV Midtown Manhattan');
  await item.getByRole('button', { name: /^Confirm request of Avery Guest, / }).click();
  await expect(toast(desk, 'Confirmed Avery Guest')).toBeVisible();
  await expect(item).toHaveCount(0);

  // Booked filter: now it offers Cancel; Complete only once the visit has begun (days ahead here).
  await desk.getByLabel('Status').selectOption('BOOKED');
  await expect(requestOf(desk, email).getByRole('button', { name: /^Cancel appointment of / })).toBeVisible();
  await expect(requestOf(desk, email).getByRole('button', { name: /^Complete appointment of / })).toHaveCount(
    0,
  );

  // The day's schedule shows it booked at the clinic.
  await desk
    .getByRole('navigation', { name: 'Console sections' })
    .getByRole('link', { name: 'Schedule' })
    .click();
  await expect(desk.getByRole('heading', { level: 1, name: 'Schedule' })).toBeVisible();
  await desk.getByLabel('Date', { exact: true }).fill(day);
  const manhattan = desk.getByRole('list', { name: /^Glow Mobile IV Midtown Manhattan, / });
  await expect(
    manhattan.getByRole('listitem').filter({ hasText: 'Avery Guest' }).filter({ hasText: 'Booked' }).first(),
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
  const { id: appointmentId, day } = await guestBooks(page, email, 6);

  // The practitioner's console is read-only, and the API refuses the staff mutation.
  const practitionerPage = await staffSignsIn(browser, request, '1', practitioner);
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
  const desk = await staffSignsIn(browser, request, '1', deskMember().email);
  await showRequestsOn(desk, day);
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
