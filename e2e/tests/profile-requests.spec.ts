import { expect, test } from '@playwright/test';
import { freshStart, solace } from '../support/booking';
import { dialog, signInWithPasscode, toast, uniqueEmail } from '../support/identity';
import { hostUrl } from '../support/ports';
import { guestRequests, lastFreeTime, waitlistDay } from '../support/waitlist';

// Books Solace on a day no other journey books (waitlistDay(52), a week later on the phone project).

/** The marketplace turns a request down (the operator's cancel, as its own tools would). */
async function turnDown(request: Parameters<typeof guestRequests>[0], id: string, reason: string) {
  const response = await request.post(`${hostUrl}/graphql`, {
    headers: {
      origin: hostUrl,
      'content-type': 'application/json',
      'x-operator-key': 'atrium-development-operator-key',
    },
    data: {
      query:
        'mutation ($id: ID!, $reason: String) { cancelAppointment(id: $id, reason: $reason) { status } }',
      variables: { id, reason },
    },
  });
  const body = (await response.json()) as { data: { cancelAppointment: { status: string } } };
  expect(body.data.cancelAppointment.status).toBe('CANCELLED');
}

test('a turned-down request stays in the profile with its reason; a waitlist request shows its window and can be withdrawn', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const day = waitlistDay(52);
  const time = await lastFreeTime(request, day);
  const email = uniqueEmail('dana.declined');
  const requested = await guestRequests(request, email, [{ start: `${day}T${time}`, end: `${day}T${time}` }]);
  await guestRequests(request, email, [{ start: `${day}T09:00`, end: `${day}T12:00` }]);
  const reason = `No nurse that evening ${Date.now().toString(36)}`;
  await turnDown(request, requested.id, reason);

  // The client signs in (as the guest's mail invites them to) and opens their appointments.
  await freshStart(page, `/${solace.id}/services`);
  await signInWithPasscode(page, request, email);
  await page.goto(`/${solace.id}/profile`);
  await page.getByRole('tab', { name: 'Appointments' }).click();
  const cancelled = page.getByRole('region', { name: 'Cancelled' });
  await expect(cancelled).toContainText(reason);
  await expect(cancelled.getByRole('listitem')).toHaveCount(1);

  const waitlist = page.getByRole('region', { name: 'Waitlist' });
  await expect(waitlist.getByText('Waiting for a time')).toBeVisible();
  await expect(waitlist.getByRole('list', { name: 'Times you would take' })).toContainText(
    /9:00 AM – 12:00 PM M[SD]T$/,
  );
  // Asked first; kept when the client changes their mind, gone once withdrawn.
  await waitlist.getByRole('button', { name: 'Withdraw' }).click();
  const ask = dialog(page, 'Withdraw waitlist request');
  await ask.getByRole('button', { name: 'Keep waiting' }).click();
  await expect(ask).toBeHidden();
  await expect(waitlist).toBeVisible();
  await waitlist.getByRole('button', { name: 'Withdraw' }).click();
  await dialog(page, 'Withdraw waitlist request').getByRole('button', { name: 'Withdraw' }).click();
  await expect(toast(page, 'Your waitlist request was withdrawn.')).toBeVisible();
  await expect(waitlist).toHaveCount(0);
  // The withdrawal holds after a reload.
  await page.reload();
  await page.getByRole('tab', { name: 'Appointments' }).click();
  await expect(page.getByRole('region', { name: 'Cancelled' })).toContainText(reason);
  await expect(page.getByRole('region', { name: 'Waitlist' })).toHaveCount(0);
});
