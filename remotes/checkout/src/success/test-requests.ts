import type { RecappedRequest } from './last-request';

/** A Drip with its Boost add-on and a Shot at a Los Angeles clinic, 10:30-12:15 local on 2 Dec 2026. */
export const clinicRequest: RecappedRequest = {
  id: '4711',
  status: 'PENDING',
  dueOnConfirmation: 2500,
  recap: {
    marketplaceName: 'Glow Mobile IV',
    procedures: [
      { id: '1', name: 'Drip', isAddOn: false, duration: [90, 60] },
      { id: '51', name: 'Boost', isAddOn: true, duration: [15] },
      { id: '2', name: 'Shot', isAddOn: false, duration: [30] },
    ],
    clinicName: 'Glow Venice',
    address: '1 Main St, Los Angeles, CA 90291',
    timeZone: 'America/Los_Angeles',
    // 10:30 PST is 18:30 UTC.
    start: '2026-12-02T18:30:00.000Z',
    end: '2026-12-02T20:15:00.000Z',
    waitlistWindows: [],
    total: 19944,
  },
};

/** A waitlist request in New York: 3 Dec evening, 2 Dec afternoon and morning (sent out of order). */
export const waitlistRequest: RecappedRequest = {
  id: '77',
  status: 'WAITLISTED',
  dueOnConfirmation: 0,
  recap: {
    marketplaceName: 'Glow Mobile IV',
    procedures: [{ id: '2', name: 'Shot', isAddOn: false, duration: [30] }],
    clinicName: null,
    address: '350 5th Ave, New York, NY 10118',
    timeZone: 'America/New_York',
    start: null,
    end: null,
    waitlistWindows: [
      { start: '2026-12-03T21:00:00.000Z', end: '2026-12-04T01:00:00.000Z' },
      { start: '2026-12-02T17:00:00.000Z', end: '2026-12-02T21:00:00.000Z' },
      { start: '2026-12-02T13:00:00.000Z', end: '2026-12-02T17:00:00.000Z' },
    ],
    total: 7050,
  },
};
