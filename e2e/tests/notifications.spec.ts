import { type APIRequestContext, expect, test } from '@playwright/test';
import ICAL from 'ical.js';
import { freshStart, glow } from '../support/booking';
import {
  agreeToPolicy,
  answerGlowQuestions,
  confirmAtGlowClinic,
  expectBookingReceived,
  fillCard,
  fillGuestDetails,
  requestAppointment,
} from '../support/checkout';
import { type MailboxMessage, mailbox, uniqueEmail } from '../support/identity';
import { hostUrl } from '../support/ports';

/** A dev mailbox message with the files sent with it. */
interface MailWithAttachments extends MailboxMessage {
  from: string;
  html: string | null;
  attachments: { filename: string; contentType: string; content: string }[];
}

const manhattanZone = 'America/New_York';
// The B12 Energy Shot takes 10 minutes (the demo seed).
const b12Minutes = 10;

/** The instant of a local wall time in a zone (the clinic's), e.g. 2025-03-04 09:00 in New York. */
function zonedInstant(date: string, time: string, timeZone: string): Date {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const offsetAt = (instant: number) => {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    }).formatToParts(new Date(instant));
    const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
    return Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute')) - instant;
  };
  const guess = wall - offsetAt(wall);
  return new Date(wall - offsetAt(guess));
}

/** Waits until a mail to `to` with this subject is in the dev mailbox, and returns it. */
async function mailWithSubject(request: APIRequestContext, to: string, subject: string) {
  let found: MailWithAttachments | undefined;
  await expect
    .poll(
      async () => {
        const messages = (await mailbox(request, to)) as MailWithAttachments[];
        found = messages.find((message) => message.subject === subject);
        return found !== undefined;
      },
      { message: `a mail '${subject}' to ${to}` },
    )
    .toBe(true);
  if (!found) throw new Error(`No mail '${subject}' to ${to}`);
  return found;
}

test('a guest is told the request was received, then gets the confirmation with a calendar invitation', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('ines');

  // A guest books the B12 shot at Glow's Manhattan clinic.
  await freshStart(page, '/1/set-location');
  await confirmAtGlowClinic(page, 4);
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
  const sent = response.request().postDataJSON() as {
    variables: { input: { dateRanges: { start: string }[] } };
  };
  const { data } = (await response.json()) as { data: { createAppointmentRequest: { id: string } } };
  const appointmentId = data.createAppointmentRequest.id;
  const [date = '', time = ''] = sent.variables.input.dateRanges[0]?.start.split('T') ?? [];
  const startsAt = zonedInstant(date, time, manhattanZone);

  // 'Request received', from the marketplace, with the time at the clinic, its zone named.
  const received = await mailWithSubject(
    request,
    email,
    'Glow Mobile IV: we received your appointment request',
  );
  expect(received.from).toMatch(/^Glow Mobile IV <.+@.+>$/);
  expect(received.text).toContain('Glow Mobile IV is working to confirm your appointment');
  expect(received.text).toContain(glow.b12.name);
  expect(received.text).toContain(`${glow.manhattan.name}, ${glow.manhattan.address}`);
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const clock = `${hours % 12 || 12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
  expect(received.text).toMatch(new RegExp(` at ${clock} E[SD]T\\n`));
  expect(received.links).toContain(`${hostUrl}/1/profile`);
  expect(received.attachments).toEqual([]);

  // The marketplace confirms it (an operator action, charging the deposit).
  const confirmed = await request.post(`${hostUrl}/graphql`, {
    headers: {
      origin: hostUrl,
      'content-type': 'application/json',
      'x-operator-key': 'atrium-development-operator-key',
    },
    data: {
      query: 'mutation ($id: ID!) { confirmAppointment(id: $id) { status failureReason } }',
      variables: { id: appointmentId },
    },
  });
  expect(await confirmed.json()).toEqual({
    data: { confirmAppointment: { status: 'BOOKED', failureReason: null } },
  });

  const confirmation = await mailWithSubject(request, email, 'Glow Mobile IV: your appointment is confirmed');
  expect(confirmation.text).toContain('Your appointment is confirmed:');
  expect(confirmation.html).toContain('Glow Mobile IV');
  expect(confirmation.attachments).toHaveLength(1);
  const [invitation] = confirmation.attachments;
  expect(invitation?.filename).toBe('appointment.ics');
  expect(invitation?.contentType).toBe('text/calendar; charset=utf-8; method=REQUEST');

  // The invitation is a valid calendar with one event at the booked time, in an explicit zone (UTC).
  const calendar = new ICAL.Component(ICAL.parse(invitation?.content ?? ''));
  expect(calendar.name).toBe('vcalendar');
  expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
  const events = calendar.getAllSubcomponents('vevent');
  expect(events).toHaveLength(1);
  const event = new ICAL.Event(events[0]);
  expect(event.startDate.zone?.tzid).toBe('UTC');
  expect(event.endDate.zone?.tzid).toBe('UTC');
  expect(event.startDate.toJSDate().toISOString()).toBe(startsAt.toISOString());
  expect(event.endDate.toJSDate().toISOString()).toBe(
    new Date(startsAt.getTime() + b12Minutes * 60_000).toISOString(),
  );
  expect(event.uid).toMatch(new RegExp(`^atrium-appointment-${appointmentId}@`));
  expect(event.summary).toBe(`${glow.b12.name} at Glow Mobile IV`);
  expect(event.location).toBe(`${glow.manhattan.name}, ${glow.manhattan.address}`);
  expect(events[0]?.getFirstPropertyValue('url')).toBe(`${hostUrl}/1/profile`);
  expect(events[0]?.getFirstPropertyValue('status')).toBe('CONFIRMED');
  expect(event.organizer).toMatch(/^mailto:/i);
  expect(events[0]?.getFirstProperty('organizer')?.getParameter('cn')).toBe('Glow Mobile IV');
});
