// What the console's Team section reads: practitioners with their services, weekly hours per location
// and time off, the locations they may work at and the services they may perform.
import { formatTimeOfDay } from '@atrium/domain';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { and, asc, eq, gt, gte, inArray, sql } from 'drizzle-orm';
import { clinics, procedures } from '../../catalogue';
import type { Db } from '../../kernel/database/database';
import { NotFoundError } from '../../kernel/errors';
import { marketplaces } from '../../kernel/tables';
import {
  practitionerDayChangeHours,
  practitionerDayChanges,
  practitionerProcedures,
  practitioners,
  practitionerTimeOff,
  practitionerWorkingHours,
} from '../../scheduling';
import { staffMembers } from '../tables';

/** The zone of a marketplace without clinics or a zone of its own (every demo marketplace's). */
const fallbackTimeZone = 'America/New_York';

export interface TeamPractitionerView {
  id: string;
  name: string;
  photoUrl: string | null;
  active: boolean;
  procedureIds: string[];
  hours: { clinicId: string | null; weekday: number; start: string; end: string }[];
  timeOff: {
    id: string;
    start: string;
    end: string;
    localStart: string;
    localEnd: string;
    reason: string | null;
  }[];
  /** One-off changes of days from today on (in their zone), soonest first. */
  dayChanges: { date: string; hours: { clinicId: string | null; start: string; end: string }[] }[];
  timeZone: string;
  hasMember: boolean;
}

export interface TeamLocationView {
  clinicId: string | null;
  name: string;
  timeZone: string | null;
}

/** Instants as the console enters them: 'yyyy-MM-ddTHH:mm' in `zone`. */
export const localDateTime = (instant: Date, zone: string) =>
  format(new TZDate(instant.getTime(), zone), "yyyy-MM-dd'T'HH:mm");

/** 'yyyy-MM-ddTHH:mm' in `zone` as an instant. */
export function instantOf(local: string, zone: string): Date {
  const [date = '', time = ''] = local.split('T');
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  return new Date(new TZDate(year ?? 0, (month ?? 1) - 1, day ?? 1, hour ?? 0, minute ?? 0, zone).getTime());
}

/**
 * The zone a practitioner's time off is entered in: their first clinic's (by the clinics' order),
 * else the marketplace's (its setup's, else its first clinic's).
 */
export async function practitionerTimeZone(
  db: Db,
  marketplaceId: number,
  practitionerId: number,
): Promise<string> {
  const { rows } = (await db.execute(sql`
    select coalesce(
      (select c.time_zone from practitioner_working_hours wh join clinics c on c.id = wh.organization_id
        where wh.practitioner_id = ${practitionerId} order by c.position, c.id limit 1),
      (select s.time_zone from marketplace_setups s where s.marketplace_id = ${marketplaceId}),
      (select c.time_zone from clinics c where c.marketplace_id = ${marketplaceId} order by c.position, c.id limit 1)
    ) as zone`)) as unknown as { rows: { zone: string | null }[] };
  return rows[0]?.zone ?? fallbackTimeZone;
}

/** The practitioners of a marketplace (or only `onlyId`), with everything the section shows of them. */
export async function loadPractitioners(
  db: Db,
  marketplaceId: number,
  onlyId: number | null,
  now: Date,
): Promise<TeamPractitionerView[]> {
  const rows = await db
    .select()
    .from(practitioners)
    .where(
      and(
        eq(practitioners.marketplaceId, marketplaceId),
        onlyId === null ? undefined : eq(practitioners.id, onlyId),
      ),
    )
    .orderBy(asc(practitioners.name), asc(practitioners.id));
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return [];
  // From yesterday in UTC: today in any zone is no earlier; each practitioner's own today is below.
  const sinceDate = format(new Date(now.getTime() - 86_400_000), 'yyyy-MM-dd');
  const [performed, hours, timeOff, members, changedDays] = await Promise.all([
    db.select().from(practitionerProcedures).where(inArray(practitionerProcedures.practitionerId, ids)),
    db
      .select()
      .from(practitionerWorkingHours)
      .where(inArray(practitionerWorkingHours.practitionerId, ids))
      .orderBy(asc(practitionerWorkingHours.weekday), asc(practitionerWorkingHours.startMinute)),
    db
      .select()
      .from(practitionerTimeOff)
      .where(and(inArray(practitionerTimeOff.practitionerId, ids), gt(practitionerTimeOff.endsAt, now)))
      .orderBy(asc(practitionerTimeOff.startsAt), asc(practitionerTimeOff.id)),
    db
      .select({ practitionerId: staffMembers.practitionerId })
      .from(staffMembers)
      .where(inArray(staffMembers.practitionerId, ids)),
    db
      .select({
        practitionerId: practitionerDayChanges.practitionerId,
        date: practitionerDayChanges.date,
        clinicId: practitionerDayChangeHours.organizationId,
        startMinute: practitionerDayChangeHours.startMinute,
        endMinute: practitionerDayChangeHours.endMinute,
      })
      .from(practitionerDayChanges)
      .leftJoin(
        practitionerDayChangeHours,
        eq(practitionerDayChangeHours.dayChangeId, practitionerDayChanges.id),
      )
      .where(
        and(inArray(practitionerDayChanges.practitionerId, ids), gte(practitionerDayChanges.date, sinceDate)),
      )
      .orderBy(asc(practitionerDayChanges.date), asc(practitionerDayChangeHours.startMinute)),
  ]);
  const zones = await Promise.all(ids.map((id) => practitionerTimeZone(db, marketplaceId, id)));
  return rows.map((row, index) => {
    const zone = zones[index] ?? fallbackTimeZone;
    return {
      id: String(row.id),
      name: row.name,
      photoUrl: row.photoUrl,
      active: row.active,
      procedureIds: performed.filter((p) => p.practitionerId === row.id).map((p) => String(p.procedureId)),
      hours: hours
        .filter((h) => h.practitionerId === row.id)
        .map((h) => ({
          clinicId: h.organizationId === null ? null : String(h.organizationId),
          weekday: h.weekday,
          start: formatTimeOfDay(h.startMinute),
          end: formatTimeOfDay(h.endMinute),
        })),
      timeOff: timeOff
        .filter((t) => t.practitionerId === row.id)
        .map((t) => ({
          id: String(t.id),
          start: t.startsAt.toISOString(),
          end: t.endsAt.toISOString(),
          localStart: localDateTime(t.startsAt, zone),
          localEnd: localDateTime(t.endsAt, zone),
          reason: t.reason,
        })),
      dayChanges: dayChangesOf(
        changedDays.filter((d) => d.practitionerId === row.id),
        format(new TZDate(now.getTime(), zone), 'yyyy-MM-dd'),
      ),
      timeZone: zone,
      hasMember: members.some((m) => m.practitionerId === row.id),
    };
  });
}

interface ChangedDayRow {
  date: string;
  clinicId: number | null;
  startMinute: number | null;
  endMinute: number | null;
}

/** Rows of a practitioner's changed days (one per interval, or one without hours) grouped by date. */
function dayChangesOf(rows: ChangedDayRow[], today: string): TeamPractitionerView['dayChanges'] {
  const days = new Map<string, TeamPractitionerView['dayChanges'][number]>();
  for (const row of rows) {
    if (row.date < today) continue;
    const day = days.get(row.date) ?? { date: row.date, hours: [] };
    days.set(row.date, day);
    if (row.startMinute === null || row.endMinute === null) continue;
    day.hours.push({
      clinicId: row.clinicId === null ? null : String(row.clinicId),
      start: formatTimeOfDay(row.startMinute),
      end: formatTimeOfDay(row.endMinute),
    });
  }
  return [...days.values()];
}

/** One practitioner of the marketplace as the section shows them; NOT_FOUND when not its. */
export async function loadPractitioner(
  db: Db,
  marketplaceId: number,
  practitionerId: number,
  now: Date,
): Promise<TeamPractitionerView> {
  const [found] = await loadPractitioners(db, marketplaceId, practitionerId, now);
  if (!found) throw new NotFoundError(`Practitioner ${practitionerId} was not found.`);
  return found;
}

/** The clinics in their order, then at-home visits when the marketplace offers them. */
export async function loadLocations(db: Db, marketplaceId: number): Promise<TeamLocationView[]> {
  const [clinicRows, [marketplace]] = await Promise.all([
    db
      .select({ id: clinics.id, name: clinics.name, timeZone: clinics.timeZone })
      .from(clinics)
      .where(eq(clinics.marketplaceId, marketplaceId))
      .orderBy(asc(clinics.position), asc(clinics.id)),
    db
      .select({ providesAtHome: marketplaces.providesAtHome })
      .from(marketplaces)
      .where(eq(marketplaces.id, marketplaceId)),
  ]);
  const locations: TeamLocationView[] = clinicRows.map((c) => ({
    clinicId: String(c.id),
    name: c.name,
    timeZone: c.timeZone,
  }));
  if (marketplace?.providesAtHome) locations.push({ clinicId: null, name: 'At-home visits', timeZone: null });
  return locations;
}

/** The services and add-ons of the marketplace, by name. */
export async function loadTeamProcedures(db: Db, marketplaceId: number) {
  const rows = await db
    .select({ id: procedures.id, name: procedures.name, isAddOn: procedures.isAddOn })
    .from(procedures)
    .where(eq(procedures.marketplaceId, marketplaceId))
    .orderBy(asc(procedures.isAddOn), asc(procedures.name), asc(procedures.id));
  return rows.map((row) => ({ ...row, id: String(row.id) }));
}
