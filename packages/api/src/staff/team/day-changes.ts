// One-off changes of a practitioner's day: on a date, the hours given replace their weekly hours at
// every location (no hours: the day is not worked). The owner and the front desk, as weekly hours.
import { formatTimeOfDay, TEAM_MESSAGES } from '@atrium/domain';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../kernel/database/database';
import { InvalidInputError, NotFoundError } from '../../kernel/errors';
import { practitionerDayChangeHours, practitionerDayChanges } from '../../scheduling';
import { changeAsStaff } from '../changes';
import type { TeamContext } from './team-context';
import { loadPractitioner, practitionerTimeZone, type TeamPractitionerView } from './team-read';
import { locationName, practitionerName } from './working-hours';

export interface DayHoursInput {
  practitionerId: number;
  /** yyyy-MM-dd */
  date: string;
  /** Minutes after local midnight at each location; clinicId null for at-home visits. */
  intervals: { clinicId: number | null; start: number; end: number }[];
}

/** A changed day's hours as the log and the section show them. */
export interface DayHoursView {
  clinicId: string | null;
  start: string;
  end: string;
}

const whereDay = (practitionerId: number, date: string) =>
  and(eq(practitionerDayChanges.practitionerId, practitionerId), eq(practitionerDayChanges.date, date));

/** The hours of the practitioner's change on `date`, or null when the day is not changed. */
async function dayHours(tx: Db, practitionerId: number, date: string): Promise<DayHoursView[] | null> {
  const [change] = await tx
    .select({ id: practitionerDayChanges.id })
    .from(practitionerDayChanges)
    .where(whereDay(practitionerId, date));
  if (!change) return null;
  const rows = await tx
    .select()
    .from(practitionerDayChangeHours)
    .where(eq(practitionerDayChangeHours.dayChangeId, change.id))
    .orderBy(asc(practitionerDayChangeHours.startMinute));
  return rows.map((row) => ({
    clinicId: row.organizationId === null ? null : String(row.organizationId),
    start: formatTimeOfDay(row.startMinute),
    end: formatTimeOfDay(row.endMinute),
  }));
}

/** Today's date in the practitioner's zone: a day already begun there may still change, not an earlier one. */
const todayIn = (now: Date, zone: string) => format(new TZDate(now.getTime(), zone), 'yyyy-MM-dd');

/** Sets the practitioner's hours on one date (replacing an earlier change of that date). */
export function setDayHours(
  context: TeamContext,
  marketplaceId: number,
  input: DayHoursInput,
): Promise<TeamPractitionerView> {
  return changeAsStaff(context, marketplaceId, 'editWorkingHours', 'practitioner.day-hours', async (tx) => {
    const name = await practitionerName(tx, marketplaceId, input.practitionerId);
    const zone = await practitionerTimeZone(tx, marketplaceId, input.practitionerId);
    if (input.date < todayIn(context.clock(), zone)) throw new InvalidInputError(TEAM_MESSAGES.dayPast);
    for (const clinicId of new Set(input.intervals.map((interval) => interval.clinicId))) {
      await locationName(tx, marketplaceId, clinicId, false);
    }
    const before = await dayHours(tx, input.practitionerId, input.date);
    await tx.delete(practitionerDayChanges).where(whereDay(input.practitionerId, input.date));
    const [change] = await tx
      .insert(practitionerDayChanges)
      .values({ marketplaceId, practitionerId: input.practitionerId, date: input.date })
      .returning({ id: practitionerDayChanges.id });
    const intervals = [...input.intervals].sort((a, b) => a.start - b.start);
    if (change && intervals.length > 0) {
      await tx.insert(practitionerDayChangeHours).values(
        intervals.map(({ clinicId, start, end }) => ({
          marketplaceId,
          dayChangeId: change.id,
          organizationId: clinicId,
          startMinute: start,
          endMinute: end,
        })),
      );
    }
    return {
      subject: `Hours of “${name}” on ${input.date}`,
      before: before === null ? null : { date: input.date, hours: before },
      after: { date: input.date, hours: await dayHours(tx, input.practitionerId, input.date) },
      result: await loadPractitioner(tx, marketplaceId, input.practitionerId, context.clock()),
    };
  });
}

/** Gives the practitioner their weekly hours on `date` again; NOT_FOUND when that day is not changed. */
export function clearDayHours(
  context: TeamContext,
  marketplaceId: number,
  practitionerId: number,
  date: string,
): Promise<TeamPractitionerView> {
  return changeAsStaff(
    context,
    marketplaceId,
    'editWorkingHours',
    'practitioner.day-hours.clear',
    async (tx) => {
      const name = await practitionerName(tx, marketplaceId, practitionerId);
      const before = await dayHours(tx, practitionerId, date);
      if (before === null) throw new NotFoundError(`No change of ${date} was found.`);
      await tx.delete(practitionerDayChanges).where(whereDay(practitionerId, date));
      return {
        subject: `Hours of “${name}” on ${date}`,
        before: { date, hours: before },
        after: null,
        result: await loadPractitioner(tx, marketplaceId, practitionerId, context.clock()),
      };
    },
  );
}
