// The period's appointments and their money as named parts of a statement (common table
// expressions): the report and both CSV exports are built on these same parts, so their totals agree.
import { type SQL, sql } from 'drizzle-orm';
import { periodEnd, periodStart, type ReportPeriod } from './report-period';

/** Charges that took the client's money: succeeded, or succeeded and later refunded in full. */
const collectedStatuses = sql`('succeeded', 'refunded')`;

/**
 * `period_appointments` (the marketplace's appointments starting in the period, with their local
 * day: a range of the (marketplace_id, starts_at) index), `collected_charges` (their charges that
 * took money), `refund_rows` (succeeded refunds of those), `refund_totals` (per charge) and
 * `charge_money` (each charge's collected and refunded cents).
 *
 * A charge marked refunded counts as refunded in full even where its refund has no row of its own
 * (refunded before refunds were itemised, or when a confirmation found its appointment cancelled):
 * `unitemised_refunds` holds what of it no row covers.
 */
export function periodMoneyParts(period: ReportPeriod): SQL[] {
  return [
    sql`period_appointments as (
      select a.id, a.status, (a.starts_at at time zone ${period.timeZone})::date as day
      from appointments a
      where a.marketplace_id = ${period.marketplaceId}
        and a.starts_at >= ${periodStart(period)} and a.starts_at < ${periodEnd(period)}
    )`,
    sql`collected_charges as (
      select p.id, p.appointment_id, p.amount_cents, p.status, p.processor_reference, p.actor,
             p.created_at, p.updated_at
      from appointment_payments p
      join period_appointments pa on pa.id = p.appointment_id
      where p.status in ${collectedStatuses}
    )`,
    sql`refund_rows as (
      select r.id, r.appointment_payment_id, c.appointment_id, r.amount_cents, r.status,
             r.processor_reference, r.actor, r.created_at
      from appointment_refunds r
      join collected_charges c on c.id = r.appointment_payment_id
      where r.status = 'succeeded'
    )`,
    sql`refund_totals as (
      select appointment_payment_id, sum(amount_cents) as cents from refund_rows group by appointment_payment_id
    )`,
    sql`unitemised_refunds as (
      select c.id as appointment_payment_id, c.appointment_id, c.processor_reference, c.updated_at,
             c.amount_cents - coalesce(t.cents, 0) as amount_cents
      from collected_charges c
      left join refund_totals t on t.appointment_payment_id = c.id
      where c.status = 'refunded' and c.amount_cents > coalesce(t.cents, 0)
    )`,
    sql`charge_money as (
      select c.id, c.appointment_id, c.amount_cents as collected,
             coalesce(t.cents, 0) + coalesce(u.amount_cents, 0) as refunded
      from collected_charges c
      left join refund_totals t on t.appointment_payment_id = c.id
      left join unitemised_refunds u on u.appointment_payment_id = c.id
    )`,
  ];
}

/** `with` the money parts and any more, then the statement's own select. */
export const withPeriodMoney = (period: ReportPeriod, more: SQL[], select: SQL): SQL =>
  sql`with ${sql.join([...periodMoneyParts(period), ...more], sql`, `)} ${select}`;
