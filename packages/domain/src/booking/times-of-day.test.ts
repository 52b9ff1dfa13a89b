import { describe, expect, it } from 'vitest';
import { groupSlotsByTimeOfDay, sortTimesOfDay, timeOfDayOfSlot } from './times-of-day';

describe('timeOfDayOfSlot', () => {
  it.each([
    ['00:00', 'morning'],
    ['08:00', 'morning'],
    ['11:59', 'morning'],
    ['12:00', 'afternoon'],
    ['12:30', 'afternoon'],
    ['17:45', 'afternoon'],
    ['18:00', 'evening'],
    ['23:30', 'evening'],
  ])('%s is %s', (time, expected) => {
    expect(timeOfDayOfSlot(time)).toBe(expected);
  });
});

describe('sortTimesOfDay', () => {
  it('keeps the order morning, afternoon, evening and drops repeats', () => {
    expect(sortTimesOfDay(['evening', 'morning', 'evening'])).toEqual(['morning', 'evening']);
  });
});

describe('groupSlotsByTimeOfDay', () => {
  it('groups slots Morning, Afternoon, Evening and leaves out empty groups', () => {
    const groups = groupSlotsByTimeOfDay([
      { date: 'd', time: '09:00' },
      { date: 'd', time: '18:30' },
      { date: 'd', time: '10:15' },
    ]);
    expect(groups).toEqual([
      {
        timeOfDay: 'morning',
        slots: [
          { date: 'd', time: '09:00' },
          { date: 'd', time: '10:15' },
        ],
      },
      { timeOfDay: 'evening', slots: [{ date: 'd', time: '18:30' }] },
    ]);
  });
});
