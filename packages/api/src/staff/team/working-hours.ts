// A practitioner's weekly hours at one location, replaced as a whole: what availability reads.
import { overlappingIntervals, type WeeklyInterval } from '@atrium/domain';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { clinics } from '../../catalogue';
import type { Db } from '../../kernel/database/database';
import { InvalidInputError, NotFoundError } from '../../kernel/errors';
import { marketplaces } from '../../kernel/tables';
import { practitioners, practitionerWorkingHours } from '../../scheduling';
import { changeAsStaff } from '../changes';
import type { TeamContext } from './team-context';
import { HoursOverlapError, teamMessages } from './team-errors';
import { loadPractitioner, type TeamPractitionerView } from './team-read';

const weekdays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

export interface WorkingHoursInput {
  practitionerId: number;
  /** The clinic, or null for at-home visits. */
  clinicId: number | null;
  intervals: { weekday: number; start: number; end: number }[];
}

/** The practitioner's name, NOT_FOUND when not the marketplace's (or, asked for `active`, archived). */
export async function practitionerName(
  tx: Db,
  marketplaceId: number,
  id: number,
  { active = false }: { active?: boolean } = {},
): Promise<string> {
  const [row] = await tx
    .select({ name: practitioners.name })
    .from(practitioners)
    .where(
      and(
        eq(practitioners.id, id),
        eq(practitioners.marketplaceId, marketplaceId),
        active ? eq(practitioners.active, true) : undefined,
      ),
    );
  if (!row) throw new NotFoundError(`Practitioner ${id} was not found.`);
  return row.name;
}

/** The location's name as the log and messages say it; NOT_FOUND for a clinic not the marketplace's. */
export async function locationName(
  tx: Db,
  marketplaceId: number,
  clinicId: number | null,
  clearing: boolean,
): Promise<string> {
  // Hours at home left from before the marketplace stopped home visits may still be cleared.
  if (clinicId === null && clearing) return 'at-home';
  if (clinicId === null) {
    const [row] = await tx
      .select({ providesAtHome: marketplaces.providesAtHome })
      .from(marketplaces)
      .where(eq(marketplaces.id, marketplaceId));
    if (!row?.providesAtHome) throw new InvalidInputError(teamMessages.noAtHome);
    return 'at-home';
  }
  const [row] = await tx
    .select({ name: clinics.name })
    .from(clinics)
    .where(and(eq(clinics.id, clinicId), eq(clinics.marketplaceId, marketplaceId)));
  if (!row) throw new NotFoundError(`Clinic ${clinicId} was not found.`);
  return row.name;
}

/** HOURS_OVERLAP when a new interval overlaps the practitioner's hours at another location. */
async function refuseOverlapElsewhere(tx: Db, input: WorkingHoursInput, intervals: WeeklyInterval[]) {
  const elsewhere = await tx
    .select({
      weekday: practitionerWorkingHours.weekday,
      startMinute: practitionerWorkingHours.startMinute,
      endMinute: practitionerWorkingHours.endMinute,
      clinicId: practitionerWorkingHours.organizationId,
      clinicName: clinics.name,
    })
    .from(practitionerWorkingHours)
    .leftJoin(clinics, eq(clinics.id, practitionerWorkingHours.organizationId))
    .where(eq(practitionerWorkingHours.practitionerId, input.practitionerId));
  const others = elsewhere.filter((row) => row.clinicId !== input.clinicId);
  const overlaps = overlappingIntervals([...intervals, ...others]);
  const clash = [...overlaps].find((index) => index >= intervals.length);
  const other = clash === undefined ? undefined : others[clash - intervals.length];
  if (other) {
    const where = other.clinicName ?? 'at-home';
    throw new HoursOverlapError(teamMessages.hoursOverlap(where, weekdays[other.weekday - 1] ?? ''));
  }
}

const whereLocation = (input: WorkingHoursInput) =>
  and(
    eq(practitionerWorkingHours.practitionerId, input.practitionerId),
    input.clinicId === null
      ? isNull(practitionerWorkingHours.organizationId)
      : eq(practitionerWorkingHours.organizationId, input.clinicId),
  );

/** Replaces the practitioner's week at the location with `input.intervals` (already checked alone). */
export function setWorkingHours(
  context: TeamContext,
  marketplaceId: number,
  input: WorkingHoursInput,
): Promise<TeamPractitionerView> {
  return changeAsStaff(context, marketplaceId, 'editWorkingHours', 'practitioner.hours', async (tx) => {
    const name = await practitionerName(tx, marketplaceId, input.practitionerId);
    const location = await locationName(tx, marketplaceId, input.clinicId, input.intervals.length === 0);
    const intervals = input.intervals
      .map(({ weekday, start, end }) => ({ weekday, startMinute: start, endMinute: end }))
      .sort((a, b) => a.weekday - b.weekday || a.startMinute - b.startMinute);
    await refuseOverlapElsewhere(tx, input, intervals);
    const before = await tx
      .select({
        weekday: practitionerWorkingHours.weekday,
        startMinute: practitionerWorkingHours.startMinute,
        endMinute: practitionerWorkingHours.endMinute,
      })
      .from(practitionerWorkingHours)
      .where(whereLocation(input))
      .orderBy(asc(practitionerWorkingHours.weekday), asc(practitionerWorkingHours.startMinute));
    await tx.delete(practitionerWorkingHours).where(whereLocation(input));
    if (intervals.length > 0) {
      await tx.insert(practitionerWorkingHours).values(
        intervals.map((interval) => ({
          marketplaceId,
          practitionerId: input.practitionerId,
          organizationId: input.clinicId,
          ...interval,
        })),
      );
    }
    return {
      subject: `Hours of “${name}” (${location})`,
      before,
      after: intervals,
      result: await loadPractitioner(tx, marketplaceId, input.practitionerId, context.clock()),
    };
  });
}
