/** Waitlist time-of-day windows, in the order the spec keeps them. */
export const TIMES_OF_DAY = ['morning', 'afternoon', 'evening'] as const;

export type TimeOfDay = (typeof TIMES_OF_DAY)[number];

/** The waitlist windows, local hours [from, to). */
export const TIME_OF_DAY_WINDOWS: Record<TimeOfDay, { from: number; to: number }> = {
  morning: { from: 8, to: 12 },
  afternoon: { from: 12, to: 16 },
  evening: { from: 16, to: 20 },
};

/**
 * Slot grouping, for a time 'HH:mm': AM is morning; PM before 6, or at 12, is afternoon;
 * PM from 6 to 11 is evening.
 */
export function timeOfDayOfSlot(time: string): TimeOfDay {
  const hour = Number(time.slice(0, 2));
  if (hour < 12) return 'morning';
  if (hour < 18) return 'afternoon';
  return 'evening';
}

/** Times of day without repeats, in the spec's order: morning, afternoon, evening. */
export function sortTimesOfDay(times: readonly TimeOfDay[]): TimeOfDay[] {
  return TIMES_OF_DAY.filter((time) => times.includes(time));
}

/** Slots grouped Morning, Afternoon, Evening, each group keeping the slots' order. */
export function groupSlotsByTimeOfDay<T extends { time: string }>(slots: readonly T[]) {
  return TIMES_OF_DAY.map((timeOfDay) => ({
    timeOfDay,
    slots: slots.filter((slot) => timeOfDayOfSlot(slot.time) === timeOfDay),
  })).filter((group) => group.slots.length > 0);
}
