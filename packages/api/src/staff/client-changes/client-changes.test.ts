// A client's own reschedule and cancel from /profile: allowed before the cut-off where the marketplace
// allows it (the move's mail and invitation, the cancellation's refund and mail, the activity log),
// refused after the cut-off, by phone, and for another client's appointment; a retried cancel
// refunds once, and of two clients racing for one time one wins.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../test/account';
import {
  at,
  type CheckoutTestContext,
  checkoutOperations,
  createCheckoutTestContext,
  daysAhead,
  ids,
  newCard,
  TestBrowser,
} from '../../test/checkout';
import { testDatabases } from '../../test/databases';
import { mailbox } from '../../test/identity';
import { signedInStaff, staffOperations } from '../../test/staff';

// 81 lets clients change visits online up to 24 hours before; 82 keeps the spec's default (by phone).
const online = ids(81);
const byPhone = ids(82);

const operations = {
  list: /* GraphQL */ `
    query List($marketplaceId: ID!) {
      profileAppointments(marketplaceId: $marketplaceId) {
        id start status canChangeOnline changeOnlineUntil cancellationRefundCents
      }
    }`,
  times: /* GraphQL */ `
    query Times($marketplaceId: ID!, $id: ID!, $date: String!) {
      clientRescheduleTimes(marketplaceId: $marketplaceId, id: $id, date: $date) { timeZone times }
    }`,
  move: /* GraphQL */ `
    mutation Move($marketplaceId: ID!, $id: ID!, $date: String!, $time: String!) {
      clientRescheduleAppointment(marketplaceId: $marketplaceId, id: $id, date: $date, time: $time) {
        id status start refundedCents
      }
    }`,
  cancel: /* GraphQL */ `
    mutation Cancel($marketplaceId: ID!, $id: ID!) {
      clientCancelAppointment(marketplaceId: $marketplaceId, id: $id) { id status start refundedCents }
    }`,
};

interface Listed {
  id: string;
  start: string;
  status: string;
  canChangeOnline: boolean;
  changeOnlineUntil: string | null;
  cancellationRefundCents: number;
}

describe.each(testDatabases)('a client changing their own visit on $name', (factory) => {
  let context: CheckoutTestContext;
  const desks = new Map<string, TestBrowser>();
  let clients = 0;
  let days = 0;

  const client = async () => {
    const email = `self-service${++clients}@example.com`;
    return { ...(await signedInClient(context.app, online.marketplace, email)), email };
  };
  /** A request of the signed-in client on a day of its own (or `date`), confirmed by the desk if asked. */
  const book = async (
    browser: TestBrowser,
    place: ReturnType<typeof ids>,
    { date = daysAhead(5 + days++), time = '10:00', confirm = true } = {},
  ) => {
    const { createAppointmentRequest } = await browser.data<{ createAppointmentRequest: { id: string } }>(
      checkoutOperations.book,
      {
        input: {
          marketplaceId: place.marketplace,
          idempotencyKey: randomUUID(),
          organizationId: place.clinic,
          procedures: [place.drip, place.boost],
          dateRanges: at(date, time),
          paymentMethod: await newCard(browser),
        },
      },
    );
    const id = createAppointmentRequest.id;
    if (confirm)
      await desks
        .get(place.marketplace)
        ?.data(staffOperations.confirm, { marketplaceId: place.marketplace, id });
    return { id, date };
  };
  const listed = async (browser: TestBrowser, marketplaceId: string, id: string) =>
    (
      await browser.data<{ profileAppointments: Listed[] }>(operations.list, { marketplaceId })
    ).profileAppointments.find((row) => row.id === id);
  const local = async (id: string) =>
    (
      await context.sql<{ local: string; status: string; calendar_sequence: number }>(
        `select to_char(starts_at at time zone 'America/New_York', 'YYYY-MM-DD HH24:MI') as local, status,
                calendar_sequence from appointments where id = $1`,
        [Number(id)],
      )
    )[0];
  const count = async (text: string, params: unknown[] = []) =>
    Number((await context.sql<{ n: string | number }>(text, params))[0]?.n ?? 0);

  beforeAll(async () => {
    context = await createCheckoutTestContext(factory);
    await context.sql(
      `insert into scheduling_settings (marketplace_id, client_changes, client_change_cutoff_hours)
         values (81, 'online', 24)`,
    );
    for (const place of [online, byPhone]) {
      desks.set(
        place.marketplace,
        await signedInStaff(context, {
          marketplaceId: Number(place.marketplace),
          email: `desk${place.marketplace}@self-service.test`,
          role: 'front_desk',
        }),
      );
    }
  });
  afterAll(() => context.handle.dispose());

  it('says in the list what the client may do: until 24 hours before, refunding everything collected', async () => {
    const { browser } = await client();
    const booked = await book(browser, online);
    const pending = await book(browser, online, { confirm: false });
    const row = await listed(browser, online.marketplace, booked.id);
    expect(row).toMatchObject({ status: 'BOOKED', canChangeOnline: true, cancellationRefundCents: 2152 });
    expect(new Date(row?.start ?? '').getTime() - new Date(row?.changeOnlineUntil ?? '').getTime()).toBe(
      24 * 3_600_000,
    );
    // Nothing is collected before the desk confirms a request.
    expect(await listed(browser, online.marketplace, pending.id)).toMatchObject({
      status: 'PENDING',
      canChangeOnline: true,
      cancellationRefundCents: 0,
    });
  });

  it('moves a booked visit to a free time, mails the updated invitation and logs the client as who did it', async () => {
    const { browser, email } = await client();
    const { id, date } = await book(browser, online);
    const { clientRescheduleTimes } = await browser.data<{
      clientRescheduleTimes: { timeZone: string; times: string[] };
    }>(operations.times, { marketplaceId: online.marketplace, id, date });
    expect(clientRescheduleTimes.timeZone).toBe('America/New_York');
    // Its own time is free to it; the visit (75 minutes) must end by 17:00.
    expect(clientRescheduleTimes.times).toContain('10:00');
    expect(clientRescheduleTimes.times.at(-1)).toBe('15:45');

    const { clientRescheduleAppointment } = await browser.data<{
      clientRescheduleAppointment: { status: string; refundedCents: number };
    }>(operations.move, { marketplaceId: online.marketplace, id, date, time: '14:30' });
    expect(clientRescheduleAppointment).toMatchObject({ status: 'BOOKED', refundedCents: 0 });
    expect(await local(id)).toEqual({ local: `${date} 14:30`, status: 'BOOKED', calendar_sequence: 1 });

    const moved = (await mailbox(context.app, email)).find((mail) => mail.subject?.endsWith('was moved'));
    expect(moved?.subject).toBe('Checkout Test 81: your appointment was moved');
    expect(moved?.text).toContain('You moved your appointment.');
    expect(moved?.attachments[0]?.content).toContain('SEQUENCE:1');
    const [logged] = await context.sql<{ actor: string; staff_member_id: number | null }>(
      `select actor, staff_member_id from activity_log where action = 'appointment.clientReschedule' and subject = $1`,
      [`Appointment ${id}`],
    );
    expect(logged).toEqual({ actor: email, staff_member_id: null });
  });

  it('cancels a booked visit, refunding the $21.52 collected, stated in the mail, and logs it', async () => {
    const { browser, email } = await client();
    const { id } = await book(browser, online);
    const { clientCancelAppointment } = await browser.data<{
      clientCancelAppointment: { status: string; refundedCents: number };
    }>(operations.cancel, { marketplaceId: online.marketplace, id });
    expect(clientCancelAppointment).toMatchObject({ status: 'CANCELLED', refundedCents: 2152 });
    expect((await local(id))?.status).toBe('CANCELLED');
    // Listed under Cancelled now, with nothing more to change.
    expect(await listed(browser, online.marketplace, id)).toMatchObject({
      status: 'CANCELLED',
      canChangeOnline: false,
      cancellationRefundCents: 0,
    });
    const cancelled = (await mailbox(context.app, email)).find((mail) =>
      mail.subject?.endsWith('was cancelled'),
    );
    expect(cancelled?.text).toContain('We refunded $21.52 to your card.');
    expect(
      await count(
        `select count(*) as n from activity_log where action = 'appointment.clientCancel' and actor = $1`,
        [email],
      ),
    ).toBe(1);
  });

  it('refuses every change once the cut-off has passed, and the list says so', async () => {
    const { browser } = await client();
    const { id, date } = await book(browser, online);
    // The visit now starts in ten hours: within the 24-hour cut-off.
    await context.sql(
      `update appointments set starts_at = now() + interval '10 hours', ends_at = now() + interval '11 hours 15 minutes'
        where id = $1`,
      [Number(id)],
    );
    const refusal = {
      code: 'CHANGE_CUTOFF_PASSED',
      message: 'Online changes to this appointment have closed. Please call to reschedule or cancel.',
    };
    const args = { marketplaceId: online.marketplace, id };
    expect(await browser.error(operations.times, { ...args, date })).toEqual(refusal);
    expect(await browser.error(operations.move, { ...args, date, time: '11:00' })).toEqual(refusal);
    expect(await browser.error(operations.cancel, args)).toEqual(refusal);
    expect(await listed(browser, online.marketplace, id)).toMatchObject({
      status: 'BOOKED',
      canChangeOnline: false,
    });
  });

  it('refuses every change where the marketplace changes visits by phone (the default)', async () => {
    const { browser } = await client();
    const { id, date } = await book(browser, byPhone);
    const refusal = {
      code: 'CHANGES_BY_PHONE',
      message: 'This marketplace changes appointments by phone. Please call to reschedule or cancel.',
    };
    const args = { marketplaceId: byPhone.marketplace, id };
    expect(await browser.error(operations.times, { ...args, date })).toEqual(refusal);
    expect(await browser.error(operations.move, { ...args, date, time: '11:00' })).toEqual(refusal);
    expect(await browser.error(operations.cancel, args)).toEqual(refusal);
    expect(await listed(browser, byPhone.marketplace, id)).toMatchObject({
      canChangeOnline: false,
      changeOnlineUntil: null,
    });
    expect((await local(id))?.status).toBe('BOOKED');
  });

  it('answers another client’s appointment as not found and changes nothing', async () => {
    const owner = await client();
    const other = await client();
    const { id, date } = await book(owner.browser, online);
    const notFound = { code: 'NOT_FOUND', message: `Appointment ${id} was not found.` };
    const args = { marketplaceId: online.marketplace, id };
    expect(await other.browser.error(operations.times, { ...args, date })).toEqual(notFound);
    expect(await other.browser.error(operations.move, { ...args, date, time: '12:00' })).toEqual(notFound);
    expect(await other.browser.error(operations.cancel, args)).toEqual(notFound);
    expect(await local(id)).toMatchObject({ local: `${date} 10:00`, status: 'BOOKED' });
    expect(await new TestBrowser(context.app).error(operations.cancel, args)).toMatchObject({
      code: 'UNAUTHENTICATED',
    });
  });

  it('refunds once when the client’s cancel is sent twice at once and again later', async () => {
    const { browser } = await client();
    const { id } = await book(browser, online);
    const args = { marketplaceId: online.marketplace, id };
    const answers = await Promise.all([
      browser.post<{ clientCancelAppointment: { refundedCents: number } }>(operations.cancel, args),
      browser.post<{ clientCancelAppointment: { refundedCents: number } }>(operations.cancel, args),
    ]);
    const done = answers.filter((answer) => answer.body.data?.clientCancelAppointment);
    expect(done).toHaveLength(1);
    expect(done[0]?.body.data?.clientCancelAppointment.refundedCents).toBe(2152);
    expect(await browser.error(operations.cancel, args)).toMatchObject({
      code: 'APPOINTMENT_NOT_CHANGEABLE',
    });
    const refunds = `select count(*) as n from appointment_refunds r join appointment_payments p
                       on p.id = r.appointment_payment_id where p.appointment_id = $1`;
    expect(await count(refunds, [Number(id)])).toBe(1);
    expect(
      await count(
        `select count(*) as n from sandbox_refunds s join appointment_payments p
           on p.processor_reference = s.charge_reference where p.appointment_id = $1`,
        [Number(id)],
      ),
    ).toBe(1);
  });

  it('lets only one of two clients move into the same free time', async () => {
    const date = daysAhead(5 + days++);
    const first = await client();
    const second = await client();
    const a = await book(first.browser, online, { date, time: '10:00' });
    const b = await book(second.browser, online, { date, time: '12:00' });
    const answers = await Promise.all([
      first.browser.post(operations.move, {
        marketplaceId: online.marketplace,
        id: a.id,
        date,
        time: '15:00',
      }),
      second.browser.post(operations.move, {
        marketplaceId: online.marketplace,
        id: b.id,
        date,
        time: '15:00',
      }),
    ]);
    const codes = answers
      .flatMap((answer) => answer.body.errors ?? [])
      .map((error) => error.extensions?.code);
    expect(answers.filter((answer) => answer.body.data)).toHaveLength(1);
    expect(codes).toEqual(['SLOT_TAKEN']);
    expect(
      await count(
        `select count(*) as n from appointments where marketplace_id = 81 and status in ('PENDING', 'BOOKED')
           and starts_at = (timestamp '${date} 15:00' at time zone 'America/New_York')`,
      ),
    ).toBe(1);
  });
});
