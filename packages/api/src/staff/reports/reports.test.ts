// The owner's report of a period and its CSV exports: exact cents from real confirmations, refunds
// and a no-show, utilisation from the practitioners' hours, the period's rules and who may read it.
import { randomUUID } from 'node:crypto';
import { REPORT_PERIOD_MESSAGES } from '@atrium/domain';
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
  operatorHeaders,
  TestBrowser,
} from '../../test/checkout';
import { testDatabases } from '../../test/databases';
import { signedInStaff } from '../../test/staff';
import { atHomeName } from './utilisation';

const marketplace = ids(83);
const operations = {
  report: /* GraphQL */ `
    query StaffReport($marketplaceId: ID!, $from: String!, $to: String!) {
      staffReport(marketplaceId: $marketplaceId, from: $from, to: $to) {
        from to timeZone
        bookings { total pending booked complete cancelled noShow }
        collected refunded net noShowRate
        days { date appointments collected refunded net }
        practitioners { id name bookedMinutes workingMinutes utilisation }
        clinics { id name bookedMinutes workingMinutes utilisation }
      }
    }`,
  appointments: /* GraphQL */ `
    query StaffReportAppointmentsCsv($marketplaceId: ID!, $from: String!, $to: String!) {
      staffReportAppointmentsCsv(marketplaceId: $marketplaceId, from: $from, to: $to)
    }`,
  payments: /* GraphQL */ `
    query StaffReportPaymentsCsv($marketplaceId: ID!, $from: String!, $to: String!) {
      staffReportPaymentsCsv(marketplaceId: $marketplaceId, from: $from, to: $to)
    }`,
};

interface Report {
  staffReport: {
    collected: number;
    refunded: number;
    net: number;
    days: { date: string; collected: number; refunded: number }[];
    [field: string]: unknown;
  };
}

// The period: two days three weeks ahead (bookable now), and the day after it for a visit outside it.
const first = daysAhead(20);
const second = daysAhead(21);
const after = daysAhead(22);
const period = { marketplaceId: marketplace.marketplace, from: first, to: second };

/** CSV text as rows of cells (these exports hold no comma, quote or line break inside a cell). */
const rowsOf = (csv: string) =>
  csv
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\n')
    .map((line) => line.split(','));

/** Dollars as a CSV writes them ('45.50') back to cents, without floating point. */
const cents = (dollars: string) => Number(dollars.replace('.', ''));

describe.each(testDatabases)('the owner’s reports on $name', (factory) => {
  let context: CheckoutTestContext;
  let owner: TestBrowser;
  let client: TestBrowser;
  const visits = { booked: '', complete: '', cancelled: '', noShow: '', pending: '' };

  /** A Shot ($45.50, 30 min) at the clinic, paid on confirmation, by the client with a new card. */
  const book = async (date: string, time: string, where = marketplace) => {
    const { createAppointmentRequest } = await client.data<{ createAppointmentRequest: { id: string } }>(
      checkoutOperations.book,
      {
        input: {
          marketplaceId: where.marketplace,
          idempotencyKey: randomUUID(),
          organizationId: where.clinic,
          procedures: [where.shot],
          dateRanges: at(date, time),
          paymentMethod: await newCard(client),
        },
      },
    );
    return createAppointmentRequest.id;
  };
  const operator = async (action: 'confirm' | 'cancel', id: string) => {
    const response = await client.post(checkoutOperations[action], { id }, operatorHeaders);
    expect(response.body.errors).toBeUndefined();
  };
  const paymentOf = async (appointmentId: string) => {
    const [row] = await context.sql<{ id: number }>(
      `select id from appointment_payments where appointment_id = $1 and status = 'succeeded'`,
      [Number(appointmentId)],
    );
    return row?.id;
  };
  const refund = (paymentId: number | undefined, amount: number, status: string, extra = '') =>
    context.sql(
      `insert into appointment_refunds (appointment_payment_id, amount_cents, idempotency_key, status,
                                        processor_reference, failure_reason, actor, created_at)
         values ($1, $2, $3, $4, $5, $6, 'owner@report.example', now() + interval '1 hour')`,
      [
        paymentId,
        amount,
        randomUUID(),
        status,
        `re_test_${amount}${extra}`,
        status === 'failed' ? 'Declined.' : null,
      ],
    );

  beforeAll(async () => {
    context = await createCheckoutTestContext(factory);
    owner = await signedInStaff(context, { marketplaceId: 83, email: 'owner@report.example', role: 'owner' });
    ({ browser: client } = await signedInClient(context.app, '83', 'ava@report.example'));
    // A name a spreadsheet would take for a formula.
    await context.sql(
      `update users set given_name = '=Ava', family_name = 'Lee' where email = 'ava@report.example'`,
    );

    visits.booked = await book(first, '10:00');
    visits.complete = await book(first, '11:00');
    visits.cancelled = await book(first, '13:00');
    visits.noShow = await book(second, '10:00');
    visits.pending = await book(second, '11:00');
    const later = await book(after, '10:00');
    const elsewhere = await book(first, '10:00', ids(81));
    for (const id of [visits.booked, visits.complete, visits.noShow, later, elsewhere])
      await operator('confirm', id);
    await operator('cancel', visits.cancelled);

    // A partial refund of the booked visit's charge (a pending and a failed one count for nothing), and
    // the completed visit's charge refunded in full by the processor, without a refund row of its own.
    const bookedPayment = await paymentOf(visits.booked);
    await refund(bookedPayment, 1050, 'succeeded');
    await refund(bookedPayment, 500, 'pending');
    await refund(bookedPayment, 700, 'failed');
    await context.sql(
      `update appointment_payments set status = 'refunded', updated_at = now() + interval '2 hours'
        where appointment_id = $1`,
      [Number(visits.complete)],
    );
    await context.sql(`update appointments set status = 'COMPLETE', completed_at = now() where id = $1`, [
      Number(visits.complete),
    ]);
    await context.sql(`update appointments set status = 'NO_SHOW' where id = $1`, [Number(visits.noShow)]);
    // A declined attempt at the pending visit took nothing.
    await context.sql(
      `insert into appointment_payments (appointment_id, processor, amount_cents, idempotency_key, status, failure_reason)
         values ($1, 'sandbox', 4550, $2, 'failed', 'Your card was declined.')`,
      [Number(visits.pending), randomUUID()],
    );

    // Ada (clinic, 09:00-17:00 daily) takes the last hour of the first day off and works 10:00-12:00 on
    // the second; Cleo keeps her at-home hours (10:00-14:00).
    await context.sql(
      `insert into practitioner_time_off (practitioner_id, starts_at, ends_at)
         values (831, ($1 || ' 16:00')::timestamp at time zone 'America/New_York',
                      ($1 || ' 17:00')::timestamp at time zone 'America/New_York')`,
      [first],
    );
    await context.sql(
      `with changed as (
         insert into practitioner_day_changes (marketplace_id, practitioner_id, date) values (83, 831, $1::date) returning id
       )
       insert into practitioner_day_change_hours (marketplace_id, day_change_id, organization_id, start_minute, end_minute)
         select 83, id, 831, 600, 720 from changed`,
      [second],
    );
  });
  afterAll(() => context.handle.dispose());

  it('counts the bookings by status and the money of the period’s appointments, in exact cents', async () => {
    const { staffReport } = await owner.data<Report>(operations.report, period);
    expect(staffReport).toMatchObject({
      from: first,
      to: second,
      timeZone: 'America/New_York',
      bookings: { total: 5, pending: 1, booked: 1, complete: 1, cancelled: 1, noShow: 1 },
      // Three confirmations of $45.50; $10.50 refunded of one and another refunded in full.
      collected: 13650,
      refunded: 5600,
      net: 8050,
      // One no-show of two visits that were due.
      noShowRate: 0.5,
      days: [
        { date: first, appointments: 3, collected: 9100, refunded: 5600, net: 3500 },
        { date: second, appointments: 2, collected: 4550, refunded: 0, net: 4550 },
      ],
    });
  });

  it('works out utilisation from weekly hours, the changed day and time off', async () => {
    const { staffReport } = await owner.data<Report>(operations.report, period);
    // Ada: 7 hours on the first day (an hour off) and 2 on the second; four 30-minute visits held her
    // time (the cancelled one did not). Cleo: 4 hours a day at home, nothing booked.
    expect(staffReport.practitioners).toEqual([
      { id: '831', name: 'Ada 83', bookedMinutes: 120, workingMinutes: 540, utilisation: 120 / 540 },
      { id: '832', name: 'Cleo 83', bookedMinutes: 0, workingMinutes: 480, utilisation: 0 },
    ]);
    expect(staffReport.clinics).toEqual([
      { id: '831', name: 'Test Midtown 83', bookedMinutes: 120, workingMinutes: 540, utilisation: 120 / 540 },
      { id: null, name: atHomeName, bookedMinutes: 0, workingMinutes: 480, utilisation: 0 },
    ]);
  });

  it('has every day of a period without appointments, at zero, and no rate', async () => {
    const { staffReport } = await owner.data<Report>(operations.report, {
      ...period,
      from: '2020-02-28',
      to: '2020-03-01',
    });
    expect(staffReport).toMatchObject({
      bookings: { total: 0 },
      collected: 0,
      refunded: 0,
      net: 0,
      noShowRate: null,
      days: ['2020-02-28', '2020-02-29', '2020-03-01'].map((date) => ({
        date,
        appointments: 0,
        collected: 0,
        refunded: 0,
        net: 0,
      })),
    });
  });

  it('exports the appointments, their money adding up to the report’s, formulas defused', async () => {
    const { staffReportAppointmentsCsv: csv } = await owner.data<{ staffReportAppointmentsCsv: string }>(
      operations.appointments,
      period,
    );
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const line = (id: string, start: string, status: string, collected: string, refunded: string) =>
      [id, start, status, "'=Ava Lee", 'ava@report.example', 'Shot', 'Ada 83', 'Test Midtown 83', '45.50']
        .concat([collected, refunded])
        .join(',');
    expect(csv.replace(/^\uFEFF/, '').split('\n')).toEqual([
      'Appointment ID,Start (local time),Status,Client,Email,Services,Practitioner,Location,Total (USD),Collected (USD),Refunded (USD)',
      line(visits.booked, `${first} 10:00`, 'BOOKED', '45.50', '10.50'),
      line(visits.complete, `${first} 11:00`, 'COMPLETE', '45.50', '45.50'),
      line(visits.cancelled, `${first} 13:00`, 'CANCELLED', '0.00', '0.00'),
      line(visits.noShow, `${second} 10:00`, 'NO_SHOW', '45.50', '0.00'),
      line(visits.pending, `${second} 11:00`, 'PENDING', '0.00', '0.00'),
      '',
    ]);
    const rows = rowsOf(csv).slice(1);
    const { staffReport } = await owner.data<Report>(operations.report, period);
    expect(rows.reduce((total, row) => total + cents(row[9] ?? ''), 0)).toBe(staffReport.collected);
    expect(rows.reduce((total, row) => total + cents(row[10] ?? ''), 0)).toBe(staffReport.refunded);
  });

  it('exports each charge and refund once, the charges adding up to collected and the refunds to refunded', async () => {
    const { staffReportPaymentsCsv: csv } = await owner.data<{ staffReportPaymentsCsv: string }>(
      operations.payments,
      period,
    );
    const [header, ...rows] = rowsOf(csv);
    expect(header).toEqual([
      'ID',
      'Appointment ID',
      'Time (America/New_York)',
      'Kind',
      'Amount (USD)',
      'Status',
      'Processor reference',
      'Who',
    ]);
    for (const row of rows) expect(row[2]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    // Charges at confirmation, then the refund an hour later, then the full refund two hours later.
    expect(
      rows.map(([id, appointment, , kind, amount, status, , who]) => [
        kind,
        appointment,
        amount,
        status,
        who,
        id === '',
      ]),
    ).toEqual([
      ['charge', visits.booked, '45.50', 'succeeded', '', false],
      ['charge', visits.complete, '45.50', 'refunded', '', false],
      ['charge', visits.noShow, '45.50', 'succeeded', '', false],
      ['refund', visits.booked, '10.50', 'succeeded', 'owner@report.example', false],
      ['refund', visits.complete, '45.50', 'succeeded', '', true],
    ]);
    expect(rows[3]?.[6]).toBe('re_test_1050');
    expect(rows[0]?.[6]).toMatch(/^ch_sandbox_/);
    const sum = (kind: string) =>
      rows.filter((row) => row[3] === kind).reduce((total, row) => total + cents(row[4] ?? ''), 0);
    const { staffReport } = await owner.data<Report>(operations.report, period);
    expect([sum('charge'), sum('refund')]).toEqual([staffReport.collected, staffReport.refunded]);
  });

  it('refuses a period that is not one, with the console’s words', async () => {
    const refused = (from: string, to: string) => owner.error(operations.report, { ...period, from, to });
    expect(await refused('2026-02-30', '2026-03-01')).toEqual({
      code: 'BAD_USER_INPUT',
      message: 'Enter the first day of the period as a date (yyyy-MM-dd).',
    });
    expect(await refused('2026-03-01', 'yesterday')).toEqual({
      code: 'BAD_USER_INPUT',
      message: REPORT_PERIOD_MESSAGES.toInvalid,
    });
    expect(await refused('2026-03-02', '2026-03-01')).toEqual({
      code: 'BAD_USER_INPUT',
      message: 'The period must not end before it starts.',
    });
    expect(await refused('2026-01-01', '2027-01-02')).toEqual({
      code: 'BAD_USER_INPUT',
      message: 'A report covers at most 366 days; choose a shorter period.',
    });
    for (const query of [operations.appointments, operations.payments]) {
      expect(await owner.error(query, { ...period, from: second, to: first })).toEqual({
        code: 'BAD_USER_INPUT',
        message: REPORT_PERIOD_MESSAGES.order,
      });
    }
    // A leap year whole is 366 days: allowed.
    const { staffReport } = await owner.data<Report>(operations.report, {
      ...period,
      from: '2028-01-01',
      to: '2028-12-31',
    });
    expect(staffReport.days).toHaveLength(366);
  });

  it('is the owner’s alone: the front desk and practitioners are refused, and nobody signed out', async () => {
    const frontDesk = await signedInStaff(context, {
      marketplaceId: 83,
      email: 'desk@report.example',
      role: 'front_desk',
    });
    const practitioner = await signedInStaff(context, {
      marketplaceId: 83,
      email: 'ada@report.example',
      role: 'practitioner',
      practitionerId: 831,
    });
    for (const query of Object.values(operations)) {
      for (const member of [frontDesk, practitioner]) {
        expect(await member.error(query, period)).toEqual({
          code: 'FORBIDDEN',
          message: 'Your role does not allow this.',
        });
      }
      expect((await new TestBrowser(context.app).error(query, period)).code).toBe('UNAUTHENTICATED');
    }
  });
});
