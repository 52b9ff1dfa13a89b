// The availability engine: pure functions from schedules to bookable local times. No I/O and no
// clock; callers pass `now`. Instants are epoch milliseconds; local dates are yyyy-MM-dd and local
// times HH:mm in the location's IANA time zone.
import { tzOffset } from '@date-fns/tz';
import { format, isValid, parse } from 'date-fns';

/** A bookable start, local to the location. */
export interface Slot {
  /** yyyy-MM-dd */
  date: string;
  /** HH:mm, 24-hour */
  time: string;
}

/** A weekly working window in local wall-clock time. */
export interface WorkingWindow {
  /** ISO weekday: 1 is Monday, 7 is Sunday. */
  weekday: number;
  /** Minutes after local midnight, 0-1439. */
  startMinute: number;
  /** Minutes after local midnight, 1-1440; 1440 is the midnight that ends the day. */
  endMinute: number;
}

/** A half-open span of time [start, end) in epoch milliseconds. */
export interface Interval {
  start: number;
  end: number;
}

/**
 * Held time as flat edges: start, end, start, end, ... in epoch milliseconds, the spans in order and
 * apart (they may touch). Availability reads a month of hundreds of practitioners' held time this
 * way, so that no object is made per span.
 */
export type HeldEdges = Float64Array;

/** A one-off change of one local day: its windows at the location replace that day's weekly ones. */
export interface DayChange {
  /** yyyy-MM-dd */
  date: string;
  /** Windows at the location being asked about; none when the day is not worked there. */
  windows: { startMinute: number; endMinute: number }[];
}

export interface PractitionerSchedule {
  id: number;
  /** Working windows at the location being asked about. */
  windows: WorkingWindow[];
  /** One-off changes of days around the asked dates; absent or empty when there are none. */
  dayChanges?: DayChange[];
  timeOff: Interval[];
  /**
   * The time appointments hold (PENDING, BOOKED, and what is left of a COMPLETE visit), at any
   * location: each appointment as an interval, or their time merged as flat edges (as availability
   * reads it).
   */
  appointments: Interval[] | HeldEdges;
  /** When each appointment starts, when `appointments` are merged; else their starts are used. */
  appointmentStarts?: number[];
}

/** How slots are laid out: the same for finding slots and for choosing who takes one. */
export interface SlotRules {
  /** IANA zone of the location; dates, times and working windows are local to it. */
  timeZone: string;
  /** The whole visit: the sum of the minimum durations of the cart's procedures and add-ons. */
  durationMinutes: number;
  /** Slots start every step minutes, counted from the start of each working window. */
  stepMinutes: number;
  /** No slot starts before now plus this. */
  noticeMinutes: number;
  now: Date;
}

export interface AvailabilityQuery extends SlotRules {
  /** Local dates, both included. */
  dateRange: { start: string; end: string };
  practitioners: PractitionerSchedule[];
}

export interface PractitionerChoiceQuery extends SlotRules {
  slot: Slot;
  practitioners: PractitionerSchedule[];
}

export interface PractitionerChoice {
  practitionerId: number;
  startsAt: Date;
  endsAt: Date;
}

const minuteMs = 60_000;
const dayMs = 86_400_000;

/**
 * Every local time in the date range at which at least one practitioner is free for the whole
 * duration: inside one of their working windows (or windows that follow on without a gap, such as one
 * ending at midnight and the next day's starting at 00:00), clear of their time off and live
 * appointments, on the step grid of the window it starts in, and no sooner than now plus the notice.
 *
 * Across daylight-saving changes, windows keep their real length and the grid counts real minutes: a
 * local time that does not exist is never offered, and one that happens twice is offered once.
 * Sorted by date, then time.
 */
export function findAvailableSlots(query: AvailabilityQuery): Slot[] {
  assertRules(query);
  const first = dayNumber(query.dateRange.start);
  const last = dayNumber(query.dateRange.end);
  if (last < first) return [];
  const calendar = new LocalCalendar(query.timeZone, first, last + 1);
  const earliest = query.now.getTime() + query.noticeMinutes * minuteMs;

  const starts = startsOfAnyone(query, calendar, first, last, earliest);

  const slots: Slot[] = [];
  const seen = new Set<string>();
  const dates = new Map<number, string>();
  for (const start of starts) {
    const local = calendar.localOf(start);
    if (local.day < first || local.day > last) continue;
    const key = `${local.day}:${local.minute}`;
    // A local time that happens twice (clocks going back) is offered once.
    if (seen.has(key)) continue;
    seen.add(key);
    const date = dates.get(local.day) ?? dateOfDay(local.day);
    dates.set(local.day, date);
    slots.push({ date, time: timeOfMinute(local.minute) });
  }
  // Instants are in order, but the repeated hour of a fall-back night runs local times backwards.
  return slots.sort((a, b) => (a.date === b.date ? compare(a.time, b.time) : compare(a.date, b.date)));
}

/**
 * Who takes a visit at an exact local date and time: a practitioner for whom `findAvailableSlots`
 * would offer it. Among several, the one with the fewest appointments starting that local day, then
 * the lowest id, so the choice is deterministic. When the local time happens twice (clocks going
 * back), the earlier free occurrence is used. Null when nobody is free then.
 */
export function choosePractitioner(query: PractitionerChoiceQuery): PractitionerChoice | null {
  const [first] = rankPractitioners(query);
  return first
    ? { practitionerId: first.practitionerId, startsAt: first.startsAt, endsAt: first.endsAt }
    : null;
}

/**
 * Every practitioner free at an exact local date and time, in `choosePractitioner`'s order (fewest
 * appointments starting that local day first, then the lowest id), each with that count as `booked`.
 */
export function rankPractitioners(
  query: PractitionerChoiceQuery,
): (PractitionerChoice & { booked: number })[] {
  assertRules(query);
  const day = dayNumber(query.slot.date);
  const minute = minuteOfTime(query.slot.time);
  const calendar = new LocalCalendar(query.timeZone, day, day + 1);
  const earliest = query.now.getTime() + query.noticeMinutes * minuteMs;
  const dayStart = calendar.instantOf(day, 0);
  const dayEnd = calendar.instantOf(day + 1, 0);

  const step = query.stepMinutes * minuteMs;
  const free: (PractitionerChoice & { booked: number })[] = [];
  for (const practitioner of query.practitioners) {
    let start: number | undefined;
    forEachStartRun(practitioner, query, calendar, day, day, earliest, (from, to) => {
      for (let instant = from; instant <= to && (start === undefined || instant < start); instant += step) {
        const local = calendar.localOf(instant);
        if (local.day === day && local.minute === minute) start = instant;
      }
    });
    if (start === undefined) continue;
    const starts = appointmentStartsOf(practitioner);
    const booked = starts.filter((instant) => instant >= dayStart && instant < dayEnd).length;
    free.push({
      practitionerId: practitioner.id,
      startsAt: new Date(start),
      endsAt: new Date(start + query.durationMinutes * minuteMs),
      booked,
    });
  }
  return free.sort((a, b) => a.booked - b.booked || a.practitionerId - b.practitionerId);
}

/**
 * The instants, in order, at which anyone can start the visit on local days first..last. Marked on
 * a minute grid from the first day's midnight rather than gathered in a set: a month of hundreds of
 * practitioners gives each start many times over. Each practitioner's starts come as runs on the
 * step grid, and a run skips the starts someone already gave (`GridMarks`), so the work grows with
 * the practitioners' free spans and the days, not with practitioners times starts.
 */
function startsOfAnyone(
  query: AvailabilityQuery,
  calendar: LocalCalendar,
  first: number,
  last: number,
  earliest: number,
): number[] {
  const base = calendar.instantOf(first, 0);
  const minutes = Math.ceil((calendar.instantOf(last + 1, 0) - base) / minuteMs);
  const step = query.stepMinutes * minuteMs;
  const marks = new GridMarks(minutes, query.stepMinutes);
  // A start off that grid (a zone whose offset has seconds) is kept as it is.
  const offGrid = new Set<number>();
  for (const practitioner of query.practitioners) {
    forEachStartRun(practitioner, query, calendar, first, last, earliest, (from, to) => {
      const minute = (from - base) / minuteMs;
      const lastMinute = Math.floor((to - base) / minuteMs);
      if (Number.isInteger(minute) && minute >= 0 && lastMinute < minutes) marks.markRun(minute, lastMinute);
      else for (let start = from; start <= to; start += step) offGrid.add(start);
    });
  }
  const starts = [...offGrid];
  for (const minute of marks.marked()) starts.push(base + minute * minuteMs);
  return offGrid.size > 0 ? starts.sort((a, b) => a - b) : starts;
}

/**
 * Minutes of a grid marked in runs of one step (minute, minute + step, ...). Each minute points at
 * the next one of its run that may be unmarked (itself when unmarked), with paths shortened as they
 * are followed, so a run whose starts are all marked already costs next to nothing.
 */
class GridMarks {
  private readonly next: Int32Array;

  constructor(
    private readonly minutes: number,
    private readonly step: number,
  ) {
    // The step's worth past the end stays unmarked, so every path ends.
    this.next = new Int32Array(minutes + step);
    for (let minute = 0; minute < this.next.length; minute++) this.next[minute] = minute;
  }

  /** Marks from, from + step, ... up to and including last. */
  markRun(from: number, last: number): void {
    for (
      let minute = this.unmarkedFrom(from);
      minute <= last;
      minute = this.unmarkedFrom(minute + this.step)
    ) {
      this.next[minute] = minute + this.step;
    }
  }

  /** The marked minutes, in order. */
  *marked(): Generator<number> {
    for (let minute = 0; minute < this.minutes; minute++) if (this.next[minute] !== minute) yield minute;
  }

  /** The first unmarked minute of minute's run at or after it. */
  private unmarkedFrom(minute: number): number {
    let found = minute;
    while (this.next[found] !== found) found = this.next[found] as number;
    for (let at = minute; at !== found; ) {
      const following = this.next[at] as number;
      this.next[at] = found;
      at = following;
    }
    return found;
  }
}

/**
 * Calls `visit` with each run of starts one practitioner has on local days first..last: from, from +
 * step, ... up to `to` (which need not be on the step).
 */
function forEachStartRun(
  practitioner: PractitionerSchedule,
  rules: SlotRules,
  calendar: LocalCalendar,
  first: number,
  last: number,
  earliest: number,
  visit: (from: number, to: number) => void,
): void {
  const duration = rules.durationMinutes * minuteMs;
  const step = rules.stepMinutes * minuteMs;

  // Windows of the asked days and the day after, so a visit may run on past midnight into a window
  // that starts there; only windows of the asked days offer starts.
  const windows = workingWindows(practitioner, calendar, first, last + 1);
  const lastEnd = calendar.instantOf(last + 1, 0);

  // Free spans come in order, so the windows they meet start from where the last span's did.
  let windowIndex = 0;
  forEachFreeSpan(merge(windows), busyTime(practitioner), (spanStart, spanEnd) => {
    while (windowIndex < windows.length && (windows[windowIndex] as Interval).end <= spanStart) windowIndex++;
    for (let i = windowIndex; i < windows.length; i++) {
      const window = windows[i] as Interval;
      if (window.start >= spanEnd || window.start >= lastEnd) break;
      const from = Math.max(window.start, spanStart, earliest);
      // Starts lie inside the window; the visit ends inside the free span.
      const to = Math.min(window.end - 1, spanEnd - duration);
      if (to < from) continue;
      const firstStart = window.start + Math.ceil((from - window.start) / step) * step;
      if (firstStart <= to) visit(firstStart, to);
    }
  });
}

/**
 * When a practitioner's appointments start: `appointmentStarts` where given (held time read merged
 * must come with them), else each appointment's (or each held span's) start.
 */
export function appointmentStartsOf(practitioner: PractitionerSchedule): number[] {
  const { appointments, appointmentStarts } = practitioner;
  if (appointmentStarts) return appointmentStarts;
  if (!(appointments instanceof Float64Array)) return appointments.map((appointment) => appointment.start);
  const starts: number[] = [];
  for (let i = 0; i + 1 < appointments.length; i += 2) starts.push(appointments[i] as number);
  return starts;
}

/**
 * A practitioner's held time less [start, end) (a moved appointment's own), as flat edges. No other
 * appointment shares that time (the exclusion constraint), so cutting it out frees only it.
 */
export function withoutHeldTime(held: Interval[] | HeldEdges, start: number, end: number): HeldEdges {
  const kept: number[] = [];
  const spans = held instanceof Float64Array ? intervalsOf(held) : held;
  for (const span of spans) {
    if (span.start < Math.min(span.end, start)) kept.push(span.start, Math.min(span.end, start));
    if (Math.max(span.start, end) < span.end) kept.push(Math.max(span.start, end), span.end);
  }
  return Float64Array.from(kept);
}

/**
 * Time off and appointments as flat edges sorted by start (overlaps allowed), as `forEachFreeSpan`
 * takes them. Held time read from practitioner_busy_weeks already is, so it is used as it is rather
 * than copied and sorted again for every practitioner.
 */
function busyTime(practitioner: PractitionerSchedule): HeldEdges {
  const { timeOff, appointments } = practitioner;
  if (timeOff.length === 0 && appointments instanceof Float64Array && edgesInOrder(appointments)) {
    return appointments;
  }
  const spans = appointments instanceof Float64Array ? intervalsOf(appointments) : appointments;
  return edgesOf(merge([...timeOff, ...spans]));
}

/** Whether every span has a length and none starts before the one ahead of it. */
function edgesInOrder(edges: HeldEdges): boolean {
  if (edges.length % 2 !== 0) return false;
  let previous = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < edges.length; i += 2) {
    const start = edges[i] as number;
    if ((edges[i + 1] as number) <= start || start < previous) return false;
    previous = start;
  }
  return true;
}

function edgesOf(intervals: Interval[]): HeldEdges {
  const edges = new Float64Array(intervals.length * 2);
  intervals.forEach((interval, index) => {
    edges[2 * index] = interval.start;
    edges[2 * index + 1] = interval.end;
  });
  return edges;
}

function intervalsOf(edges: HeldEdges): Interval[] {
  const intervals: Interval[] = [];
  for (let i = 0; i + 1 < edges.length; i += 2) {
    intervals.push({ start: edges[i] as number, end: edges[i + 1] as number });
  }
  return intervals;
}

/**
 * A practitioner's working windows on local days first..last as instants, in order: a changed day's
 * windows instead of that weekday's weekly ones.
 */
function workingWindows(
  practitioner: PractitionerSchedule,
  calendar: LocalCalendar,
  first: number,
  last: number,
): Interval[] {
  const windows: Interval[] = [];
  const changed = new Map((practitioner.dayChanges ?? []).map((change) => [dayNumber(change.date), change]));
  const weekly: WorkingWindow[][] = [[], [], [], [], [], [], [], []];
  for (const window of practitioner.windows) weekly[window.weekday]?.push(window);
  for (let day = first; day <= last; day++) {
    const dayWindows = changed.get(day)?.windows ?? weekly[isoWeekday(day)] ?? [];
    for (const window of dayWindows) {
      const start = calendar.instantOf(day, window.startMinute);
      const end = calendar.instantOf(day, window.endMinute);
      // A window wholly inside a skipped hour has no real time.
      if (end > start) windows.push({ start, end });
    }
  }
  return windows.sort((a, b) => a.start - b.start || a.end - b.end);
}

/**
 * The minutes a practitioner works at the location on local dates start..end (both included): the
 * windows availability offers times in (a changed day's instead of the weekly ones), less time off, in
 * real minutes across daylight-saving changes. Appointments are work, so they are not taken off.
 */
export function workingMinutes(
  practitioner: PractitionerSchedule,
  timeZone: string,
  dateRange: { start: string; end: string },
): number {
  const first = dayNumber(dateRange.start);
  const last = dayNumber(dateRange.end);
  if (last < first) return 0;
  const calendar = new LocalCalendar(timeZone, first, last);
  const worked = subtract(
    merge(workingWindows(practitioner, calendar, first, last)),
    edgesOf(merge(practitioner.timeOff)),
  );
  return Math.floor(worked.reduce((total, span) => total + span.end - span.start, 0) / minuteMs);
}

/** Overlapping or touching intervals joined, in order. */
function merge(intervals: Interval[]): Interval[] {
  const sorted = intervals
    .filter((interval) => interval.end > interval.start)
    .sort((a, b) => a.start - b.start);
  const merged: Interval[] = [];
  for (const interval of sorted) {
    const previous = merged[merged.length - 1];
    if (previous && interval.start <= previous.end) previous.end = Math.max(previous.end, interval.end);
    else merged.push({ start: interval.start, end: interval.end });
  }
  return merged;
}

/** `from` minus `remove`: `from` sorted and merged, `remove` flat edges sorted by start (overlaps allowed). */
function subtract(from: Interval[], remove: HeldEdges): Interval[] {
  const result: Interval[] = [];
  forEachFreeSpan(from, remove, (start, end) => result.push({ start, end }));
  return result;
}

/** Calls `visit` with each span of `from` minus `remove`, in order, as `subtract` would list them. */
function forEachFreeSpan(
  from: Interval[],
  remove: HeldEdges,
  visit: (start: number, end: number) => void,
): void {
  let index = 0;
  for (const interval of from) {
    let cursor = interval.start;
    while (index < remove.length && (remove[index + 1] as number) <= cursor) index += 2;
    for (let i = index; i < remove.length; i += 2) {
      const holeStart = remove[i] as number;
      if (holeStart >= interval.end) break;
      if (holeStart > cursor) visit(cursor, holeStart);
      cursor = Math.max(cursor, remove[i + 1] as number);
      if (cursor >= interval.end) break;
    }
    if (cursor < interval.end) visit(cursor, interval.end);
  }
}

/**
 * Local days of one zone as instants and back. Days are counted from 1970-01-01 (day 0). On the
 * usual day, 24 hours long at one offset, this is plain arithmetic; only days with an offset change
 * ask the zone database minute by minute.
 */
class LocalCalendar {
  /** Instant of local midnight of day first + i, for i up to last + 1 - first. */
  private readonly midnights: number[] = [];

  constructor(
    private readonly timeZone: string,
    private readonly first: number,
    last: number,
  ) {
    for (let day = first; day <= last + 1; day++) this.midnights.push(wallToInstant(timeZone, day * dayMs));
  }

  private isPlain(day: number): boolean {
    const midnight = this.midnights[day - this.first];
    const next = this.midnights[day + 1 - this.first];
    return midnight !== undefined && next !== undefined && next - midnight === dayMs;
  }

  /** The instant of a local wall-clock minute; a minute in a skipped hour gives the moment of the jump. */
  instantOf(day: number, minute: number): number {
    if (minute === 0 || minute === 1440) {
      const midnight = this.midnights[day + minute / 1440 - this.first];
      if (midnight !== undefined) return midnight;
    }
    if (this.isPlain(day)) return (this.midnights[day - this.first] as number) + minute * minuteMs;
    return wallToInstant(this.timeZone, day * dayMs + minute * minuteMs);
  }

  /** The local day and minute of an instant. */
  localOf(instant: number): { day: number; minute: number } {
    const index = upperBound(this.midnights, instant) - 1;
    const day = this.first + index;
    if (index >= 0 && this.isPlain(day)) {
      return { day, minute: Math.floor((instant - (this.midnights[index] as number)) / minuteMs) };
    }
    const wall = instant + offsetMs(this.timeZone, instant);
    const wallDay = Math.floor(wall / dayMs);
    return { day: wallDay, minute: Math.floor((wall - wallDay * dayMs) / minuteMs) };
  }
}

/** Index of the first element greater than value in a sorted array. */
function upperBound(sorted: number[], value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] as number) <= value) low = middle + 1;
    else high = middle;
  }
  return low;
}

function offsetMs(timeZone: string, instant: number): number {
  return tzOffset(timeZone, new Date(instant)) * minuteMs;
}

/**
 * The instant of a wall-clock time (given as if it were UTC) in a zone. A time that happens twice
 * resolves to the earlier instant. One that does not exist resolves to the moment the clocks jump, the
 * first real time after it: a window from 02:30 on a spring-forward night starts at 03:00, and one
 * from 02:00 to 02:45 has no length.
 */
function wallToInstant(timeZone: string, wall: number): number {
  const before = offsetMs(timeZone, wall - dayMs);
  const after = offsetMs(timeZone, wall + dayMs);
  if (before === after) return wall - before;
  const early = wall - before;
  const late = wall - after;
  const earlyValid = offsetMs(timeZone, early) === before;
  const lateValid = offsetMs(timeZone, late) === after;
  if (earlyValid && lateValid) return Math.min(early, late);
  if (earlyValid) return early;
  if (lateValid) return late;
  // In the gap: the jump lies between the two readings; find its minute.
  let low = Math.floor(Math.min(early, late) / minuteMs);
  let high = Math.ceil(Math.max(early, late) / minuteMs);
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (offsetMs(timeZone, middle * minuteMs) === after) high = middle;
    else low = middle + 1;
  }
  return high * minuteMs;
}

function assertRules(rules: SlotRules): void {
  if (!Number.isFinite(offsetMs(rules.timeZone, rules.now.getTime()))) {
    throw new RangeError(`Unknown time zone: ${rules.timeZone}`);
  }
  if (!Number.isInteger(rules.durationMinutes) || rules.durationMinutes <= 0) {
    throw new RangeError('The duration must be a positive whole number of minutes.');
  }
  if (!Number.isInteger(rules.stepMinutes) || rules.stepMinutes <= 0) {
    throw new RangeError('The step must be a positive whole number of minutes.');
  }
  if (!Number.isFinite(rules.noticeMinutes) || rules.noticeMinutes < 0) {
    throw new RangeError('The notice must not be negative.');
  }
  if (Number.isNaN(rules.now.getTime())) throw new RangeError('Now must be a valid date.');
}

function dayNumber(date: string): number {
  const parsed = parse(date, 'yyyy-MM-dd', new Date(0));
  if (!isValid(parsed) || format(parsed, 'yyyy-MM-dd') !== date) {
    throw new RangeError(`Not a yyyy-MM-dd date: ${date}`);
  }
  return Date.UTC(parsed.getFullYear(), parsed.getMonth(), parsed.getDate()) / dayMs;
}

function minuteOfTime(time: string): number {
  const parsed = parse(time, 'HH:mm', new Date(0));
  if (!isValid(parsed) || format(parsed, 'HH:mm') !== time)
    throw new RangeError(`Not an HH:mm time: ${time}`);
  return parsed.getHours() * 60 + parsed.getMinutes();
}

/** 1 for Monday through 7 for Sunday; day 0 (1970-01-01) was a Thursday. */
function isoWeekday(day: number): number {
  return ((((day + 3) % 7) + 7) % 7) + 1;
}

function dateOfDay(day: number): string {
  return new Date(day * dayMs).toISOString().slice(0, 10);
}

function timeOfMinute(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
