import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { solace } from '../support/booking';
import { linkIn, type MailboxMessage, mailbox, uniqueEmail, uniquePhone } from '../support/identity';
import { graphql, staffSession } from '../support/staff-api';

// Solace (marketplace 3, paid on site, no required questions) at its RiNo clinic, far enough ahead
// that no other journey books that day: the desktop and phone projects each on a day of their own.
const procedureId = '3003';
const timeOfDay = /^\d\d:\d\d$/;

const book = (request: APIRequestContext, email: string, dateRanges: { start: string; end: string }[]) =>
  graphql<{ createAppointmentRequest: { id: string; status: string } }>(
    request,
    `mutation ($input: CreateAppointmentRequestInput!) {
      createAppointmentRequest(input: $input) { id status }
    }`,
    {
      input: {
        marketplaceId: solace.id,
        idempotencyKey: randomUUID(),
        organizationId: solace.clinic.id,
        procedures: [procedureId],
        dateRanges,
        registerUser: {
          email,
          profile: {
            givenName: 'Wren',
            familyName: 'Waitlist',
            phone: uniquePhone(),
            dob: '1990-04-01',
            tzid: 'America/Denver',
            emailOptIn: false,
          },
        },
      },
    },
  );

test('a cancellation frees a time; the front desk offers it and a waitlisted client books it from the mailed link', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const daysAhead = test.info().project.name === 'mobile' ? 52 : 45;
  const day = new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);

  // The day's last free time at the clinic, booked by a guest.
  const { availabilities } = await graphql<{ availabilities: { slots: { date: string; time: string }[] } }>(
    request,
    `query ($input: AvailabilitiesInput!) { availabilities(input: $input) { slots { date time } } }`,
    {
      input: {
        marketplaceId: solace.id,
        organizationId: solace.clinic.id,
        procedureIds: [procedureId],
        dateRange: { start: day, end: day },
      },
    },
  );
  const slot = availabilities.slots.at(-1);
  expect(slot?.time).toMatch(timeOfDay);
  const time = slot?.time ?? '';
  const freed = await book(request, uniqueEmail('cora.cancels'), [
    { start: `${day}T${time}`, end: `${day}T${time}` },
  ]);

  // Two clients wait for any time that day.
  const waiting = [uniqueEmail('willa.waits'), uniqueEmail('wes.waits')];
  const entries = [];
  for (const email of waiting) {
    entries.push(await book(request, email, [{ start: `${day}T00:00`, end: `${day}T23:59` }]));
  }
  expect(entries.map((entry) => entry.createAppointmentRequest.status)).toEqual(['WAITLISTED', 'WAITLISTED']);

  // The front desk cancels the booked time, sees both waitlisted clients matching it and offers it to both.
  const desk = await staffSession(solace.id, 'frontdesk@solace.example');
  try {
    await graphql(
      desk,
      'mutation ($m: ID!, $id: ID!) { staffCancelAppointment(marketplaceId: $m, id: $id, reason: "Rescheduled") { status } }',
      { m: solace.id, id: freed.createAppointmentRequest.id },
    );
    const { staffWaitlist } = await graphql<{ staffWaitlist: { id: string; matchesFreedTime: boolean }[] }>(
      desk,
      `query ($m: ID!, $filter: StaffWaitlistFilter) {
        staffWaitlist(marketplaceId: $m, filter: $filter) { id matchesFreedTime }
      }`,
      { m: solace.id, filter: { freedAppointmentId: freed.createAppointmentRequest.id } },
    );
    const waitlistIds = entries.map((entry) => entry.createAppointmentRequest.id);
    expect(staffWaitlist.filter((entry) => waitlistIds.includes(entry.id))).toEqual(
      waitlistIds.map((id) => ({ id, matchesFreedTime: true })),
    );
    for (const waitlistRequestId of waitlistIds) {
      await graphql(
        desk,
        `mutation ($m: ID!, $w: ID!, $a: ID!) {
          staffOfferWaitlistSlot(marketplaceId: $m, waitlistRequestId: $w, freedAppointmentId: $a) { id }
        }`,
        { m: solace.id, w: waitlistRequestId, a: freed.createAppointmentRequest.id },
      );
    }
  } finally {
    await desk.dispose();
  }

  // Each is mailed a link; the first to follow it books the time.
  const [first, second] = await Promise.all(
    waiting.map(async (email) => {
      let mail: MailboxMessage | undefined;
      await expect
        .poll(async () => {
          mail = (await mailbox(request, email)).find(
            (message) => message.subject === 'Solace Wellness Studio: a time opened up',
          );
          return mail !== undefined;
        })
        .toBe(true);
      if (!mail) throw new Error(`No offer mailed to ${email}`);
      const link = new URL(linkIn(mail, `/${solace.id}/waitlist-offer`));
      return `${link.pathname}${link.search}`;
    }),
  );

  await page.goto(first ?? '');
  await expect(page.getByRole('heading', { level: 1, name: 'A Time Opened Up' })).toBeVisible();
  await expect(page.getByText(solace.clinic.name)).toBeVisible();
  await page.getByRole('button', { name: 'Book this time' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Your request for this time is sent. Solace Wellness Studio will confirm it.',
  );
  await expect(page.getByRole('button', { name: 'Book this time' })).toHaveCount(0);

  // The other link now says the time is taken, and offers no button.
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
