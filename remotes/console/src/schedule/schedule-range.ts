import type { StaffRequest } from '@atrium/graphql-client/staff';
import { TZDate } from '@date-fns/tz';
import {
  addDays,
  addWeeks,
  eachDayOfInterval,
  endOfWeek,
  format,
  isValid,
  parseISO,
  startOfWeek,
} from 'date-fns';

export type ScheduleView = 'day' | 'week';

const DAY = 'yyyy-MM-dd';
// The working week starts on Monday.
const WEEK = { weekStartsOn: 1 } as const;

/** A yyyy-MM-dd day, or null when `value` is not one. */
export function parseDay(value: string | null): string | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const date = parseISO(value);
  return isValid(date) && format(date, DAY) === value ? value : null;
}

/** The days a view of `day` shows, first to last (yyyy-MM-dd). */
export function scheduleDays(view: ScheduleView, day: string): string[] {
  if (view === 'day') return [day];
  const date = parseISO(day);
  return eachDayOfInterval({ start: startOfWeek(date, WEEK), end: endOfWeek(date, WEEK) }).map((d) =>
    format(d, DAY),
  );
}

/** The day one view earlier (-1) or later (1). */
export function shiftDay(view: ScheduleView, day: string, step: -1 | 1): string {
  const date = parseISO(day);
  return format(view === 'day' ? addDays(date, step) : addWeeks(date, step), DAY);
}

/** 'Tuesday, January 8, 2030' for a yyyy-MM-dd day. */
export function dayHeading(day: string): string {
  return format(parseISO(day), 'EEEE, MMMM d, yyyy');
}

/** What a view shows, for the heading: 'Tuesday, January 8, 2030' or 'Week of Monday, January 7, 2030'. */
export function rangeLabel(view: ScheduleView, day: string): string {
  const [first = day] = scheduleDays(view, day);
  return view === 'day' ? dayHeading(day) : `Week of ${dayHeading(first)}`;
}

/** The local day an appointment starts on, in its place's zone. */
export function appointmentDay(appointment: Pick<StaffRequest, 'start' | 'timeZone'>): string {
  return format(new TZDate(appointment.start, appointment.timeZone), DAY);
}

/** '10:00 AM – 10:45 AM EST': an appointment's times in its place's zone, the zone named. */
export function appointmentTimes(appointment: Pick<StaffRequest, 'start' | 'end' | 'timeZone'>): string {
  const start = new TZDate(appointment.start, appointment.timeZone);
  const end = new TZDate(appointment.end, appointment.timeZone);
  const zone = new Intl.DateTimeFormat('en-US', { timeZone: appointment.timeZone, timeZoneName: 'short' })
    .formatToParts(start)
    .find((part) => part.type === 'timeZoneName')?.value;
  return `${format(start, 'h:mm a')} – ${format(end, 'h:mm a')}${zone ? ` ${zone}` : ''}`;
}

export interface SchedulePlace {
  /** The clinic's id, or 'home' for at-home visits. */
  key: string;
  name: string;
  appointments: StaffRequest[];
}

export interface ScheduleDay {
  day: string;
  places: SchedulePlace[];
}

/**
 * The booked and pending appointments of each day shown, per place (each clinic, then at-home
 * visits), soonest first; the other statuses are left out.
 */
export function scheduleOf(days: readonly string[], appointments: readonly StaffRequest[]): ScheduleDay[] {
  const open = appointments
    .filter((a) => a.status === 'BOOKED' || a.status === 'PENDING')
    .sort((a, b) => a.start.localeCompare(b.start));
  return days.map((day) => {
    const places = new Map<string, SchedulePlace>();
    for (const appointment of open.filter((a) => appointmentDay(a) === day)) {
      const key = appointment.clinic?.id ?? 'home';
      const place = places.get(key) ?? {
        key,
        name: appointment.clinic?.name ?? 'At-home visits',
        appointments: [],
      };
      place.appointments.push(appointment);
      places.set(key, place);
    }
    const sorted = [...places.values()].sort(
      (a, b) => Number(a.key === 'home') - Number(b.key === 'home') || a.name.localeCompare(b.name),
    );
    return { day, places: sorted };
  });
}
