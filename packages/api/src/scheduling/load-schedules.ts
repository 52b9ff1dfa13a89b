import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../kernel/database/database';
import type { Interval, PractitionerSchedule } from './engine';

/** Slot rules of a marketplace without its own scheduling_settings row (the columns' defaults). */
export const defaultSchedulingSettings = {
  slotStepMinutes: 15,
  minimumNoticeMinutes: 120,
  bookingHorizonMonths: 12,
} as const;

export interface ScheduleRequest {
  marketplaceId: number;
  /** The clinic, or null for an at-home visit. */
  clinicId: number | null;
  /** Zone of an at-home visit's address; a clinic's own zone is read from the database. */
  homeTimeZone: string | null;
  procedureIds: number[];
  /** Local dates (yyyy-MM-dd) of the days asked about. */
  dateRange: { start: string; end: string };
  /**
   * Whether to read when each appointment starts: only choosing a practitioner (the one with the
   * fewest that day) needs it; offering times reads the held time alone.
   */
  appointmentStarts: boolean;
}

export interface ScheduleMarketplace {
  id: number;
  providesAtHome: boolean;
  serviceAreaLatitude: number | null;
  serviceAreaLongitude: number | null;
  serviceAreaRadiusKm: number | null;
  serviceAreaZipCodes: string[];
  slotStepMinutes: number;
  minimumNoticeMinutes: number;
  bookingHorizonMonths: number;
}

export interface ScheduleClinic {
  name: string;
  address: string;
}

export interface CartProcedure {
  id: number;
  name: string;
  isAddOn: boolean;
  /** The shortest of its durations, in minutes. */
  minimumDuration: number;
  /** Offered at the clinic, or on at-home visits. */
  offered: boolean;
}

export interface Schedules {
  /** Null when the marketplace does not exist. */
  marketplace: ScheduleMarketplace | null;
  /** The clinic's name and address; null for an at-home visit or a clinic not the marketplace's. */
  clinic: ScheduleClinic | null;
  /** The clinic's zone, or the address's; null when the clinic was not found. */
  timeZone: string | null;
  /** The requested procedures and add-ons found in the marketplace. */
  procedures: CartProcedure[];
  /**
   * Active practitioners who perform every requested procedure and add-on and work at the location,
   * with their windows there, and their time off and appointments holding their time (anywhere)
   * around the dates.
   */
  practitioners: NamedSchedule[];
}

/** A practitioner's schedule with their name (as the booking and its answer name them). */
export type NamedSchedule = PractitionerSchedule & { name: string };

/** The statement's one row: its JSON as PostgreSQL builds it. */
export interface ScheduleRow {
  marketplace: ScheduleMarketplace | null;
  clinic: ScheduleClinic | null;
  timeZone: string | null;
  procedures: CartProcedure[];
  practitioners: {
    id: number;
    name: string;
    windows: [number, number, number][];
    dayChanges: { date: string; windows: [number, number][] }[];
    timeOff: [number, number][];
    /**
     * Per UTC week around the asked days (its Monday), the held time's flat edges (start, end, ...)
     * and, when asked for, the appointments' starts, in seconds after the week's start; null when
     * none is recorded.
     */
    held: [string, number[], number[]?][] | null;
  }[];
}

/**
 * Everything availability needs, in one statement: the marketplace's slot rules and service area, the
 * clinic's zone, the cart's procedures, and each eligible practitioner's schedule. Time off and
 * held time are read for the asked days plus a day either side (for visits across midnight and any
 * offset), held time from practitioner_busy_weeks: one row per practitioner and week, whatever the
 * number of bookings.
 */
export async function loadSchedules(db: Db, request: ScheduleRequest): Promise<Schedules> {
  // Both drivers (node-postgres and PGlite) answer raw SQL with { rows }, json already parsed.
  const { rows } = (await db.execute(scheduleQuery(request))) as unknown as {
    rows: { result: ScheduleRow }[];
  };
  const row = rows[0]?.result;
  if (!row) throw new Error('The schedule query returned no row.');
  return toSchedules(row);
}

/** The statement: named parts (common table expressions) gathered into one JSON row. */
function scheduleQuery(request: ScheduleRequest): SQL {
  const parts = [
    marketplacePart(request.marketplaceId),
    ...placeParts(request),
    ...cartParts(request),
    ...practitionerParts(request),
  ];
  return sql`
    with ${sql.join(parts, sql`,`)}
    select json_build_object(
      'marketplace', (select row_to_json(marketplace) from marketplace),
      'clinic', (select json_build_object('name', name, 'address', address) from clinic),
      'timeZone', (select time_zone from place),
      'procedures', coalesce((select json_agg(row_to_json(cart) order by cart.id) from cart), '[]'::json),
      'practitioners', ${practitionerSchedulesJson(request)}
    ) as result`;
}

/** The clinic, or null for an at-home visit, typed so that a null compares. */
const clinicParam = (clinicId: number | null) => sql`${clinicId}::integer`;

/** `marketplace`: its service area and slot rules, the defaults where it has no settings of its own. */
function marketplacePart(marketplaceId: number): SQL {
  return sql`
      marketplace as (
        select m.id,
               m.provides_at_home as "providesAtHome",
               m.service_area_latitude as "serviceAreaLatitude",
               m.service_area_longitude as "serviceAreaLongitude",
               m.service_area_radius_km as "serviceAreaRadiusKm",
               m.service_area_zip_codes as "serviceAreaZipCodes",
               coalesce(s.slot_step_minutes, ${defaultSchedulingSettings.slotStepMinutes}) as "slotStepMinutes",
               coalesce(s.minimum_notice_minutes, ${defaultSchedulingSettings.minimumNoticeMinutes}) as "minimumNoticeMinutes",
               coalesce(s.booking_horizon_months, ${defaultSchedulingSettings.bookingHorizonMonths}) as "bookingHorizonMonths"
        from marketplaces m
        left join scheduling_settings s on s.marketplace_id = m.id
        where m.id = ${marketplaceId}
      )`;
}

/**
 * `clinic` (its zone, name and address, when it is the marketplace's), `place` (the zone of the
 * visit: the clinic's or the address's) and `around` (the asked days plus a day either side, in that
 * zone).
 */
function placeParts({ marketplaceId, clinicId, homeTimeZone, dateRange }: ScheduleRequest): SQL[] {
  const clinic = clinicParam(clinicId);
  return [
    sql`
      clinic as (
        select c.time_zone, c.name, c.address from clinics c where c.id = ${clinic} and c.marketplace_id = ${marketplaceId}
      )`,
    sql`
      place as (
        select case when ${clinic} is null then ${homeTimeZone}::text else (select time_zone from clinic) end as time_zone
      )`,
    sql`
      around as (
        select tstzrange(
          ((${dateRange.start}::date - 1)::timestamp at time zone place.time_zone),
          ((${dateRange.end}::date + 2)::timestamp at time zone place.time_zone)
        ) as during
        from place
        where place.time_zone is not null
      )`,
  ];
}

/** `wanted` (the asked procedure ids, once each) and `cart` (those of the marketplace, offered at the place or not). */
function cartParts({ marketplaceId, clinicId, procedureIds }: ScheduleRequest): SQL[] {
  const clinic = clinicParam(clinicId);
  return [
    sql`
      wanted as (
        select distinct unnest(${sql.param(procedureIds)}::integer[]) as id
      )`,
    sql`
      cart as (
        select p.id,
               p.name,
               p.is_add_on as "isAddOn",
               (select min(d) from unnest(p.durations) as d) as "minimumDuration",
               case
                 when ${clinic} is null then p.offered_at_home
                 else exists (
                   select 1 from procedure_clinics pc where pc.procedure_id = p.id and pc.clinic_id = ${clinic}
                 )
               end as offered
        from procedures p
        where p.id in (select id from wanted) and p.marketplace_id = ${marketplaceId}
      )`,
  ];
}

/** Day changes `alias` of the asked days and a day either side. */
const changedDays = ({ start, end }: ScheduleRequest['dateRange'], alias: string) =>
  sql`${sql.raw(alias)}.date between ${start}::date - 1 and ${end}::date + 1`;

/**
 * `opening` (when the place is open, [weekday, start minute, end minute]): a clinic's opening hours,
 * where it has set any (a weekday without hours is closed), or all day, every day, for a clinic
 * without opening hours and for at-home visits. Practitioners' hours are clipped to it.
 */
function openingPart(clinicId: number | null): SQL {
  const clinic = clinicParam(clinicId);
  return sql`
      opening as (
        select oh.weekday, oh.start_minute, oh.end_minute
        from clinic_opening_hours oh where oh.clinic_id = ${clinic}
        union all
        select day, 0, 1440 from generate_series(1, 7) as day
        where not exists (select 1 from clinic_opening_hours oh where oh.clinic_id = ${clinic})
      )`;
}

/** Hours `alias` clipped to the row `o` of `opening` that they overlap on ISO weekday `weekday`. */
const clippedStart = (alias: string) => sql.raw(`greatest(${alias}.start_minute, o.start_minute)`);
const clippedEnd = (alias: string) => sql.raw(`least(${alias}.end_minute, o.end_minute)`);
const openDuring = (alias: string, weekday: SQL) =>
  sql`o.weekday = ${weekday} and o.start_minute < ${sql.raw(alias)}.end_minute and o.end_minute > ${sql.raw(alias)}.start_minute`;

/**
 * `eligible` (active practitioners who perform everything wanted) and `windows` (their weekly hours
 * at the place while it is open, [weekday, start minute, end minute], on the weekdays of the asked
 * days and a day either side); one without weekly hours there, or changed hours there around the
 * asked days, is left out.
 */
function practitionerParts({ marketplaceId, clinicId, dateRange }: ScheduleRequest): SQL[] {
  const clinic = clinicParam(clinicId);
  return [
    openingPart(clinicId),
    // Those who perform every wanted procedure, found through practitioner_procedures' index on the
    // procedure rather than by checking every practitioner; no procedures asked about is everyone.
    sql`
      eligible as (
        select pr.id, pr.name
        from practitioners pr
        where pr.marketplace_id = ${marketplaceId} and pr.active and not exists (select 1 from wanted)
        union all
        select pp.practitioner_id, pr.name
        from practitioner_procedures pp
        join practitioners pr on pr.id = pp.practitioner_id
        where pp.procedure_id in (select id from wanted) and pr.marketplace_id = ${marketplaceId} and pr.active
        group by pp.practitioner_id, pr.name
        having count(*) = (select count(*) from wanted)
      )`,
    sql`
      windows as (
        select e.id as practitioner_id,
               e.name,
               coalesce((
                 select json_agg(json_build_array(wh.weekday, ${clippedStart('wh')}, ${clippedEnd('wh')})
                                 order by wh.weekday, ${clippedStart('wh')}, ${clippedEnd('wh')})
                 from practitioner_working_hours wh
                 join opening o on ${openDuring('wh', sql`wh.weekday`)}
                 where wh.practitioner_id = e.id and wh.organization_id is not distinct from ${clinic}
                   and wh.weekday = any(${sql.param(weekdaysAround(dateRange))}::integer[])
               ), '[]'::json) as list
        from eligible e
        where exists (
                select 1 from practitioner_working_hours wh
                where wh.practitioner_id = e.id and wh.organization_id is not distinct from ${clinic}
              )
           or exists (
                select 1 from practitioner_day_changes dc
                join practitioner_day_change_hours dh on dh.day_change_id = dc.id
                where dc.practitioner_id = e.id and dh.organization_id is not distinct from ${clinic}
                  and ${changedDays(dateRange, 'dc')}
              )
      )`,
  ];
}

/**
 * The ISO weekdays (1 is Monday) of the asked days and a day either side, whose weekly hours the
 * engine reads: a booking's day needs three of the seven rows (building the hours' JSON is about half
 * of that statement at 500 practitioners).
 */
export function weekdaysAround({ start, end }: ScheduleRequest['dateRange']): number[] {
  const dayMs = 86_400_000;
  const first = Date.parse(`${start}T00:00:00Z`) - dayMs;
  const last = Date.parse(`${end}T00:00:00Z`) + dayMs;
  const all = [1, 2, 3, 4, 5, 6, 7];
  // A range of a week or more (or dates the statement itself will refuse) has every weekday.
  if (!(last - first < 6 * dayMs)) return all;
  const weekdays = new Set<number>();
  for (let day = first; day <= last; day += dayMs) weekdays.add(((new Date(day).getUTCDay() + 6) % 7) + 1);
  return all.filter((weekday) => weekdays.has(weekday));
}

/**
 * Each practitioner of `windows` with their windows, their day changes around the asked days (with
 * their hours at the place while it is open), their time off that touches `around` as [start, end]
 * in epoch milliseconds, and what their appointments hold (anywhere) in the UTC weeks `around`
 * touches: practitioner_busy_weeks' arrays, one row per week, as they are stored.
 */
function practitionerSchedulesJson({ clinicId, dateRange, appointmentStarts }: ScheduleRequest): SQL {
  // Each week's JSON is one its row keeps, with the starts (held_json) or without (busy_json): nothing to build.
  const week = appointmentStarts ? sql`b.held_json` : sql`b.busy_json`;
  return sql`coalesce((
        select json_agg(json_build_object(
          'id', w.practitioner_id,
          'name', w.name,
          'windows', w.list,
          'dayChanges', coalesce((
            select json_agg(json_build_object(
              'date', to_char(dc.date, 'YYYY-MM-DD'),
              'windows', coalesce((
                select json_agg(json_build_array(${clippedStart('dh')}, ${clippedEnd('dh')})
                                order by ${clippedStart('dh')})
                from practitioner_day_change_hours dh
                join opening o on ${openDuring('dh', sql`extract(isodow from dc.date)::integer`)}
                where dh.day_change_id = dc.id and dh.organization_id is not distinct from ${clinicParam(clinicId)}
              ), '[]'::json)) order by dc.date)
            from practitioner_day_changes dc
            where dc.practitioner_id = w.practitioner_id and ${changedDays(dateRange, 'dc')}
          ), '[]'::json),
          'timeOff', coalesce((
            select json_agg(json_build_array(
              (extract(epoch from t.starts_at) * 1000)::bigint,
              (extract(epoch from t.ends_at) * 1000)::bigint))
            from practitioner_time_off t, around
            where t.practitioner_id = w.practitioner_id
              and t.ends_at > lower(around.during) and t.starts_at < upper(around.during)
          ), '[]'::json),
          'held', (
            select json_agg(${week} order by b.week)
            from practitioner_busy_weeks b, around
            -- One row per UTC week that around touches, through the primary key.
            where b.practitioner_id = w.practitioner_id
              and b.week between date_trunc('week', lower(around.during) at time zone 'UTC')::date
                             and date_trunc('week', (upper(around.during) - interval '1 microsecond') at time zone 'UTC')::date
          )
        ) order by w.practitioner_id)
        from windows w
      ), '[]'::json)`;
}

const toInterval = ([start, end]: [number, number]): Interval => ({ start, end });

/**
 * Weeks of held time as the engine takes it: flat edges and (when read) starts in epoch
 * milliseconds, in order. The edges go into one typed array, not an object per span: a month of
 * 500 practitioners holds some 80,000 spans.
 */
function heldTime(
  weeks: [string, number[], number[]?][],
): Pick<PractitionerSchedule, 'appointments' | 'appointmentStarts'> {
  let count = 0;
  for (const [, busy] of weeks) count += busy.length - (busy.length % 2);
  const appointments = new Float64Array(count);
  let at = 0;
  let appointmentStarts: number[] | undefined;
  for (const [week, busy, starts] of weeks) {
    const origin = Date.parse(`${week}T00:00:00Z`);
    const edges = busy.length - (busy.length % 2);
    for (let i = 0; i < edges; i++) appointments[at++] = origin + (busy[i] as number) * 1000;
    if (!starts) continue;
    appointmentStarts ??= [];
    for (const start of starts) appointmentStarts.push(origin + start * 1000);
  }
  return appointmentStarts ? { appointments, appointmentStarts } : { appointments };
}

/** The statement's JSON row as the engine reads schedules: windows as objects, busy times as intervals. */
export function toSchedules(row: ScheduleRow): Schedules {
  return {
    marketplace: row.marketplace,
    clinic: row.clinic,
    timeZone: row.timeZone,
    procedures: row.procedures,
    practitioners: row.practitioners.map((practitioner) => ({
      id: practitioner.id,
      name: practitioner.name,
      windows: practitioner.windows.map(([weekday, startMinute, endMinute]) => ({
        weekday,
        startMinute,
        endMinute,
      })),
      dayChanges: practitioner.dayChanges.map(({ date, windows }) => ({
        date,
        windows: windows.map(([startMinute, endMinute]) => ({ startMinute, endMinute })),
      })),
      timeOff: practitioner.timeOff.map(toInterval),
      ...heldTime(practitioner.held ?? []),
    })),
  };
}
