import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { solace } from './booking';
import { type MailboxMessage, mailbox, uniquePhone } from './identity';
import { graphql } from './staff-api';

// Waitlist journeys book Solace (marketplace 3: paid on site, no required questions) at its RiNo
// clinic, on days no other journey books: each spec and project on a day of its own.
const procedureId = '3003';

/** A local date (yyyy-MM-dd) `days` ahead, moved by a week on the phone project. */
export function waitlistDay(days: number): string {
  const ahead = days + (test.info().project.name === 'mobile' ? 7 : 0);
  return new Date(Date.now() + ahead * 86_400_000).toISOString().slice(0, 10);
}

/** The last time of the day at which the clinic can still be booked. */
export async function lastFreeTime(request: APIRequestContext, day: string): Promise<string> {
  const { availabilities } = await graphql<{ availabilities: { slots: { date: string; time: string }[] } }>(
    request,
    'query ($input: AvailabilitiesInput!) { availabilities(input: $input) { slots { date time } } }',
    {
      input: {
        marketplaceId: solace.id,
        organizationId: solace.clinic.id,
        procedureIds: [procedureId],
        dateRange: { start: day, end: day },
      },
    },
  );
  const time = availabilities.slots.at(-1)?.time;
  expect(time).toMatch(/^\d\d:\d\d$/);
  return time ?? '';
}

/** A guest's request at the clinic through the API: one time, or waitlist windows. */
export async function guestRequests(
  request: APIRequestContext,
  email: string,
  dateRanges: { start: string; end: string }[],
): Promise<{ id: string; status: string }> {
  const { createAppointmentRequest } = await graphql<{
    createAppointmentRequest: { id: string; status: string };
  }>(
    request,
    'mutation ($input: CreateAppointmentRequestInput!) { createAppointmentRequest(input: $input) { id status } }',
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
  return createAppointmentRequest;
}

/** The path and query of the waitlist offer link mailed to `email` ("a time opened up"). */
export async function offerLinkMailedTo(request: APIRequestContext, email: string): Promise<string> {
  let mail: MailboxMessage | undefined;
  await expect
    .poll(async () => {
      mail = (await mailbox(request, email)).find(
        (message) => message.subject === 'Solace Wellness Studio: a time opened up',
      );
      return mail !== undefined;
    })
    .toBe(true);
  const link = mail?.links.find(
    (candidate) => new URL(candidate).pathname === `/${solace.id}/waitlist-offer`,
  );
  if (!link) throw new Error(`No offer link mailed to ${email}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}
