// The report's CSV exports: the period's appointments and its money, one row each, built on the
// same statement parts as the report so that their columns add up to its totals.
import { centsAsDollarsText } from '@atrium/domain';
import { stringify } from 'csv-stringify/sync';
import { sql } from 'drizzle-orm';
import type { StaffContext } from '../access';
import { withPeriodMoney } from './period-money';
import { rowsOf } from './report-figures';
import { type ReportPeriodInput, reportPeriod } from './report-period';

type Cell = string | number | null;

/**
 * CSV text: a header row, then the rows. Quoting is the library's; a cell starting with = + - @ (or a
 * tab or carriage return) gets a leading quote, so a spreadsheet never runs a client's name as a
 * formula. The byte order mark tells spreadsheets the text is UTF-8.
 */
function csv(columns: { key: string; header: string }[], rows: Record<string, Cell>[]): string {
  return stringify(rows, { header: true, columns, bom: true, escape_formulas: true });
}

const dollars = (cents: number | string | null) => (cents === null ? '' : centsAsDollarsText(Number(cents)));

interface AppointmentRow extends Record<string, Cell> {
  id: number;
  start: string;
  status: string;
  client: string;
  email: string | null;
  services: string | null;
  practitioner: string;
  location: string;
  total: number | null;
  collected: string;
  refunded: string;
}

/**
 * The period's appointments by start: the start in the visit's own zone, the client, the services in
 * the order asked for, where, and the request's total with what was collected and refunded of it.
 */
export async function appointmentsCsv(context: StaffContext, input: ReportPeriodInput): Promise<string> {
  const period = await reportPeriod(context, input);
  const rows = await rowsOf<AppointmentRow>(
    context.db,
    withPeriodMoney(
      period,
      [
        sql`appointment_money as (
          select appointment_id, sum(collected) as collected, sum(refunded) as refunded
          from charge_money group by appointment_id
        )`,
        sql`services as (
          select r.appointment_id, string_agg(p.name, '; ' order by rp.position) as names
          from appointment_requests r
          join appointment_request_procedures rp on rp.request_id = r.id
          join procedures p on p.id = rp.procedure_id
          where r.appointment_id in (select id from period_appointments)
          group by r.appointment_id
        )`,
      ],
      sql`
        select a.id,
               to_char(a.starts_at at time zone coalesce(r.time_zone, c.time_zone, ${period.timeZone}::text),
                       'YYYY-MM-DD HH24:MI') as start,
               a.status,
               btrim(concat_ws(' ', u.given_name, u.family_name)) as client,
               u.email,
               s.names as services,
               pr.name as practitioner,
               coalesce(c.name, 'At home, ' || a.address) as location,
               r.total_cents as total,
               coalesce(m.collected, 0)::text as collected,
               coalesce(m.refunded, 0)::text as refunded
        from period_appointments pa
        join appointments a on a.id = pa.id
        join practitioners pr on pr.id = a.practitioner_id
        left join appointment_requests r on r.appointment_id = a.id
        left join users u on u.id = coalesce(r.client_user_id, a.client_user_id)
        left join clinics c on c.id = a.organization_id
        left join services s on s.appointment_id = a.id
        left join appointment_money m on m.appointment_id = a.id
        order by a.starts_at, a.id`,
    ),
  );
  return csv(
    [
      { key: 'id', header: 'Appointment ID' },
      { key: 'start', header: 'Start (local time)' },
      { key: 'status', header: 'Status' },
      { key: 'client', header: 'Client' },
      { key: 'email', header: 'Email' },
      { key: 'services', header: 'Services' },
      { key: 'practitioner', header: 'Practitioner' },
      { key: 'location', header: 'Location' },
      { key: 'total', header: 'Total (USD)' },
      { key: 'collected', header: 'Collected (USD)' },
      { key: 'refunded', header: 'Refunded (USD)' },
    ],
    rows.map((row) => ({
      ...row,
      total: dollars(row.total),
      collected: dollars(row.collected),
      refunded: dollars(row.refunded),
    })),
  );
}

interface PaymentRow extends Record<string, Cell> {
  id: number | null;
  appointment_id: number;
  time: string;
  kind: 'charge' | 'refund';
  amount: number;
  status: string;
  processor_reference: string | null;
  who: string | null;
}

/**
 * The money of the period's appointments in time order: each charge that took money and each refund
 * of one, at its time in the marketplace's zone. A refund the processor made of a whole charge without
 * a refund row of its own is a row without an id, at the time the charge was marked refunded.
 */
export async function paymentsCsv(context: StaffContext, input: ReportPeriodInput): Promise<string> {
  const period = await reportPeriod(context, input);
  const local = (column: string) =>
    sql`to_char(${sql.raw(column)} at time zone ${period.timeZone}, 'YYYY-MM-DD HH24:MI:SS')`;
  const rows = await rowsOf<PaymentRow>(
    context.db,
    withPeriodMoney(
      period,
      [],
      sql`
        select id, appointment_id, time, kind, amount, status, processor_reference, who from (
          select id, appointment_id, created_at as at, ${local('created_at')} as time, 'charge' as kind,
                 amount_cents as amount, status, processor_reference, actor as who
          from collected_charges
          union all
          select id, appointment_id, created_at, ${local('created_at')}, 'refund', amount_cents, status,
                 processor_reference, actor
          from refund_rows
          union all
          select null, appointment_id, updated_at, ${local('updated_at')}, 'refund', amount_cents, 'succeeded',
                 processor_reference, null
          from unitemised_refunds
        ) money
        order by at, kind, id`,
    ),
  );
  return csv(
    [
      { key: 'id', header: 'ID' },
      { key: 'appointment_id', header: 'Appointment ID' },
      { key: 'time', header: `Time (${period.timeZone})` },
      { key: 'kind', header: 'Kind' },
      { key: 'amount', header: 'Amount (USD)' },
      { key: 'status', header: 'Status' },
      { key: 'processor_reference', header: 'Processor reference' },
      { key: 'who', header: 'Who' },
    ],
    rows.map((row) => ({ ...row, amount: dollars(row.amount) })),
  );
}
