import { expect, test } from '@playwright/test';
import { solace } from '../support/booking';
import { showRequestsOn } from '../support/console';
import { dialog, toast, uniqueEmail } from '../support/identity';
import { staffSignsIn } from '../support/staff-api';
import { guestRequests, lastFreeTime, offerLinkMailedTo, waitlistDay } from '../support/waitlist';

/** Who runs Solace's front desk: one account per project, as the two run at once (see staffSignsIn). */
const deskEmail = () =>
  test.info().project.name === 'mobile' ? 'owner@solace.example' : 'frontdesk@solace.example';

test('a decline frees a time; the front desk offers it from the waitlist and the waitlisted client books it through the mailed link', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const day = waitlistDay(48);
  const time = await lastFreeTime(request, day);
  const booker = uniqueEmail('dora.declined');
  const waiter = uniqueEmail('wanda.waits');
  await guestRequests(request, booker, [{ start: `${day}T${time}`, end: `${day}T${time}` }]);
  await guestRequests(request, waiter, [{ start: `${day}T00:00`, end: `${day}T23:59` }]);

  // The front desk declines the request: its time is free again.
  const desk = await staffSignsIn(browser, request, solace.id, deskEmail());
  await showRequestsOn(desk, day);
  const reason = `No nurse that evening ${Date.now().toString(36)}`;
  const declined = desk.getByRole('article').filter({ hasText: booker });
  await expect(declined).toBeVisible({ timeout: 20_000 });
  await declined.getByRole('button', { name: /^Decline request of / }).click();
  const decline = dialog(desk, 'Decline the request');
  await decline.getByRole('textbox', { name: /Reason/ }).fill(reason);
  await decline.getByRole('button', { name: 'Decline request' }).click();
  await expect(toast(desk, 'Declined Wren Waitlist')).toBeVisible();

  // The waitlist: the freed time, and the waitlisted client first among the requests it matches.
  await desk
    .getByRole('navigation', { name: 'Console sections' })
    .getByRole('link', { name: 'Waitlist' })
    .click();
  await expect(desk.getByRole('heading', { level: 1, name: 'Waitlist' })).toBeVisible();
  const freedTime = desk
    .getByRole('list', { name: 'Freed times' })
    .getByRole('listitem')
    .filter({ hasText: reason });
  await expect(freedTime).toContainText('1 matching');
  await freedTime.getByRole('button', { name: /^Show matching requests for / }).click();
  const waiting = desk.getByRole('article').filter({ hasText: waiter });
  await expect(waiting).toContainText('Matches the freed time');
  await expect(waiting).toContainText(solace.clinic.name);
  await waiting.getByRole('button', { name: 'Offer this time to Wren Waitlist' }).click();
  await expect(toast(desk, 'to Wren Waitlist. They were mailed a link to book it.')).toBeVisible();
  await expect(waiting).toContainText('Last offered');

  // The waitlisted client follows the mailed link and books it.
  await page.goto(await offerLinkMailedTo(request, waiter));
  await expect(page.getByRole('heading', { level: 1, name: 'A Time Opened Up' })).toBeVisible();
  await page.getByRole('button', { name: 'Book this time' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Your request for this time is sent. Solace Wellness Studio will confirm it.',
  );

  // It waits in the inbox for the front desk like any request, and the client's page lists it.
  await desk
    .getByRole('navigation', { name: 'Console sections' })
    .getByRole('link', { name: 'Requests' })
    .click();
  await showRequestsOn(desk, day);
  await expect(desk.getByRole('article').filter({ hasText: waiter })).toBeVisible({ timeout: 20_000 });
  await desk
    .getByRole('navigation', { name: 'Console sections' })
    .getByRole('link', { name: 'Clients' })
    .click();
  await desk.getByRole('searchbox', { name: 'Search clients' }).fill(waiter);
  await desk
    .getByRole('list', { name: 'Clients' })
    .getByRole('button', { name: new RegExp(waiter.replace(/\./g, '\\.')) })
    .click();
  const client = desk.getByRole('region', { name: 'Wren Waitlist' });
  await expect(client.getByRole('list', { name: 'Appointments' })).toContainText('Pending');
  await expect(client.getByRole('list', { name: 'Waitlist requests' })).toContainText('Booked');
  await desk.context().close();
});
