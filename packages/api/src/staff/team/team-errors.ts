// The Team section's failures a page reacts to, each with its own GraphQL code.

/** New hours overlap the practitioner's hours at another location on the same day (HOURS_OVERLAP). */
export class HoursOverlapError extends Error {
  override readonly name = 'HoursOverlapError';
}

/** The change would leave the marketplace without an owner (LAST_OWNER). */
export class LastOwnerError extends Error {
  override readonly name = 'LastOwnerError';
}

/** The invited address is already on the marketplace's staff (ALREADY_STAFF). */
export class AlreadyStaffError extends Error {
  override readonly name = 'AlreadyStaffError';
}

export const teamMessages = {
  lastOwner: 'The marketplace must keep at least one owner: make someone else an owner first.',
  alreadyStaff: 'This address is already on the staff.',
  noAtHome: 'This marketplace does not offer at-home visits.',
  hoursOverlap: (location: string, weekday: string) => `These hours overlap ${location} hours on ${weekday}.`,
} as const;
