/** Waitlist time-of-day windows, in the order the spec keeps them (spec 3, 9). */
export const TIMES_OF_DAY = ['morning', 'afternoon', 'evening'] as const;

export type TimeOfDay = (typeof TIMES_OF_DAY)[number];
