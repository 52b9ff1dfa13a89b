// Staff move appointments: the times offered per practitioner, the move (its mail and updated
// invitation, the activity log), its refusals, and two desks moving two appointments into one time.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  at,
  type CheckoutTestContext,
  checkoutOperations,
  createCheckoutTestContext,
  daysAhead,
  guest,
  ids,
  TestBrowser,
} from '../test/checkout';
import { testDatabases } from '../test/databases';
import { mailbox } from '../test/identity';
import { signedInStaff, staffOperations } from '../test/staff';

const clinic = ids(80);

const operations = {
  options: /* GraphQL */ `
    query Options($marketplaceId: ID!, $id: ID!, $date: String!) {
      staffRescheduleOptions(marketplaceId: $marketplaceId, id: $id, date: $date) {
        timeZone practitioners { practitioner { id name } times }
      }
    }`,
  move: /* GraphQL */ `
    mutation Move($marketplaceId: ID!, $id: ID!, $date: String!, $time: String!, $practitionerId: ID!) {
      staffRescheduleAppointment(marketplaceId: $marketplaceId, id: $id, date: $date, time: $time,
                                 practitionerId: $practitionerId) { id status charged failureReason }
    }`,
};

describe.each(testDatabases)('staff rescheduling on $name', (factory) => {
  let context: CheckoutTestContext;
  let desk: TestBrowser;
  let owner: TestBrowser;
  let clients = 0;

  const request = async (date: string, time: string) => {
    const browser = new TestBrowser(context.app);
    const email = `moved${++clients}@example.com`;
    const { createAppointmentRequest } = await browser.data<{ createAppointmentRequest: { id: string } }>(
      checkoutOperations.book,
      {
        input: {
          marketplaceId: clinic.marketplace,
          idempotencyKey: randomUUID(),
          organizationId: clinic.clinic,
          procedures: [clinic.shot],
          dateRanges: at(date, time),
          registerUser: guest(email),
        },
      },
    );
    return { id: createAppointmentRequest.id, email };
  };
  const move = (browser: TestBrowser, id: string, date: string, time: string, practitionerId = '801') =>
    browser.post<{ staffRescheduleAppointment: { status: string } }>(operations.move, {
      marketplaceId: clinic.marketplace,
      id,
      date,
      time,
      practitionerId,
    });
  const slotOf = async (id: string) =>
    (
      await context.sql<{ local: string; practitioner_id: number; calendar_sequence: number }>(
        `select to_char(starts_at at time zone 'America/New_York', 'YYYY-MM-DD HH24:MI') as local,
                practitioner_id, calendar_sequence
           from appointments where id = $1`,
        [Number(id)],
      )
    )[0];

  beforeAll(async () => {
    context = await createCheckoutTestContext(factory);
    // Cleo (802) also works at the clinic, from noon.
    await context.sql(
      `insert into practitioner_working_hours (marketplace_id, practitioner_id, organization_id, weekday, start_minute, end_minute)
         select 80, 802, 801, d, 720, 1020 from generate_series(1, 7) d`,
    );
    desk = await signedInStaff(context, { marketplaceId: 80, email: 'desk@move.test', role: 'front_desk' });
    owner = await signedInStaff(context, { marketplaceId: 80, email: 'owner@move.test', role: 'owner' });
  });
  afterAll(() => context.handle.dispose());

  it('offers each practitioner’s free times, the appointment’s own time among them', async () => {
    const date = daysAhead(9);
    const { id } = await request(date, '10:00');
    const { staffRescheduleOptions } = await desk.data<{
      staffRescheduleOptions: {
        timeZone: string;
        practitioners: { practitioner: { id: string }; times: string[] }[];
      };
    }>(operations.options, { marketplaceId: clinic.marketplace, id, date });
    expect(staffRescheduleOptions.timeZone).toBe('America/New_York');
    const [ada, cleo] = staffRescheduleOptions.practitioners.sort((a, b) =>
      a.practitioner.id.localeCompare(b.practitioner.id),
    );
    expect(ada?.practitioner.id).toBe('801');
    expect(ada?.times).toContain('10:00');
    expect(ada?.times[0]).toBe('09:00');
    expect(cleo?.times[0]).toBe('12:00');
  });

  it('frees the moved appointment’s own time when another follows straight on', async () => {
    // Availability reads the two as one held span; only the moved one's part of it is freed.
    const date = daysAhead(15);
    const first = await request(date, '10:00');
    const [{ ends = '' } = {}] = await context.sql<{ ends: string }>(
      `select to_char(ends_at at time zone 'America/New_York', 'HH24:MI') as ends from appointments where id = $1`,
      [Number(first.id)],
    );
    const second = await request(date, ends);
    expect((await slotOf(second.id))?.practitioner_id).toBe(801);
    const { staffRescheduleOptions } = await desk.data<{
      staffRescheduleOptions: { practitioners: { practitioner: { id: string }; times: string[] }[] };
    }>(operations.options, { marketplaceId: clinic.marketplace, id: first.id, date });
    const ada = staffRescheduleOptions.practitioners.find((option) => option.practitioner.id === '801');
    expect(ada?.times).toEqual(expect.arrayContaining(['09:45', '10:00']));
    expect(ada?.times).not.toContain(ends);

    const moved = await move(desk, first.id, date, '09:45');
    expect(moved.body.data?.staffRescheduleAppointment).toMatchObject({ status: 'PENDING' });
    expect(await slotOf(first.id)).toMatchObject({ local: `${date} 09:45`, practitioner_id: 801 });
  });

  it('moves a booked appointment to another practitioner, mailing the updated invitation, and logs who did it', async () => {
    const date = daysAhead(10);
    const { id, email } = await request(date, '10:00');
    await desk.data(staffOperations.confirm, { marketplaceId: clinic.marketplace, id });
    const moved = await move(desk, id, date, '14:30', '802');
    expect(moved.body.data?.staffRescheduleAppointment).toMatchObject({ status: 'BOOKED' });
    expect(await slotOf(id)).toEqual({ local: `${date} 14:30`, practitioner_id: 802, calendar_sequence: 1 });

    const [mail] = await mailbox(context.app, email);
    expect(mail?.subject).toBe('Checkout Test 80: your appointment was moved');
    expect(mail?.text).toContain('With Cleo 80');
    const invitation = mail?.attachments[0]?.content ?? '';
    expect(invitation).toContain('METHOD:REQUEST');
    expect(invitation).toContain('SEQUENCE:1');
    const [logged] = await context.sql<{ actor: string; action: string; after: { practitionerId: number } }>(
      `select actor, action, after from activity_log where action = 'appointment.reschedule' and subject = $1`,
      [`Appointment ${id}`],
    );
    expect(logged).toMatchObject({ actor: 'desk@move.test', after: { practitionerId: 802 } });
  });

  it('refuses a time the practitioner is not free, one in the past, and a cancelled appointment', async () => {
    const date = daysAhead(11);
    const { id } = await request(date, '10:00');
    expect(
      await desk.error(operations.move, {
        marketplaceId: '80',
        id,
        date,
        time: '20:00',
        practitionerId: '801',
      }),
    ).toEqual({
      code: 'BAD_USER_INPUT',
      message: 'That practitioner is not free for the whole visit then. Choose one of the times offered.',
    });
    expect(
      await desk.error(operations.move, {
        marketplaceId: '80',
        id,
        date: daysAhead(-1),
        time: '10:00',
        practitionerId: '801',
      }),
    ).toEqual({ code: 'BAD_USER_INPUT', message: 'Choose a time that has not passed.' });
    await desk.data(staffOperations.cancel, { marketplaceId: '80', id, reason: 'Moved away' });
    expect(
      await desk.error(operations.move, {
        marketplaceId: '80',
        id,
        date,
        time: '11:00',
        practitionerId: '801',
      }),
    ).toEqual({
      code: 'BAD_USER_INPUT',
      message: 'Only a pending request or a booked appointment can be moved.',
    });
  });

  it('lets only one of two desks move two appointments into the same time', async () => {
    const date = daysAhead(12);
    const first = await request(date, '10:00');
    const second = await request(date, '11:00');
    const answers = await Promise.all([
      move(desk, first.id, date, '15:00'),
      move(owner, second.id, date, '15:00'),
    ]);
    const done = answers.filter((answer) => answer.body.data?.staffRescheduleAppointment);
    const refused = answers
      .flatMap((answer) => answer.body.errors ?? [])
      .map((error) => error.extensions?.code);
    expect(done).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(['SLOT_TAKEN', 'BAD_USER_INPUT']).toContain(refused[0]);
    const [{ n } = { n: 0 }] = await context.sql<{ n: number }>(
      `select count(*)::int as n from appointments
        where practitioner_id = 801 and status in ('PENDING', 'BOOKED')
          and starts_at = (timestamp '${date} 15:00' at time zone 'America/New_York')`,
    );
    expect(n).toBe(1);
  });

  it('is the owner’s and the front desk’s, not a practitioner’s', async () => {
    const date = daysAhead(13);
    const { id } = await request(date, '10:00');
    const practitioner = await signedInStaff(context, {
      marketplaceId: 80,
      email: 'ada@move.test',
      role: 'practitioner',
      practitionerId: 801,
    });
    expect(
      await practitioner.error(operations.move, {
        marketplaceId: '80',
        id,
        date,
        time: '11:00',
        practitionerId: '801',
      }),
    ).toMatchObject({ code: 'FORBIDDEN' });
    expect(await practitioner.error(operations.options, { marketplaceId: '80', id, date })).toMatchObject({
      code: 'FORBIDDEN',
    });
    const other = await signedInStaff(context, {
      marketplaceId: 81,
      email: 'desk81@move.test',
      role: 'front_desk',
    });
    expect(await other.error(operations.options, { marketplaceId: '81', id, date })).toEqual({
      code: 'NOT_FOUND',
      message: `Appointment ${id} was not found.`,
    });
  });
});
