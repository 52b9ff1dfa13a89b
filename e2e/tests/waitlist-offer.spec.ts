import { expect, test } from '@playwright/test';
import { solace } from '../support/booking';
import { uniqueEmail } from '../support/identity';
import { graphql, staffSession } from '../support/staff-api';
import { guestRequests, lastFreeTime, offerLinkMailedTo, waitlistDay } from '../support/waitlist';

test('a cancellation frees a time; offered to two waitlisted clients, the first link books it and the other says it is taken', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const day = waitlistDay(45);
  const time = await lastFreeTime(request, day);
  const freed = await guestRequests(request, uniqueEmail('cora.cancels'), [
    { start: `${day}T${time}`, end: `${day}T${time}` },
  ]);

  // Two clients wait for any time that day.
  const waiting = [uniqueEmail('willa.waits'), uniqueEmail('wes.waits')];
  const entries = [];
  for (const email of waiting) {
    entries.push(await guestRequests(request, email, [{ start: `${day}T00:00`, end: `${day}T23:59` }]));
  }
  expect(entries.map((entry) => entry.status)).toEqual(['WAITLISTED', 'WAITLISTED']);

  // The front desk (through the API) cancels the time, finds both matching it and offers it to both.
  const desk = await staffSession(solace.id, 'frontdesk@solace.example');
  try {
    await graphql(
      desk,
      'mutation ($m: ID!, $id: ID!) { staffCancelAppointment(marketplaceId: $m, id: $id, reason: "Rescheduled") { status } }',
      { m: solace.id, id: freed.id },
    );
    const { staffWaitlist } = await graphql<{ staffWaitlist: { id: string; matchesFreedTime: boolean }[] }>(
      desk,
      'query ($m: ID!, $filter: StaffWaitlistFilter) { staffWaitlist(marketplaceId: $m, filter: $filter) { id matchesFreedTime } }',
      { m: solace.id, filter: { freedAppointmentId: freed.id } },
    );
    const waitlistIds = entries.map((entry) => entry.id);
    expect(staffWaitlist.filter((entry) => waitlistIds.includes(entry.id))).toEqual(
      waitlistIds.map((id) => ({ id, matchesFreedTime: true })),
    );
    for (const waitlistRequestId of waitlistIds) {
      await graphql(
        desk,
        'mutation ($m: ID!, $w: ID!, $a: ID!) { staffOfferWaitlistSlot(marketplaceId: $m, waitlistRequestId: $w, freedAppointmentId: $a) { id } }',
        { m: solace.id, w: waitlistRequestId, a: freed.id },
      );
    }
  } finally {
    await desk.dispose();
  }
  const [first, second] = await Promise.all(waiting.map((email) => offerLinkMailedTo(request, email)));

  await page.goto(first ?? '');
  await expect(page.getByRole('heading', { level: 1, name: 'A Time Opened Up' })).toBeVisible();
  await expect(page.getByText(solace.clinic.name)).toBeVisible();
  await page.getByRole('button', { name: 'Book this time' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Your request for this time is sent. Solace Wellness Studio will confirm it.',
  );
  await expect(page.getByRole('button', { name: 'Book this time' })).toHaveCount(0);

  await page.goto(second ?? '');
  await expect(page.getByRole('alert')).toHaveText(
    'This time has just been taken. We will let you know when another time opens up.',
  );
  await expect(page.getByRole('button', { name: 'Book this time' })).toHaveCount(0);

  // A link that names no offer says so.
  await page.goto(`/${solace.id}/waitlist-offer?token=${'x'.repeat(43)}`);
  await expect(page.getByRole('alert')).toHaveText(
    'This offer link is not valid. Please use the link in your latest email.',
  );
});
