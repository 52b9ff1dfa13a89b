// The owner's report of a period: bookings by status, money by day, the no-show rate and utilisation.
import type { StaffContext } from '../access';
import { periodBookings, periodDays, type ReportBookings, type ReportDay } from './report-figures';
import { type ReportPeriodInput, reportPeriod } from './report-period';
import { periodUtilisation, type ReportUtilisation } from './utilisation';

export interface StaffReportView {
  from: string;
  to: string;
  timeZone: string;
  bookings: ReportBookings;
  collected: number;
  refunded: number;
  net: number;
  noShowRate: number | null;
  days: ReportDay[];
  practitioners: ReportUtilisation[];
  clinics: ReportUtilisation[];
}

/** No-shows over the visits that were due and ended one way or the other; null when none were. */
const noShowRate = ({ complete, noShow }: ReportBookings) =>
  complete + noShow === 0 ? null : noShow / (complete + noShow);

/**
 * The report (owner only: `viewReports`): a few statements (one more per clinic for its working
 * hours), each aggregating the period's rows in the database; totals are the days' sums, in cents.
 */
export async function staffReport(context: StaffContext, input: ReportPeriodInput): Promise<StaffReportView> {
  const period = await reportPeriod(context, input);
  const { db } = context;
  const [bookings, days, utilisation] = await Promise.all([
    periodBookings(db, period),
    periodDays(db, period),
    periodUtilisation(db, period),
  ]);
  const collected = days.reduce((total, day) => total + day.collected, 0);
  const refunded = days.reduce((total, day) => total + day.refunded, 0);
  return {
    from: period.from,
    to: period.to,
    timeZone: period.timeZone,
    bookings,
    collected,
    refunded,
    net: collected - refunded,
    noShowRate: noShowRate(bookings),
    days,
    ...utilisation,
  };
}
