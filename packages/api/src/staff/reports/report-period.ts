// Which period a report covers: the owner's local dates, checked, in the marketplace's zone.
import { reportPeriodProblem } from '@atrium/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/database/database';
import { InvalidInputError } from '../../kernel/errors';
import { requireStaff, type StaffContext } from '../access';

/** A marketplace without a zone of its own or a clinic is read as the demo's, like its team's hours. */
const fallbackTimeZone = 'America/New_York';

export interface ReportPeriod {
  marketplaceId: number;
  /** Local dates (yyyy-MM-dd), both included. */
  from: string;
  to: string;
  /** The marketplace's IANA zone: its setup's, else its first clinic's. */
  timeZone: string;
}

export interface ReportPeriodInput {
  marketplaceId: number;
  from: string;
  to: string;
}

/**
 * The owner's period, once the guard allowed them: BAD_USER_INPUT (with the console's words) for a
 * date that is not one, a period that ends before it starts or one longer than 366 days.
 */
export async function reportPeriod(context: StaffContext, input: ReportPeriodInput): Promise<ReportPeriod> {
  await requireStaff(context, input.marketplaceId, 'viewReports');
  const problem = reportPeriodProblem(input.from, input.to);
  if (problem) throw new InvalidInputError(problem);
  return { ...input, timeZone: await marketplaceTimeZone(context.db, input.marketplaceId) };
}

async function marketplaceTimeZone(db: Db, marketplaceId: number): Promise<string> {
  const { rows } = (await db.execute(sql`
    select coalesce(
      (select s.time_zone from marketplace_setups s where s.marketplace_id = ${marketplaceId}),
      (select c.time_zone from clinics c where c.marketplace_id = ${marketplaceId} order by c.position, c.id limit 1)
    ) as zone`)) as unknown as { rows: { zone: string | null }[] };
  return rows[0]?.zone ?? fallbackTimeZone;
}

/** The instant the period starts: local midnight of its first day in `zone`. */
export const periodStart = (period: ReportPeriod, zone: SQL | string = period.timeZone) =>
  sql`((${period.from}::date)::timestamp at time zone ${zone})`;

/** The instant the period ends (excluded): local midnight after its last day in `zone`. */
export const periodEnd = (period: ReportPeriod, zone: SQL | string = period.timeZone) =>
  sql`((${period.to}::date + 1)::timestamp at time zone ${zone})`;
