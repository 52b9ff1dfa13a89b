import { TZDate } from '@date-fns/tz';
import { describe, expect, it } from 'vitest';
import {
  type AvailabilityQuery,
  choosePractitioner,
  findAvailableSlots,
  type Interval,
  type PractitionerSchedule,
  rankPractitioners,
  type Slot,
  type WorkingWindow,
  withoutHeldTime,
  workingMinutes,
} from './engine';

const newYork = 'America/New_York';
const london = 'Europe/London';
const sydney = 'Australia/Sydney';

/** The instant of a local 'yyyy-MM-dd HH:mm' in a zone (never a skipped or repeated time here). */
function at(local: string, timeZone = newYork): number {
  const [year = 0, month = 0, day = 0, hours = 0, minutes = 0] = local.split(/[- :]/).map(Number);
  return new TZDate(year, month - 1, day, hours, minutes, timeZone).getTime();
}

const span = (from: string, to: string, timeZone = newYork): Interval => ({
  start: at(from, timeZone),
  end: at(to, timeZone),
});

const hours = (weekday: number, from: string, to: string): WorkingWindow => {
  const minute = (time: string) => {
    const [h, m] = time.split(':').map(Number);
    return (h as number) * 60 + (m as number);
  };
  return { weekday, startMinute: minute(from), endMinute: minute(to) };
};

const weekdays = (from: string, to: string) => [1, 2, 3, 4, 5].map((day) => hours(day, from, to));
const everyDay = (from: string, to: string) => [1, 2, 3, 4, 5, 6, 7].map((day) => hours(day, from, to));

function practitioner(
  id: number,
  schedule: Partial<Omit<PractitionerSchedule, 'id'>> = {},
): PractitionerSchedule {
  return { id, windows: weekdays('09:00', '17:00'), timeOff: [], appointments: [], ...schedule };
}

/** A repeatable sequence of numbers in [0, 1), and a pick from a list by it. */
function seededRandom(seed: number) {
  let state = seed;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;
  return { random, pick };
}

// Monday 2026-06-01 to Sunday 2026-06-07: no clock change anywhere near.
const monday = '2026-06-01';
const longAgo = new Date('2020-01-01T00:00:00Z');

function slots(overrides: Partial<AvailabilityQuery> = {}): Slot[] {
  return findAvailableSlots({
    timeZone: newYork,
    dateRange: { start: monday, end: monday },
    durationMinutes: 60,
    stepMinutes: 15,
    noticeMinutes: 0,
    now: longAgo,
    practitioners: [practitioner(1)],
    ...overrides,
  });
}

/** The times offered on one date. */
const timesOn = (result: Slot[], date: string) =>
  result.filter((slot) => slot.date === date).map((slot) => slot.time);

/** HH:mm from `from` to `to` inclusive every `step` minutes, within one day. */
function times(from: string, to: string, step: number): string[] {
  const toMinute = (time: string) => {
    const [h, m] = time.split(':').map(Number);
    return (h as number) * 60 + (m as number);
  };
  const result: string[] = [];
  for (let minute = toMinute(from); minute <= toMinute(to); minute += step) {
    result.push(
      `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`,
    );
  }
  return result;
}

describe('findAvailableSlots', () => {
  describe('working hours and the step grid', () => {
    it('offers every step from the window start while the whole visit fits (9:00-17:00, 60 min: 9:00 to 16:00)', () => {
      expect(timesOn(slots(), monday)).toEqual(times('09:00', '16:00', 15));
    });

    it('offers nothing on a day without working hours (Saturday, Sunday)', () => {
      const week = slots({ dateRange: { start: monday, end: '2026-06-07' } });
      expect([...new Set(week.map((slot) => slot.date))]).toEqual([
        '2026-06-01',
        '2026-06-02',
        '2026-06-03',
        '2026-06-04',
        '2026-06-05',
      ]);
    });

    it('counts the grid from the window start, not from the hour (9:10 window, 30-minute step)', () => {
      const result = slots({
        practitioners: [practitioner(1, { windows: [hours(1, '09:10', '12:00')] })],
        stepMinutes: 30,
      });
      expect(timesOn(result, monday)).toEqual(['09:10', '09:40', '10:10', '10:40']);
    });

    it('offers exactly one slot when the visit fills the window, and none when it is longer', () => {
      const tight = [practitioner(1, { windows: [hours(1, '09:00', '10:00')] })];
      expect(timesOn(slots({ practitioners: tight }), monday)).toEqual(['09:00']);
      expect(slots({ practitioners: tight, durationMinutes: 61 })).toEqual([]);
    });

    it('offers the union of several windows on one day, each on its own grid', () => {
      const split = practitioner(1, { windows: [hours(1, '09:00', '11:00'), hours(1, '13:20', '15:00')] });
      expect(timesOn(slots({ practitioners: [split], stepMinutes: 30 }), monday)).toEqual([
        '09:00',
        '09:30',
        '10:00',
        '13:20',
        '13:50',
      ]);
    });

    it('lets a visit run from one window into an overlapping one', () => {
      const overlapping = practitioner(1, {
        windows: [hours(1, '09:00', '10:30'), hours(1, '10:00', '12:00')],
      });
      const result = slots({ practitioners: [overlapping], durationMinutes: 120, stepMinutes: 30 });
      expect(timesOn(result, monday)).toEqual(['09:00', '09:30', '10:00']);
    });

    it('returns slots sorted by date and time, each once, when several practitioners are free', () => {
      const result = slots({
        dateRange: { start: monday, end: '2026-06-02' },
        practitioners: [
          practitioner(2, { windows: [hours(2, '08:00', '10:00'), hours(1, '12:00', '14:00')] }),
          practitioner(1, { windows: [hours(1, '09:00', '13:00')] }),
        ],
        stepMinutes: 60,
      });
      expect(result).toEqual([
        { date: monday, time: '09:00' },
        { date: monday, time: '10:00' },
        { date: monday, time: '11:00' },
        { date: monday, time: '12:00' },
        { date: monday, time: '13:00' },
        { date: '2026-06-02', time: '08:00' },
        { date: '2026-06-02', time: '09:00' },
      ]);
    });
  });

  describe('appointments and time off', () => {
    it('offers a slot that ends exactly when a booking starts and one that starts when it ends (back-to-back)', () => {
      const booked = practitioner(1, {
        appointments: [
          span(`${monday} 10:00`, `${monday} 11:00`),
          span(`${monday} 11:00`, `${monday} 12:00`),
        ],
      });
      const result = timesOn(slots({ practitioners: [booked] }), monday);
      expect(result).toEqual(['09:00', ...times('12:00', '16:00', 15)]);
    });

    it('removes every slot that partly overlaps a booking, and resumes on the grid after it', () => {
      const booked = practitioner(1, { appointments: [span(`${monday} 10:10`, `${monday} 10:50`)] });
      const result = timesOn(slots({ practitioners: [booked] }), monday);
      // 9:00 ends at 10:00; 9:15 would end at 10:15, inside the booking; 10:50 is off the grid.
      expect(result).toEqual(['09:00', ...times('11:00', '16:00', 15)]);
    });

    it('treats time off like a booking, and a whole day off leaves the day empty', () => {
      const away = practitioner(1, {
        timeOff: [span(`${monday} 13:00`, `${monday} 17:00`), span('2026-06-02 00:00', '2026-06-03 00:00')],
      });
      const result = slots({ practitioners: [away], dateRange: { start: monday, end: '2026-06-03' } });
      expect(timesOn(result, monday)).toEqual(times('09:00', '12:00', 15));
      expect(timesOn(result, '2026-06-02')).toEqual([]);
      expect(timesOn(result, '2026-06-03')).toEqual(times('09:00', '16:00', 15));
    });

    it('keeps a slot that another practitioner can take when the first is booked', () => {
      const result = slots({
        practitioners: [
          practitioner(1, { appointments: [span(`${monday} 09:00`, `${monday} 17:00`)] }),
          practitioner(2, { windows: [hours(1, '10:00', '12:00')] }),
        ],
      });
      expect(timesOn(result, monday)).toEqual(times('10:00', '11:00', 15));
    });

    it('is empty when every practitioner is fully booked', () => {
      const full = [span(`${monday} 08:00`, `${monday} 18:00`)];
      expect(slots({ practitioners: [practitioner(1, { appointments: full })] })).toEqual([]);
    });

    it('is empty with no eligible practitioner, or one without working hours', () => {
      expect(slots({ practitioners: [] })).toEqual([]);
      expect(slots({ practitioners: [practitioner(1, { windows: [] })] })).toEqual([]);
    });

    it('ignores bookings outside the working hours', () => {
      const evening = practitioner(1, { appointments: [span(`${monday} 18:00`, `${monday} 20:00`)] });
      expect(timesOn(slots({ practitioners: [evening] }), monday)).toEqual(times('09:00', '16:00', 15));
    });
  });

  describe('one-off day changes', () => {
    const minutes = (from: string, to: string) => {
      const { startMinute, endMinute } = hours(1, from, to);
      return { startMinute, endMinute };
    };

    it("replaces that day's weekly hours with the changed ones, and leaves other days alone", () => {
      const changed = practitioner(1, {
        dayChanges: [{ date: '2026-06-02', windows: [minutes('12:00', '15:00')] }],
      });
      const result = slots({ practitioners: [changed], dateRange: { start: monday, end: '2026-06-03' } });
      expect(timesOn(result, monday)).toEqual(times('09:00', '16:00', 15));
      expect(timesOn(result, '2026-06-02')).toEqual(times('12:00', '14:00', 15));
      expect(timesOn(result, '2026-06-03')).toEqual(times('09:00', '16:00', 15));
    });

    it('opens a day without weekly hours (a Saturday), and a change without hours closes a working day', () => {
      const changed = practitioner(1, {
        dayChanges: [
          { date: '2026-06-06', windows: [minutes('10:00', '12:00')] },
          { date: '2026-06-03', windows: [] },
        ],
      });
      const result = slots({ practitioners: [changed], dateRange: { start: monday, end: '2026-06-07' } });
      expect(timesOn(result, '2026-06-06')).toEqual(times('10:00', '11:00', 15));
      expect(timesOn(result, '2026-06-03')).toEqual([]);
      expect(timesOn(result, '2026-06-07')).toEqual([]);
    });

    it('keeps bookings and time off out of changed hours, and the same practitioner is chosen for them', () => {
      const changed = practitioner(1, {
        windows: [],
        dayChanges: [{ date: '2026-06-06', windows: [minutes('10:00', '13:00')] }],
        appointments: [span('2026-06-06 10:00', '2026-06-06 11:00')],
      });
      const result = slots({
        practitioners: [changed],
        dateRange: { start: '2026-06-06', end: '2026-06-06' },
      });
      expect(timesOn(result, '2026-06-06')).toEqual(times('11:00', '12:00', 15));
      const query = {
        timeZone: newYork,
        durationMinutes: 60,
        stepMinutes: 15,
        noticeMinutes: 0,
        now: longAgo,
      };
      expect(
        choosePractitioner({
          ...query,
          slot: { date: '2026-06-06', time: '11:00' },
          practitioners: [changed],
        }),
      ).toMatchObject({ practitionerId: 1 });
      expect(
        choosePractitioner({
          ...query,
          slot: { date: '2026-06-06', time: '10:00' },
          practitioners: [changed],
        }),
      ).toBeNull();
    });
  });

  describe('minimum notice', () => {
    it('offers nothing before now plus the notice (8:00 now, 120 min: from 10:00)', () => {
      const result = slots({ now: new Date(at(`${monday} 08:00`)), noticeMinutes: 120 });
      expect(timesOn(result, monday)).toEqual(times('10:00', '16:00', 15));
    });

    it('rounds the earliest start up to the grid (8:07 now, 120 min: from 10:15)', () => {
      const result = slots({ now: new Date(at(`${monday} 08:07`)), noticeMinutes: 120 });
      expect(timesOn(result, monday)).toEqual(times('10:15', '16:00', 15));
    });

    it('offers a slot at exactly now plus the notice', () => {
      const result = slots({ now: new Date(at(`${monday} 14:00`)), noticeMinutes: 60 });
      expect(timesOn(result, monday)).toEqual(times('15:00', '16:00', 15));
    });

    it('is empty for days already past', () => {
      expect(slots({ now: new Date(at('2026-06-02 00:00')) })).toEqual([]);
    });
  });

  describe('day boundaries', () => {
    const lateShift = practitioner(1, { windows: [hours(1, '20:00', '24:00')] });

    it('ends a window at midnight (20:00-24:00, 90 min: last start 22:30)', () => {
      expect(
        timesOn(slots({ practitioners: [lateShift], durationMinutes: 90, stepMinutes: 30 }), monday),
      ).toEqual(times('20:00', '22:30', 30));
    });

    it("runs a visit past midnight into the next day's window that starts at 00:00", () => {
      const overnight = practitioner(1, {
        windows: [hours(1, '20:00', '24:00'), hours(2, '00:00', '02:00')],
      });
      const result = slots({ practitioners: [overnight], durationMinutes: 90, stepMinutes: 30 });
      // Only Monday was asked for: Tuesday's window lets the visit finish but offers no start of its own.
      expect(result).toEqual(times('20:00', '23:30', 30).map((time) => ({ date: monday, time })));
      const tuesday = slots({
        practitioners: [overnight],
        durationMinutes: 90,
        stepMinutes: 30,
        dateRange: { start: '2026-06-02', end: '2026-06-02' },
      });
      expect(tuesday).toEqual(['00:00', '00:30'].map((time) => ({ date: '2026-06-02', time })));
    });

    it('blocks both days with a booking that spans midnight', () => {
      const overnight = practitioner(1, {
        windows: [hours(1, '20:00', '24:00'), hours(2, '00:00', '03:00')],
        appointments: [span(`${monday} 23:00`, '2026-06-02 01:00')],
      });
      const result = slots({
        practitioners: [overnight],
        dateRange: { start: monday, end: '2026-06-02' },
        stepMinutes: 60,
      });
      expect(result).toEqual([
        { date: monday, time: '20:00' },
        { date: monday, time: '21:00' },
        { date: monday, time: '22:00' },
        { date: '2026-06-02', time: '01:00' },
        { date: '2026-06-02', time: '02:00' },
      ]);
    });

    it('gives the same slots for a week whether a week or a month is asked for', () => {
      const busy = practitioner(1, {
        windows: [...weekdays('09:00', '17:00'), hours(6, '10:00', '24:00'), hours(7, '00:00', '04:00')],
        appointments: [
          span('2026-06-06 23:00', '2026-06-07 01:30'),
          span('2026-06-03 11:00', '2026-06-03 12:30'),
        ],
      });
      const week = slots({ practitioners: [busy], dateRange: { start: monday, end: '2026-06-07' } });
      const month = slots({ practitioners: [busy], dateRange: { start: '2026-05-25', end: '2026-06-30' } });
      expect(month.filter((slot) => slot.date >= monday && slot.date <= '2026-06-07')).toEqual(week);
    });

    it('is empty when the range ends before it starts', () => {
      expect(slots({ dateRange: { start: '2026-06-02', end: monday } })).toEqual([]);
    });
  });

  describe('daylight saving time in America/New_York (2026: spring forward March 8, fall back November 1)', () => {
    const allDay = practitioner(1, { windows: everyDay('00:00', '24:00') });

    it('skips the hour that does not exist on the spring-forward night', () => {
      const result = slots({
        practitioners: [allDay],
        dateRange: { start: '2026-03-08', end: '2026-03-08' },
        stepMinutes: 60,
      });
      expect(result.map((slot) => slot.time)).toEqual(['00:00', '01:00', ...times('03:00', '23:00', 60)]);
    });

    it('gives a window across the change its real length (01:00-04:00 is two hours that night)', () => {
      const night = practitioner(1, { windows: [hours(7, '01:00', '04:00')] });
      const query = { practitioners: [night], stepMinutes: 30, durationMinutes: 60 };
      const spring = slots({ ...query, dateRange: { start: '2026-03-08', end: '2026-03-08' } });
      // Real minutes from 01:00 EST: 01:00, 01:30, then 03:00 EDT (02:00 EST); the last start ends at 04:00.
      expect(spring.map((slot) => slot.time)).toEqual(['01:00', '01:30', '03:00']);
      const usual = slots({ ...query, dateRange: { start: '2026-03-01', end: '2026-03-01' } });
      expect(usual.map((slot) => slot.time)).toEqual(['01:00', '01:30', '02:00', '02:30', '03:00']);
      const fall = slots({ ...query, dateRange: { start: '2026-11-01', end: '2026-11-01' } });
      // Four real hours: 01:00 EDT, 01:30 EDT, 01:00 EST (again), 01:30 EST (again), 02:00, 02:30, 03:00.
      expect(fall.map((slot) => slot.time)).toEqual(['01:00', '01:30', '02:00', '02:30', '03:00']);
    });

    it('offers a time of the repeated hour once on the fall-back night, in order', () => {
      const result = slots({
        practitioners: [allDay],
        dateRange: { start: '2026-11-01', end: '2026-11-01' },
        stepMinutes: 30,
      });
      expect(result.map((slot) => slot.time)).toEqual(times('00:00', '23:30', 30));
    });

    it('still offers a repeated time when only its second occurrence is free', () => {
      // 05:00Z-06:00Z is 01:00-02:00 EDT, the first pass through the repeated hour.
      const firstPassBooked = practitioner(1, {
        windows: [hours(7, '00:00', '04:00')],
        appointments: [
          { start: Date.parse('2026-11-01T05:00:00Z'), end: Date.parse('2026-11-01T06:00:00Z') },
        ],
      });
      const result = slots({
        practitioners: [firstPassBooked],
        dateRange: { start: '2026-11-01', end: '2026-11-01' },
        stepMinutes: 30,
      });
      expect(result.map((slot) => slot.time)).toEqual(['00:00', '01:00', '01:30', '02:00', '02:30', '03:00']);
    });

    it('keeps a clinic at 9:00 local on both sides of the change, so UTC moves by an hour', () => {
      const clinic = practitioner(1, {
        windows: everyDay('09:00', '17:00'),
        // 13:00Z is 8:00 EST on Saturday March 7 and 9:00 EDT on Monday March 9.
        appointments: [
          { start: Date.parse('2026-03-07T13:00:00Z'), end: Date.parse('2026-03-07T14:00:00Z') },
          { start: Date.parse('2026-03-09T13:00:00Z'), end: Date.parse('2026-03-09T14:00:00Z') },
        ],
      });
      const result = slots({
        practitioners: [clinic],
        dateRange: { start: '2026-03-07', end: '2026-03-09' },
        stepMinutes: 60,
      });
      expect(timesOn(result, '2026-03-07')).toEqual(times('09:00', '16:00', 60));
      expect(timesOn(result, '2026-03-08')).toEqual(times('09:00', '16:00', 60));
      expect(timesOn(result, '2026-03-09')).toEqual(times('10:00', '16:00', 60));
    });

    it('offers whole spring-forward and fall-back weeks of a 9-17 clinic unchanged', () => {
      const clinic = [practitioner(1, { windows: everyDay('09:00', '17:00') })];
      for (const [start, end] of [
        ['2026-03-05', '2026-03-11'],
        ['2026-10-29', '2026-11-04'],
      ] as const) {
        const result = slots({ practitioners: clinic, dateRange: { start, end } });
        expect(result).toHaveLength(7 * 29);
        expect(new Set(result.map((slot) => slot.time))).toEqual(new Set(times('09:00', '16:00', 15)));
      }
    });

    it('skips a window that lies wholly in the skipped hour', () => {
      const ghost = practitioner(1, { windows: [hours(7, '02:00', '02:45')] });
      const result = slots({
        practitioners: [ghost],
        durationMinutes: 15,
        dateRange: { start: '2026-03-08', end: '2026-03-08' },
      });
      expect(result).toEqual([]);
    });
  });

  describe('daylight saving time elsewhere', () => {
    it('Europe/London: no 01:xx on March 29, 2026 and 01:xx once on October 25, 2026', () => {
      const allDay = practitioner(1, { windows: everyDay('00:00', '24:00') });
      const spring = slots({
        timeZone: london,
        practitioners: [allDay],
        dateRange: { start: '2026-03-29', end: '2026-03-29' },
        stepMinutes: 30,
      });
      expect(spring.map((slot) => slot.time)).toEqual(['00:00', '00:30', ...times('02:00', '23:30', 30)]);
      const autumn = slots({
        timeZone: london,
        practitioners: [allDay],
        dateRange: { start: '2026-10-25', end: '2026-10-25' },
        stepMinutes: 30,
      });
      expect(autumn.map((slot) => slot.time)).toEqual(times('00:00', '23:30', 30));
    });

    it('Europe/London: a 9:00 booking in BST is 8:00 UTC', () => {
      const booked = practitioner(1, {
        appointments: [
          { start: Date.parse('2026-06-01T08:00:00Z'), end: Date.parse('2026-06-01T09:00:00Z') },
        ],
      });
      const result = slots({ timeZone: london, practitioners: [booked], stepMinutes: 60 });
      expect(timesOn(result, monday)).toEqual(times('10:00', '16:00', 60));
    });

    it('Australia/Sydney (southern hemisphere): 02:xx happens twice on April 5, 2026 and never on October 4, 2026', () => {
      const allDay = practitioner(1, { windows: everyDay('00:00', '24:00') });
      const query = { timeZone: sydney, practitioners: [allDay], stepMinutes: 60 };
      const autumn = slots({ ...query, dateRange: { start: '2026-04-05', end: '2026-04-05' } });
      expect(autumn.map((slot) => slot.time)).toEqual(times('00:00', '23:00', 60));
      const spring = slots({ ...query, dateRange: { start: '2026-10-04', end: '2026-10-04' } });
      expect(spring.map((slot) => slot.time)).toEqual(['00:00', '01:00', ...times('03:00', '23:00', 60)]);
    });

    it('Australia/Sydney: a clinic day is 9:00 local before and after the change', () => {
      const clinic = practitioner(1, {
        windows: everyDay('09:00', '11:00'),
        appointments: [span('2026-04-06 09:00', '2026-04-06 10:00', sydney)],
      });
      const result = slots({
        timeZone: sydney,
        practitioners: [clinic],
        dateRange: { start: '2026-04-04', end: '2026-04-06' },
        stepMinutes: 60,
      });
      expect(result).toEqual([
        { date: '2026-04-04', time: '09:00' },
        { date: '2026-04-04', time: '10:00' },
        { date: '2026-04-05', time: '09:00' },
        { date: '2026-04-05', time: '10:00' },
        { date: '2026-04-06', time: '10:00' },
      ]);
    });
  });

  it('offers the local times on both sides of an offset change of seconds (Monrovia, 7 January 1972)', () => {
    // Until then 44 min 30 s behind UTC, then on it: the second day's starts lie half a minute off
    // the minute grid that the first day's midnight begins.
    const result = findAvailableSlots({
      timeZone: 'Africa/Monrovia',
      dateRange: { start: '1972-01-06', end: '1972-01-07' },
      durationMinutes: 30,
      stepMinutes: 30,
      noticeMinutes: 0,
      now: new Date('1970-01-01T00:00:00Z'),
      practitioners: [practitioner(1, { windows: everyDay('09:00', '10:00') })],
    });
    expect(result).toEqual([
      { date: '1972-01-06', time: '09:00' },
      { date: '1972-01-06', time: '09:30' },
      { date: '1972-01-07', time: '09:00' },
      { date: '1972-01-07', time: '09:30' },
    ]);
  });

  describe('refuses input that is a programming error', () => {
    it.each([
      ['a zero duration', { durationMinutes: 0 }],
      ['a fractional step', { stepMinutes: 7.5 }],
      ['a negative notice', { noticeMinutes: -1 }],
      ['an unknown zone', { timeZone: 'Mars/Olympus_Mons' }],
      ['a date that does not exist', { dateRange: { start: '2026-02-30', end: '2026-03-01' } }],
      ['a date in another format', { dateRange: { start: '06/01/2026', end: '2026-06-02' } }],
    ])('%s', (_name, overrides) => {
      expect(() => slots(overrides as Partial<AvailabilityQuery>)).toThrow(RangeError);
    });
  });
});

describe('choosePractitioner', () => {
  const rules = {
    timeZone: newYork,
    durationMinutes: 60,
    stepMinutes: 15,
    noticeMinutes: 0,
    now: longAgo,
  };

  it('gives the free practitioner and the exact instants of the visit', () => {
    const choice = choosePractitioner({
      ...rules,
      slot: { date: monday, time: '10:15' },
      practitioners: [practitioner(7, { appointments: [span(`${monday} 09:00`, `${monday} 10:15`)] })],
    });
    expect(choice).toEqual({
      practitionerId: 7,
      startsAt: new Date('2026-06-01T14:15:00Z'),
      endsAt: new Date('2026-06-01T15:15:00Z'),
    });
  });

  it('prefers the practitioner with the fewest appointments that day, then the lowest id', () => {
    const busy = practitioner(1, {
      appointments: [span(`${monday} 09:00`, `${monday} 10:00`), span(`${monday} 15:00`, `${monday} 16:00`)],
    });
    const lighter = practitioner(3, {
      appointments: [
        span(`${monday} 16:00`, `${monday} 17:00`),
        span('2026-06-02 09:00', '2026-06-02 17:00'),
      ],
    });
    const alsoLight = practitioner(2, { appointments: [span(`${monday} 09:00`, `${monday} 09:30`)] });
    const slot = { date: monday, time: '11:00' };
    expect(
      choosePractitioner({ ...rules, slot, practitioners: [busy, lighter, alsoLight] })?.practitionerId,
    ).toBe(2);
    expect(choosePractitioner({ ...rules, slot, practitioners: [busy, lighter] })?.practitionerId).toBe(3);
    const idle = [practitioner(9), practitioner(4)];
    expect(choosePractitioner({ ...rules, slot, practitioners: idle })?.practitionerId).toBe(4);
  });

  it('skips a practitioner who is busy then, off the grid then, or outside their hours', () => {
    const booked = practitioner(1, { appointments: [span(`${monday} 10:30`, `${monday} 11:00`)] });
    const offGrid = practitioner(2, { windows: [hours(1, '09:05', '17:00')] });
    const free = practitioner(3);
    const slot = { date: monday, time: '10:00' };
    expect(
      choosePractitioner({ ...rules, slot, practitioners: [booked, offGrid, free] })?.practitionerId,
    ).toBe(3);
    expect(choosePractitioner({ ...rules, slot, practitioners: [booked, offGrid] })).toBeNull();
    expect(
      choosePractitioner({ ...rules, slot: { date: monday, time: '16:15' }, practitioners: [free] }),
    ).toBeNull();
  });

  it('respects the notice', () => {
    const now = new Date(at(`${monday} 09:30`));
    const query = { ...rules, now, noticeMinutes: 60, practitioners: [practitioner(1)] };
    expect(choosePractitioner({ ...query, slot: { date: monday, time: '10:15' } })).toBeNull();
    expect(choosePractitioner({ ...query, slot: { date: monday, time: '10:30' } })).not.toBeNull();
  });

  it('books the free occurrence of a repeated time on the fall-back night', () => {
    const night = practitioner(1, {
      windows: [hours(7, '00:00', '04:00')],
      appointments: [{ start: Date.parse('2026-11-01T05:00:00Z'), end: Date.parse('2026-11-01T06:00:00Z') }],
    });
    const choice = choosePractitioner({
      ...rules,
      slot: { date: '2026-11-01', time: '01:30' },
      practitioners: [night],
    });
    // 01:30 EST is 06:30Z; 01:30 EDT (05:30Z) is booked.
    expect(choice?.startsAt).toEqual(new Date('2026-11-01T06:30:00Z'));
    const free = practitioner(1, { windows: [hours(7, '00:00', '04:00')] });
    const first = choosePractitioner({
      ...rules,
      slot: { date: '2026-11-01', time: '01:30' },
      practitioners: [free],
    });
    expect(first?.startsAt).toEqual(new Date('2026-11-01T05:30:00Z'));
  });

  it('finds nobody for a time that does not exist', () => {
    const allDay = practitioner(1, { windows: everyDay('00:00', '24:00') });
    expect(
      choosePractitioner({ ...rules, slot: { date: '2026-03-08', time: '02:30' }, practitioners: [allDay] }),
    ).toBeNull();
  });

  it('agrees with findAvailableSlots on random schedules: a time is offered exactly when someone can take it', () => {
    const { random, pick } = seededRandom(42);
    const dates = ['2026-10-30', '2026-10-31', '2026-11-01', '2026-11-02'];
    let offeredCount = 0;
    let refusedCount = 0;
    for (let round = 0; round < 20; round++) {
      // Windows on and off one another's step grid; every other practitioner's appointments in order
      // (overlapping, as held time read by week can touch), the others' as they come.
      const practitioners = [1, 2, 3, 4].map((id) => {
        const appointments = Array.from({ length: 6 }, () => {
          const start = at(`${pick(dates)} ${pick(['00:30', '01:15', '09:00', '11:45', '16:00', '23:30'])}`);
          return { start, end: start + pick([30, 45, 90, 150]) * 60_000 };
        });
        return practitioner(id, {
          windows: [1, 2, 3, 4, 5, 6, 7].flatMap((weekday) =>
            random() < 0.7
              ? [
                  hours(
                    weekday,
                    pick(['00:00', '08:00', '09:10', '09:30']),
                    pick(['12:00', '17:45', '24:00']),
                  ),
                ]
              : [],
          ),
          appointments: id % 2 === 0 ? appointments.sort((a, b) => a.start - b.start) : appointments,
        });
      });
      const query = {
        ...rules,
        durationMinutes: pick([30, 45, 75]),
        stepMinutes: pick([15, 30]),
        practitioners,
      };
      const offered = findAvailableSlots({
        ...query,
        dateRange: { start: dates[0] as string, end: '2026-11-02' },
      });
      const offeredKeys = new Set(offered.map((slot) => `${slot.date} ${slot.time}`));
      for (const date of dates) {
        for (const time of times('00:00', '23:45', 15)) {
          const choice = choosePractitioner({ ...query, slot: { date, time } });
          expect(choice !== null, `${date} ${time}`).toBe(offeredKeys.has(`${date} ${time}`));
          if (choice) offeredCount++;
          else refusedCount++;
        }
      }
    }
    // Both outcomes are well exercised.
    expect(offeredCount).toBeGreaterThan(1000);
    expect(refusedCount).toBeGreaterThan(1000);
  });
});

describe('held time as flat edges', () => {
  const rules = { timeZone: newYork, noticeMinutes: 0, now: longAgo };
  /** Appointments merged into flat edges, their starts kept: held time as availability reads it. */
  const asEdges = (appointments: Interval[]) => {
    const merged: Interval[] = [];
    for (const { start, end } of [...appointments].sort((a, b) => a.start - b.start)) {
      const last = merged[merged.length - 1];
      if (last && start <= last.end) last.end = Math.max(last.end, end);
      else merged.push({ start, end });
    }
    return {
      appointments: Float64Array.from(merged.flatMap(({ start, end }) => [start, end])),
      appointmentStarts: appointments.map(({ start }) => start).sort((a, b) => a - b),
    };
  };

  it('offers and ranks exactly as the appointments themselves, on random schedules', () => {
    const { random, pick } = seededRandom(7);
    for (let round = 0; round < 20; round++) {
      const schedules = [1, 2, 3].map((id) => {
        const appointments = Array.from({ length: 8 }, () => {
          const start = at(
            `2026-06-0${pick([1, 2, 3])} ${pick(['08:30', '09:00', '10:15', '13:45', '16:30'])}`,
          );
          return { start, end: start + pick([15, 45, 120]) * 60_000 };
        });
        const timeOff = random() < 0.3 ? [span(`${monday} 12:00`, `${monday} 13:00`)] : [];
        return { id, timeOff, appointments };
      });
      const query = { ...rules, durationMinutes: pick([30, 60]), stepMinutes: pick([15, 30]) };
      const asGiven = schedules.map(({ id, ...rest }) => practitioner(id, rest));
      const asRead = schedules.map(({ id, timeOff, appointments }) =>
        practitioner(id, { timeOff, ...asEdges(appointments) }),
      );
      const dateRange = { start: monday, end: '2026-06-03' };
      expect(findAvailableSlots({ ...query, dateRange, practitioners: asRead })).toEqual(
        findAvailableSlots({ ...query, dateRange, practitioners: asGiven }),
      );
      const slot = { date: '2026-06-02', time: pick(['09:00', '11:30', '15:00']) };
      expect(rankPractitioners({ ...query, slot, practitioners: asRead })).toEqual(
        rankPractitioners({ ...query, slot, practitioners: asGiven }),
      );
    }
  });

  it('cuts a moved appointment out of the held time, keeping what is held either side', () => {
    const held = Float64Array.from([0, 100, 100, 300, 500, 600]);
    expect(withoutHeldTime(held, 100, 200)).toEqual(Float64Array.from([0, 100, 200, 300, 500, 600]));
    expect(withoutHeldTime([{ start: 0, end: 300 }], 0, 300)).toEqual(new Float64Array(0));
  });
});

describe('workingMinutes', () => {
  const week = { start: monday, end: '2026-06-07' };

  it('counts the weekly windows of the dates, both ends included', () => {
    expect(workingMinutes(practitioner(1), newYork, week)).toBe(5 * 8 * 60);
    expect(workingMinutes(practitioner(1), newYork, { start: monday, end: monday })).toBe(8 * 60);
    expect(workingMinutes(practitioner(1), newYork, { start: '2026-06-02', end: monday })).toBe(0);
  });

  it("takes a changed day's hours instead of the weekly ones, and takes time off away", () => {
    const changed = practitioner(1, {
      dayChanges: [
        { date: '2026-06-02', windows: [{ startMinute: 12 * 60, endMinute: 15 * 60 }] },
        { date: '2026-06-06', windows: [{ startMinute: 10 * 60, endMinute: 12 * 60 }] },
        { date: '2026-06-03', windows: [] },
      ],
      // Two hours on Thursday, and a span wholly outside the windows that changes nothing.
      timeOff: [span('2026-06-04 08:00', '2026-06-04 11:00'), span('2026-06-05 18:00', '2026-06-05 20:00')],
      appointments: [span(`${monday} 09:00`, `${monday} 12:00`)],
    });
    // Mon 8 h, Tue 3 h, Wed none, Thu 8 - 2 h, Fri 8 h, Sat 2 h; appointments are work.
    expect(workingMinutes(changed, newYork, week)).toBe((8 + 3 + 0 + 6 + 8 + 2) * 60);
  });

  it('counts real minutes on the nights the clocks change', () => {
    const allDay = practitioner(1, { windows: everyDay('00:00', '24:00') });
    // New York springs forward on 2026-03-08 and falls back on 2026-11-01.
    expect(workingMinutes(allDay, newYork, { start: '2026-03-08', end: '2026-03-08' })).toBe(23 * 60);
    expect(workingMinutes(allDay, newYork, { start: '2026-11-01', end: '2026-11-01' })).toBe(25 * 60);
  });
});
