import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobSchema, queues } from '../../kernel/jobs/queues';
import type { NotificationSettings } from '../../notifications';
import { formatDate } from '../../notifications';
import { createSandboxProcessor } from '../../payments';
import {
  at,
  type BookResult,
  type CheckoutTestContext,
  checkoutOperations,
  createCheckoutTestContext,
  daysAhead,
  guest,
  ids,
  newCard,
  operatorHeaders,
  TestBrowser,
} from '../../test/checkout';
import { testDatabases } from '../../test/databases';
import type { MailboxMessage } from '../../test/identity';
import { confirmAppointment } from '../operator-actions';
import { queueDueReminders, reminderLeadMs } from './reminders';

const onSite = ids(80);
const onConfirmation = ids(83);
const newYork = 'America/New_York';
// What an app configured from an empty environment uses (MAIL_FROM, the first of WEB_ORIGINS).
const settings: NotificationSettings = {
  mailFrom: 'no-reply@atrium.localhost',
  webOrigin: 'http://localhost:3000',
};

const cancelWithReason = /* GraphQL */ `
  mutation Cancel($id: ID!, $reason: String) {
    cancelAppointment(id: $id, reason: $reason) { id status charged failureReason }
  }`;

/** An iCalendar file's content lines, unfolded (RFC 5545 3.1), as [name with parameters, value]. */
function icsLines(content: string): [string, string][] {
  return content
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) => {
      // The value starts after the first colon outside a quoted parameter value.
      let quoted = false;
      for (let i = 0; i < line.length; i++) {
        if (line[i] === '"') quoted = !quoted;
        else if (line[i] === ':' && !quoted) return [line.slice(0, i), line.slice(i + 1)];
      }
      throw new Error(`Not a content line: ${line}`);
    });
}
const icsValue = (lines: [string, string][], name: string) =>
  lines.find(([key]) => key === name || key.startsWith(`${name};`))?.[1];
const icsUtc = (date: Date) => `${date.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;
const icsText = (text: string) => text.replace(/[\\;,]/g, (char) => `\\${char}`);

describe.each(testDatabases)('client notifications on $name', (factory) => {
  let context: CheckoutTestContext;
  let browser: TestBrowser;
  beforeAll(async () => {
    context = await createCheckoutTestContext(factory);
    browser = new TestBrowser(context.app);
  });
  afterAll(() => context.handle.dispose());

  // Times of their own: 20 days ahead and later, apart from other test files' fixtures in time only.
  let slotCount = 0;
  const nextSlot = () => {
    const times = ['09:00', '10:30', '12:00', '13:30', '15:00'];
    const index = slotCount++;
    return {
      date: daysAhead(20 + Math.floor(index / times.length)),
      time: times[index % times.length] ?? '',
    };
  };
  const nextEmail = () => `notify-${randomUUID().slice(0, 8)}@example.com`;
  let phoneCount = 0;
  const nextPhone = () => `+1212555${String(7000 + ++phoneCount)}`;
  const usPhone = (e164: string) => `(${e164.slice(2, 5)}) ${e164.slice(5, 8)}-${e164.slice(8)}`;

  const bookingInput = (
    options: {
      email?: string;
      phone?: string;
      phoneOptIn?: boolean;
      slot?: { date: string; time: string };
    } = {},
  ) => {
    const { date, time } = options.slot ?? nextSlot();
    const registerUser = guest(options.email ?? nextEmail());
    return {
      marketplaceId: onSite.marketplace,
      idempotencyKey: randomUUID(),
      organizationId: onSite.clinic,
      procedures: [onSite.drip, onSite.boost],
      dateRanges: at(date, time),
      registerUser: {
        ...registerUser,
        profile: {
          ...registerUser.profile,
          ...(options.phone ? { phone: usPhone(options.phone) } : {}),
          ...(options.phoneOptIn !== undefined ? { phoneOptIn: options.phoneOptIn } : {}),
        },
      },
    };
  };
  const book = async (input: Record<string, unknown>) => {
    const response = await browser.post<BookResult>(checkoutOperations.book, { input });
    expect(response.body.errors).toBeUndefined();
    const result = response.body.data?.createAppointmentRequest;
    if (!result) throw new Error('no appointment request in the response');
    return result;
  };
  const operator = async (action: 'confirm' | 'complete', id: string) => {
    const response = await browser.post(checkoutOperations[action], { id }, operatorHeaders);
    expect(response.body.errors).toBeUndefined();
    return Object.values(response.body.data ?? {})[0] as { status: string; failureReason: string | null };
  };
  const cancel = async (id: string, reason?: string | null) => {
    const response = await browser.post(cancelWithReason, { id, reason }, operatorHeaders);
    expect(response.body.errors).toBeUndefined();
  };

  /** The dev mailbox's messages to one recipient, oldest first. */
  const mailbox = async (to: string): Promise<MailboxMessage[]> => {
    const response = await context.app.fetch(
      `http://localhost/dev/mailbox.json?to=${encodeURIComponent(to)}`,
    );
    expect(response.status).toBe(200);
    return ((await response.json()) as { messages: MailboxMessage[] }).messages.reverse();
  };
  const deliveryJobs = async (messageId: number) => {
    const [row] = await context.sql<{ n: number }>(
      `select count(*)::int as n from ${jobSchema}.job where name = $1 and data->>'messageId' = $2`,
      [queues.deliverMessage.name, String(messageId)],
    );
    return row?.n;
  };
  const appointment = async (id: string) => {
    const [row] = await context.sql<{
      starts_at: Date;
      ends_at: Date;
      status: string;
      reminded_at: Date | null;
      cancellation_reason: string | null;
    }>(
      'select starts_at, ends_at, status, reminded_at, cancellation_reason from appointments where id = $1',
      [Number(id)],
    );
    if (!row) throw new Error(`No appointment ${id}`);
    return { ...row, starts_at: new Date(row.starts_at), ends_at: new Date(row.ends_at) };
  };

  describe('request received', () => {
    it("mails a guest in the booking's transaction, with the time at the clinic and the marketplace's branding", async () => {
      const email = nextEmail();
      const { id } = await book(bookingInput({ email, slot: { date: daysAhead(19), time: '10:30' } }));
      const { starts_at: startsAt } = await appointment(id);

      const messages = await mailbox(email);
      expect(messages).toHaveLength(1);
      const [message] = messages;
      if (!message) throw new Error('no message');
      expect(message).toMatchObject({
        channel: 'email',
        from: 'Checkout Test 80 <no-reply@atrium.localhost>',
        subject: 'Checkout Test 80: we received your appointment request',
        links: ['http://localhost:3000/80/profile'],
        attachments: [],
      });
      const day = formatDate(startsAt, newYork);
      expect(day).toMatch(/^[A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}, \d{4}$/);
      expect(message.text).toContain('Hello Gia,');
      expect(message.text).toMatch(new RegExp(`${day} at 10:30 AM E[SD]T`));
      expect(message.text).toContain('Drip and Boost');
      expect(message.text).toContain('Test Midtown 80, 245 W 52nd St, New York, NY 10019');
      expect(message.text).toContain('With Ada 80');
      expect(message.html).toContain('border-top:6px solid #123456');
      expect(message.html).toContain('<h2 style="margin-top:0">Checkout Test 80</h2>');
      expect(message.html).toContain('href="http://localhost:3000/80/profile"');
      // Its delivery job was created with it.
      expect(await deliveryJobs(message.id)).toBe(1);
    });

    it('texts a guest who agreed to texts, and only mails one who did not', async () => {
      const [agreed, declined] = [nextPhone(), nextPhone()];
      const [agreedEmail, declinedEmail] = [nextEmail(), nextEmail()];
      await book(bookingInput({ email: agreedEmail, phone: agreed, phoneOptIn: true }));
      await book(bookingInput({ email: declinedEmail, phone: declined, phoneOptIn: false }));

      const texts = await mailbox(agreed);
      expect(texts).toHaveLength(1);
      expect(texts[0]?.channel).toBe('sms');
      expect(texts[0]?.from).toBe('Checkout Test 80');
      expect(texts[0]?.text).toMatch(
        /^Checkout Test 80: we received your request for [A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2} at \d{1,2}:\d\d [AP]M E[SD]T\. We will let you know when it is confirmed\.$/,
      );
      expect(await mailbox(agreedEmail)).toHaveLength(1);
      expect(await mailbox(declined)).toEqual([]);
      expect(await mailbox(declinedEmail)).toHaveLength(1);
    });

    it('lists the windows of a waitlist request', async () => {
      const email = nextEmail();
      const date = daysAhead(40);
      await book({
        ...bookingInput({ email }),
        dateRanges: [
          { start: `${date}T08:00`, end: `${date}T12:00` },
          { start: `${date}T16:00`, end: `${date}T20:00` },
        ],
      });
      const [message] = await mailbox(email);
      expect(message?.subject).toBe('Checkout Test 80: you are on the waitlist');
      const day = formatDate(new Date(`${date}T17:00:00Z`), newYork);
      expect(message?.text).toContain(
        'You are on the waitlist for Drip and Boost at Test Midtown 80, 245 W 52nd St, New York, NY 10019',
      );
      expect(message?.text).toMatch(
        new RegExp(`${day}, 8:00 AM to 12:00 PM E[SD]T\n${day}, 4:00 PM to 8:00 PM E[SD]T`),
      );
    });

    it('writes nothing for a request that fails, also when it fails inside its transaction', async () => {
      // Refused before anything is written: a time outside the practitioner's hours.
      const early = nextEmail();
      const refused = await browser.post(checkoutOperations.book, {
        input: bookingInput({ email: early, slot: { date: daysAhead(21), time: '06:00' } }),
      });
      expect(refused.body.errors).toHaveLength(1);
      expect(await mailbox(early)).toEqual([]);

      // Five guests at once for one time: the four whose insert the database refuses roll back.
      const slot = nextSlot();
      const emails = Array.from({ length: 5 }, nextEmail);
      const results = await Promise.all(
        emails.map((email) =>
          browser.post<BookResult>(checkoutOperations.book, { input: bookingInput({ email, slot }) }),
        ),
      );
      expect(results.filter((result) => result.body.data?.createAppointmentRequest)).toHaveLength(1);
      const mailed = await Promise.all(emails.map(async (email) => (await mailbox(email)).length));
      expect(mailed.sort()).toEqual([0, 0, 0, 0, 1]);
    });

    it('mails once for a request repeated with the same idempotency key', async () => {
      const email = nextEmail();
      const input = bookingInput({ email });
      const first = await book(input);
      const again = await book(input);
      expect(again.id).toBe(first.id);
      expect(await mailbox(email)).toHaveLength(1);
    });
  });

  describe('confirmation', () => {
    it('mails the confirmation with a calendar invitation for the right time and place', async () => {
      const email = nextEmail();
      const phone = nextPhone();
      const { id } = await book(bookingInput({ email, phone, phoneOptIn: true }));
      expect((await operator('confirm', id)).status).toBe('BOOKED');
      const booked = await appointment(id);
      expect(booked.ends_at.getTime() - booked.starts_at.getTime()).toBe(75 * 60_000);
      // A week or more ahead: the reminder is still to come.
      expect(booked.reminded_at).toBeNull();

      const messages = await mailbox(email);
      expect(messages.map((message) => message.subject)).toEqual([
        'Checkout Test 80: we received your appointment request',
        'Checkout Test 80: your appointment is confirmed',
      ]);
      const confirmation = messages[1];
      if (!confirmation) throw new Error('no confirmation');
      expect(confirmation.text).toContain('Your appointment is confirmed:');
      expect(confirmation.text).toContain(
        'To change or cancel it, please call Test Midtown 80 at (212) 555-0100.',
      );
      expect(await deliveryJobs(confirmation.id)).toBe(1);
      expect(confirmation.attachments).toHaveLength(1);
      const [invitation] = confirmation.attachments;
      expect(invitation).toMatchObject({
        filename: 'appointment.ics',
        contentType: 'text/calendar; charset=utf-8; method=REQUEST',
      });

      const lines = icsLines(invitation?.content ?? '');
      expect(lines[0]).toEqual(['BEGIN', 'VCALENDAR']);
      expect(lines.at(-1)).toEqual(['END', 'VCALENDAR']);
      expect(lines.filter(([key, value]) => key === 'BEGIN' && value === 'VEVENT')).toHaveLength(1);
      expect(icsValue(lines, 'METHOD')).toBe('REQUEST');
      expect(icsValue(lines, 'UID')).toBe(`atrium-appointment-${id}@atrium.localhost`);
      expect(icsValue(lines, 'DTSTART')).toBe(icsUtc(booked.starts_at));
      expect(icsValue(lines, 'DTEND')).toBe(icsUtc(booked.ends_at));
      expect(icsValue(lines, 'STATUS')).toBe('CONFIRMED');
      expect(icsValue(lines, 'SUMMARY')).toBe(icsText('Drip and Boost at Checkout Test 80'));
      expect(icsValue(lines, 'LOCATION')).toBe(icsText('Test Midtown 80, 245 W 52nd St, New York, NY 10019'));
      expect(icsValue(lines, 'URL')).toBe('http://localhost:3000/80/profile');
      expect(lines.find(([key]) => key.startsWith('ORGANIZER'))).toEqual([
        'ORGANIZER;CN="Checkout Test 80"',
        'MAILTO:no-reply@atrium.localhost',
      ]);
      expect(lines.find(([key]) => key.startsWith('ATTENDEE'))?.[1]).toBe(`mailto:${email}`);

      const texts = await mailbox(phone);
      expect(texts.map((text) => text.text)).toEqual([
        expect.stringContaining('we received your request'),
        expect.stringMatching(/^Checkout Test 80: your appointment on .+ E[SD]T is confirmed\.$/),
      ]);
    });

    it('mails only the refused payment’s link when the charge fails and the appointment stays PENDING', async () => {
      const email = nextEmail();
      const { date, time } = nextSlot();
      const { id } = await book({
        marketplaceId: onConfirmation.marketplace,
        idempotencyKey: randomUUID(),
        organizationId: onConfirmation.clinic,
        procedures: [onConfirmation.shot],
        dateRanges: at(date, time),
        // Verified at checkout, declined when charged.
        paymentMethod: await newCard(browser, '4000000000000341'),
        registerUser: guest(email),
      });
      const result = await operator('confirm', id);
      expect(result.status).toBe('PENDING');
      expect(result.failureReason).toBeTruthy();
      expect((await mailbox(email)).map((message) => message.subject)).toEqual([
        'Checkout Test 83: we received your appointment request',
        'Checkout Test 83: your payment did not go through',
      ]);
    });

    it('stands in for the reminder when the visit is less than 24 hours away', async () => {
      const email = nextEmail();
      const { id } = await book(bookingInput({ email }));
      const { starts_at: startsAt } = await appointment(id);
      const db = context.handle.database.db;
      const twoHoursBefore = new Date(startsAt.getTime() - 2 * 3_600_000);
      await confirmAppointment(
        {
          db,
          payments: { processor: createSandboxProcessor(db) },
          notifications: settings,
          clock: () => twoHoursBefore,
        },
        Number(id),
      );
      expect((await appointment(id)).reminded_at).toEqual(twoHoursBefore);
      await queueDueReminders({ db, clock: () => twoHoursBefore, notifications: settings });
      expect((await mailbox(email)).map((message) => message.subject)).toEqual([
        'Checkout Test 80: we received your appointment request',
        'Checkout Test 80: your appointment is confirmed',
      ]);
    });
  });

  describe('cancellation', () => {
    it('tells the reason, and withdraws the invitation of a BOOKED appointment', async () => {
      const email = nextEmail();
      const phone = nextPhone();
      const { id } = await book(bookingInput({ email, phone, phoneOptIn: true }));
      await operator('confirm', id);
      await cancel(id, '  Our practitioner is unwell. <Sorry>  ');
      const cancelled = await appointment(id);
      expect(cancelled).toMatchObject({
        status: 'CANCELLED',
        cancellation_reason: 'Our practitioner is unwell. <Sorry>',
      });

      const [, , message] = await mailbox(email);
      expect(message?.subject).toBe('Checkout Test 80: your appointment was cancelled');
      expect(message?.text).toMatch(
        /^Hello Gia,\n\nYour appointment on .+ at Test Midtown 80, .+ was cancelled\./,
      );
      expect(message?.text).toContain('Reason: Our practitioner is unwell. <Sorry>');
      expect(message?.html).toContain('Reason: Our practitioner is unwell. &lt;Sorry&gt;');
      expect(message?.links).toEqual(['http://localhost:3000/80/services']);
      expect(message?.attachments.map((file) => file.contentType)).toEqual([
        'text/calendar; charset=utf-8; method=CANCEL',
      ]);
      const lines = icsLines(message?.attachments[0]?.content ?? '');
      expect(icsValue(lines, 'METHOD')).toBe('CANCEL');
      expect(icsValue(lines, 'UID')).toBe(`atrium-appointment-${id}@atrium.localhost`);
      expect(icsValue(lines, 'SEQUENCE')).toBe('1');
      expect(icsValue(lines, 'STATUS')).toBe('CANCELLED');

      const [, , text] = await mailbox(phone);
      expect(text?.text).toMatch(
        /^Checkout Test 80: your appointment on .+ was cancelled\. Reason: Our practitioner is unwell\. <Sorry>$/,
      );
    });

    it('cancels a PENDING request without a reason: no reason, no calendar file', async () => {
      const email = nextEmail();
      const { id } = await book(bookingInput({ email }));
      await cancel(id, '   ');
      expect((await appointment(id)).cancellation_reason).toBeNull();
      const [, message] = await mailbox(email);
      expect(message?.subject).toBe('Checkout Test 80: your appointment was cancelled');
      expect(message?.text).not.toContain('Reason');
      expect(message?.attachments).toEqual([]);
    });

    it('refuses a reason over 500 characters and cancels nothing', async () => {
      const { id } = await book(bookingInput());
      const response = await browser.post(cancelWithReason, { id, reason: 'x'.repeat(501) }, operatorHeaders);
      expect(response.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      expect((await appointment(id)).status).toBe('PENDING');
    });
  });

  describe('reminders', () => {
    it('reminds each BOOKED appointment of the next 24 hours once, also when two runs overlap', async () => {
      // Their own days, 60 and 61 days ahead: the reminder runs' clock is 06:00 on the first.
      const [first, second] = [daysAhead(60), daysAhead(61)];
      const client = { email: nextEmail(), phone: nextPhone() };
      const booked = async (slot: { date: string; time: string }, email = nextEmail()) => {
        const { id } = await book(bookingInput({ email, slot }));
        await operator('confirm', id);
        return id;
      };
      const soon = await book(
        bookingInput({ ...client, phoneOptIn: true, slot: { date: first, time: '09:00' } }),
      );
      await operator('confirm', soon.id);
      const alsoSoonEmail = nextEmail();
      const alsoSoon = await booked({ date: first, time: '15:00' }, alsoSoonEmail);
      const pendingEmail = nextEmail();
      await book(bookingInput({ email: pendingEmail, slot: { date: first, time: '10:30' } }));
      const cancelledEmail = nextEmail();
      const cancelled = await booked({ date: first, time: '12:00' }, cancelledEmail);
      await cancel(cancelled);
      const laterEmail = nextEmail();
      await booked({ date: second, time: '13:30' }, laterEmail);

      const { starts_at: firstStart } = await appointment(soon.id);
      // 3 hours before the first: the 15:00 one is in the window too, the next day's 13:30 is not.
      const clock = () => new Date(firstStart.getTime() - 3 * 3_600_000);
      expect(new Date((await appointment(alsoSoon)).starts_at).getTime() - clock().getTime()).toBeLessThan(
        reminderLeadMs,
      );
      const db = context.handle.database.db;
      const ports = { db, clock, notifications: settings };
      const counts = await Promise.all([
        queueDueReminders(ports),
        queueDueReminders(ports),
        queueDueReminders(ports, { limit: 1 }),
      ]);
      expect(counts.reduce((sum, count) => sum + count, 0)).toBe(2);
      expect(await queueDueReminders(ports)).toBe(0);

      const reminders = async (email: string) =>
        (await mailbox(email)).filter((message) => message.subject?.includes('reminder'));
      const [reminder] = await reminders(client.email);
      expect(await reminders(client.email)).toHaveLength(1);
      expect(reminder?.subject).toMatch(
        /^Checkout Test 80: reminder of your appointment on [A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2} at 9:00 AM E[SD]T$/,
      );
      expect(reminder?.text).toContain('A reminder of your appointment:');
      expect(reminder?.text).toContain(
        'To change or cancel it, please call Test Midtown 80 at (212) 555-0100.',
      );
      expect(await reminders(alsoSoonEmail)).toHaveLength(1);
      expect((await mailbox(client.phone)).map((text) => text.text).at(-1)).toMatch(
        /^Checkout Test 80 reminder: your appointment is on .+ at 9:00 AM E[SD]T at Test Midtown 80, 245 W 52nd St, New York, NY 10019\.$/,
      );
      for (const email of [pendingEmail, cancelledEmail, laterEmail])
        expect(await reminders(email)).toEqual([]);
      expect((await appointment(soon.id)).reminded_at).toEqual(clock());
    });

    it('counts only the limit per run, soonest first, and reminds the rest on the next run', async () => {
      const date = daysAhead(70);
      const emails = [nextEmail(), nextEmail(), nextEmail()];
      const bookedIds: string[] = [];
      for (const [index, email] of emails.entries()) {
        const { id } = await book(
          bookingInput({ email, slot: { date, time: ['13:30', '09:00', '10:30'][index] ?? '' } }),
        );
        await operator('confirm', id);
        bookedIds.push(id);
      }
      const { starts_at: earliest } = await appointment(bookedIds[1] ?? '');
      const db = context.handle.database.db;
      const ports = { db, clock: () => new Date(earliest.getTime() - 3_600_000), notifications: settings };
      expect(await queueDueReminders(ports, { limit: 2 })).toBe(2);
      const reminded = async (email: string) =>
        (await mailbox(email)).some((message) => message.subject?.includes('reminder'));
      expect(await Promise.all(emails.map(reminded))).toEqual([false, true, true]);
      expect(await queueDueReminders(ports, { limit: 2 })).toBe(1);
      expect(await Promise.all(emails.map(reminded))).toEqual([true, true, true]);
    });
  });
});
