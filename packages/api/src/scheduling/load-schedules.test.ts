import { describe, expect, it } from 'vitest';
import { type ScheduleRow, toSchedules, weekdaysAround } from './load-schedules';

const row: ScheduleRow = {
  marketplace: {
    id: 1,
    providesAtHome: true,
    serviceAreaLatitude: 40.7128,
    serviceAreaLongitude: -74.006,
    serviceAreaRadiusKm: 60,
    serviceAreaZipCodes: [],
    slotStepMinutes: 15,
    minimumNoticeMinutes: 120,
    bookingHorizonMonths: 12,
  },
  clinic: { name: 'Midtown', address: '1 Main St' },
  timeZone: 'America/New_York',
  procedures: [{ id: 1001, name: "Myers' Cocktail", isAddOn: false, minimumDuration: 45, offered: true }],
  practitioners: [
    {
      id: 151,
      name: 'Dana Whitfield, RN',
      windows: [
        [1, 540, 1020],
        [2, 540, 1020],
      ],
      dayChanges: [{ date: '2026-06-06', windows: [[600, 840]] }],
      timeOff: [[1780401600000, 1780488000000]],
      // The week from Monday 2026-06-01 (1780272000000): 2026-06-02 15:00-15:45 UTC.
      held: [['2026-06-01', [140400, 143100], [140400]]],
    },
  ],
};

describe('toSchedules', () => {
  it('reads windows as weekday and minutes, day changes as dates with minutes, and time off as intervals and held time as flat edges, in epoch ms', () => {
    expect(toSchedules(row).practitioners).toEqual([
      {
        id: 151,
        name: 'Dana Whitfield, RN',
        windows: [
          { weekday: 1, startMinute: 540, endMinute: 1020 },
          { weekday: 2, startMinute: 540, endMinute: 1020 },
        ],
        dayChanges: [{ date: '2026-06-06', windows: [{ startMinute: 600, endMinute: 840 }] }],
        timeOff: [{ start: 1780401600000, end: 1780488000000 }],
        appointments: new Float64Array([1780412400000, 1780415100000]),
        appointmentStarts: [1780412400000],
      },
    ]);
  });

  it('keeps the marketplace, the clinic found, the zone and the procedures as the statement gives them', () => {
    const { practitioners: _practitioners, ...rest } = toSchedules(row);
    expect(rest).toEqual({
      marketplace: row.marketplace,
      clinic: { name: 'Midtown', address: '1 Main St' },
      timeZone: 'America/New_York',
      procedures: [{ id: 1001, name: "Myers' Cocktail", isAddOn: false, minimumDuration: 45, offered: true }],
    });
  });

  it('gives no practitioners when none is eligible', () => {
    expect(toSchedules({ ...row, practitioners: [] }).practitioners).toEqual([]);
  });
});

describe('weekdaysAround', () => {
  it('gives the weekdays of the asked days and a day either side', () => {
    // Wednesday 2026-06-03; Sunday 2026-06-07.
    expect(weekdaysAround({ start: '2026-06-03', end: '2026-06-03' })).toEqual([2, 3, 4]);
    expect(weekdaysAround({ start: '2026-06-07', end: '2026-06-07' })).toEqual([1, 6, 7]);
    expect(weekdaysAround({ start: '2026-06-03', end: '2026-06-06' })).toEqual([2, 3, 4, 5, 6, 7]);
  });

  it('gives every weekday for five asked days or more, and for dates it cannot read', () => {
    expect(weekdaysAround({ start: '2026-06-01', end: '2026-06-05' })).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(weekdaysAround({ start: '2026-06-01', end: '2026-07-01' })).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(weekdaysAround({ start: '', end: '' })).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});
