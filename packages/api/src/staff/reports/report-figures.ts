// The report's bookings and money: aggregated in the database, one row per status and per day.
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/database/database';
import type { AppointmentStatus } from '../../scheduling';
import { withPeriodMoney } from './period-money';
import type { ReportPeriod } from './report-period';

export interface ReportBookings {
  total: number;
  pending: number;
  booked: number;
  complete: number;
  cancelled: number;
  noShow: number;
}

export interface ReportDay {
  date: string;
  appointments: number;
  collected: number;
  refunded: number;
  net: number;
}

/** The rows of a raw statement: both drivers (node-postgres and PGlite) answer with { rows }. */
export async function rowsOf<Row>(db: Db, statement: SQL): Promise<Row[]> {
  const { rows } = (await db.execute(statement)) as unknown as { rows: Row[] };
  return rows;
}

/** How many of the period's appointments are in each status. */
export async function periodBookings(db: Db, period: ReportPeriod): Promise<ReportBookings> {
  const rows = await rowsOf<{ status: AppointmentStatus; count: number }>(
    db,
    withPeriodMoney(
      period,
      [],
      sql`select status, count(*)::int as count from period_appointments group by status`,
    ),
  );
  const count = (status: AppointmentStatus) => rows.find((row) => row.status === status)?.count ?? 0;
  return {
    total: rows.reduce((total, row) => total + row.count, 0),
    pending: count('PENDING'),
    booked: count('BOOKED'),
    complete: count('COMPLETE'),
    cancelled: count('CANCELLED'),
    noShow: count('NO_SHOW'),
  };
}

/**
 * Every day of the period, in order, with its appointments and their money (cents). Sums are read as
 * text: the drivers answer a bigint differently, and a day's cents fit a number exactly.
 */
export async function periodDays(db: Db, period: ReportPeriod): Promise<ReportDay[]> {
  const rows = await rowsOf<{ date: string; appointments: number; collected: string; refunded: string }>(
    db,
    withPeriodMoney(
      period,
      [
        sql`day_appointments as (select day, count(*) as appointments from period_appointments group by day)`,
        sql`day_money as (
          select pa.day, sum(m.collected) as collected, sum(m.refunded) as refunded
          from charge_money m join period_appointments pa on pa.id = m.appointment_id
          group by pa.day
        )`,
      ],
      sql`
        select to_char(d.day, 'YYYY-MM-DD') as date,
               coalesce(da.appointments, 0)::int as appointments,
               coalesce(dm.collected, 0)::text as collected,
               coalesce(dm.refunded, 0)::text as refunded
        from generate_series(${period.from}::date, ${period.to}::date, interval '1 day') as d(day)
        left join day_appointments da on da.day = d.day::date
        left join day_money dm on dm.day = d.day::date
        order by d.day`,
    ),
  );
  return rows.map((row) => {
    const collected = Number(row.collected);
    const refunded = Number(row.refunded);
    return { date: row.date, appointments: row.appointments, collected, refunded, net: collected - refunded };
  });
}
