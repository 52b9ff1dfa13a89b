// Utilisation: booked time over working time, per practitioner and per clinic (and at-home visits).
// Working time is the scheduling context's own reading of the hours (the statement availability
// reads, the engine's rule for changed days and time off), so a report never disagrees with the
// times clients are offered.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/database/database';
import { loadSchedules, practitioners, workingMinutes } from '../../scheduling';
import { rowsOf } from './report-figures';
import { periodEnd, periodStart, type ReportPeriod } from './report-period';

export interface ReportUtilisation {
  /** The practitioner's or clinic's id; null for at-home visits. */
  id: string | null;
  name: string;
  bookedMinutes: number;
  workingMinutes: number;
  utilisation: number | null;
}

/** A place where practitioners work: a clinic, or clients' homes (id null) in the marketplace's zone. */
interface Place {
  id: number | null;
  name: string;
  timeZone: string;
}

/** Minutes at one place by one practitioner. */
interface PlaceMinutes {
  practitionerId: number;
  placeId: number | null;
  minutes: number;
}

export const atHomeName = 'At-home visits';

/** Statuses whose time was given to a client: a no-show's time was kept for them too. */
const bookedStatuses = sql`('PENDING', 'BOOKED', 'COMPLETE', 'NO_SHOW')`;

/** The marketplace's clinics in their order, then at-home visits. */
async function reportPlaces(db: Db, period: ReportPeriod): Promise<Place[]> {
  const clinics = await rowsOf<{ id: number; name: string; time_zone: string }>(
    db,
    sql`select id, name, time_zone from clinics where marketplace_id = ${period.marketplaceId} order by position, id`,
  );
  return [
    ...clinics.map((clinic) => ({ id: clinic.id, name: clinic.name, timeZone: clinic.time_zone })),
    { id: null, name: atHomeName, timeZone: period.timeZone },
  ];
}

/** Each practitioner's working minutes at a place on the period's dates, local to the place. */
async function placeWorkingMinutes(db: Db, period: ReportPeriod, place: Place): Promise<PlaceMinutes[]> {
  const schedules = await loadSchedules(db, {
    marketplaceId: period.marketplaceId,
    clinicId: place.id,
    homeTimeZone: place.id === null ? place.timeZone : null,
    // No procedures asked about: every active practitioner with hours at the place.
    procedureIds: [],
    dateRange: { start: period.from, end: period.to },
    appointmentStarts: false,
  });
  return schedules.practitioners.map((schedule) => ({
    practitionerId: schedule.id,
    placeId: place.id,
    minutes: workingMinutes(schedule, place.timeZone, { start: period.from, end: period.to }),
  }));
}

/**
 * Booked minutes per practitioner and place, clipped to the period local to the place; the index's
 * range is widened by two days so that a place in another zone than the marketplace's is covered.
 */
async function bookedMinutes(db: Db, period: ReportPeriod): Promise<PlaceMinutes[]> {
  const zone = sql`coalesce(c.time_zone, ${period.timeZone}::text)`;
  const [start, end] = [periodStart(period, zone), periodEnd(period, zone)];
  const rows = await rowsOf<{ practitioner_id: number; organization_id: number | null; minutes: number }>(
    db,
    sql`
      select a.practitioner_id, a.organization_id,
             floor(extract(epoch from sum(least(a.ends_at, ${end}) - greatest(a.starts_at, ${start}))) / 60)::int
               as minutes
      from appointments a
      left join clinics c on c.id = a.organization_id
      where a.marketplace_id = ${period.marketplaceId}
        and a.starts_at >= ${periodStart(period)} - interval '2 days'
        and a.starts_at < ${periodEnd(period)} + interval '2 days'
        and a.status in ${bookedStatuses}
        and a.ends_at > ${start} and a.starts_at < ${end}
      group by a.practitioner_id, a.organization_id`,
  );
  return rows.map((row) => ({
    practitionerId: row.practitioner_id,
    placeId: row.organization_id,
    minutes: row.minutes,
  }));
}

const utilisationOf = (booked: number, working: number) => (working > 0 ? booked / working : null);

/** Sums of booked and working minutes by a key, in the order keys are first met. */
function totalsBy<Key>(booked: PlaceMinutes[], working: PlaceMinutes[], key: (minutes: PlaceMinutes) => Key) {
  const totals = new Map<Key, { booked: number; working: number }>();
  const add = (entry: PlaceMinutes, field: 'booked' | 'working') => {
    const total = totals.get(key(entry)) ?? { booked: 0, working: 0 };
    total[field] += entry.minutes;
    totals.set(key(entry), total);
  };
  for (const entry of working) add(entry, 'working');
  for (const entry of booked) add(entry, 'booked');
  return totals;
}

const withTime = (row: ReportUtilisation) => row.bookedMinutes > 0 || row.workingMinutes > 0;

/** Utilisation per practitioner (by name) and per place (clinics in order, then at-home visits). */
export async function periodUtilisation(
  db: Db,
  period: ReportPeriod,
): Promise<{ practitioners: ReportUtilisation[]; clinics: ReportUtilisation[] }> {
  const places = await reportPlaces(db, period);
  const working = (await Promise.all(places.map((place) => placeWorkingMinutes(db, period, place)))).flat();
  const booked = await bookedMinutes(db, period);
  const byPlace = totalsBy(booked, working, (entry) => entry.placeId);
  const byPractitioner = totalsBy(booked, working, (entry) => entry.practitionerId);
  const row = (id: number | null, name: string, total = { booked: 0, working: 0 }): ReportUtilisation => ({
    id: id === null ? null : String(id),
    name,
    bookedMinutes: total.booked,
    workingMinutes: total.working,
    utilisation: utilisationOf(total.booked, total.working),
  });
  const names = await practitionerNames(db, period.marketplaceId, [...byPractitioner.keys()]);
  return {
    practitioners: [...byPractitioner]
      .map(([id, total]) => row(id, names.get(id) ?? '', total))
      .filter(withTime)
      .sort((a, b) => a.name.localeCompare(b.name) || Number(a.id) - Number(b.id)),
    clinics: places.map((place) => row(place.id, place.name, byPlace.get(place.id))).filter(withTime),
  };
}

async function practitionerNames(db: Db, marketplaceId: number, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: practitioners.id, name: practitioners.name })
    .from(practitioners)
    .where(and(eq(practitioners.marketplaceId, marketplaceId), inArray(practitioners.id, ids)));
  return new Map(rows.map((row) => [row.id, row.name]));
}
