import { describe, expect, it } from 'vitest';
import { requestFixture } from '../test/test-support';
import {
  appointmentDay,
  appointmentTimes,
  parseDay,
  rangeLabel,
  scheduleDays,
  scheduleOf,
  shiftDay,
} from './schedule-range';

describe('the schedule’s days', () => {
  it('shows one day, or the Monday-to-Sunday week around it', () => {
    expect(scheduleDays('day', '2030-01-09')).toEqual(['2030-01-09']);
    expect(scheduleDays('week', '2030-01-09')).toEqual([
      '2030-01-07',
      '2030-01-08',
      '2030-01-09',
      '2030-01-10',
      '2030-01-11',
      '2030-01-12',
      '2030-01-13',
    ]);
    expect(rangeLabel('week', '2030-01-13')).toBe('Week of Monday, January 7, 2030');
    expect(rangeLabel('day', '2030-01-09')).toBe('Wednesday, January 9, 2030');
  });

  it('moves by a day or a week, across months', () => {
    expect(shiftDay('day', '2030-01-31', 1)).toBe('2030-02-01');
    expect(shiftDay('week', '2030-01-03', -1)).toBe('2029-12-27');
  });

  it('takes only real yyyy-MM-dd days from the address', () => {
    expect(parseDay('2030-01-09')).toBe('2030-01-09');
    expect([parseDay('2030-02-30'), parseDay('tomorrow'), parseDay(null)]).toEqual([null, null, null]);
  });

  it('places an appointment on its local day and times in its place’s zone', () => {
    // 04:30 UTC on the 9th is still the 8th in Denver.
    const late = {
      start: '2030-01-09T04:30:00.000Z',
      end: '2030-01-09T05:00:00.000Z',
      timeZone: 'America/Denver',
    };
    expect(appointmentDay(late)).toBe('2030-01-08');
    expect(appointmentTimes(late)).toBe('9:30 PM – 10:00 PM MST');
  });

  it('groups booked and pending appointments per day and place (clinics, then at home), soonest first', () => {
    const home = requestFixture({ id: '3', clinic: null, start: '2030-01-08T14:00:00.000Z' });
    const later = requestFixture({ id: '2', status: 'BOOKED', start: '2030-01-08T18:00:00.000Z' });
    const sooner = requestFixture({ id: '1', start: '2030-01-08T15:00:00.000Z' });
    const cancelled = requestFixture({ id: '4', status: 'CANCELLED' });
    const schedule = scheduleOf(['2030-01-08', '2030-01-09'], [home, later, cancelled, sooner]);
    expect(
      schedule.map(({ day, places }) => [day, places.map((p) => [p.name, p.appointments.map((a) => a.id)])]),
    ).toEqual([
      [
        '2030-01-08',
        [
          ['Glow Midtown', ['1', '2']],
          ['At-home visits', ['3']],
        ],
      ],
      ['2030-01-09', []],
    ]);
  });
});
