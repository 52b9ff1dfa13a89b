import { describe, expect, it } from 'vitest';
import { recapPlace, recapServices, recapWhen } from './request-recap';
import { clinicRequest, waitlistRequest } from './test-requests';

describe('the /success recap', () => {
  it('lists each add-on under its procedure, with durations as the rest of the app shows them', () => {
    expect(recapServices(clinicRequest.recap.procedures)).toEqual([
      {
        id: '1',
        name: 'Drip',
        duration: '1 hr',
        addOns: [{ id: '51', name: 'Boost', duration: '15 min' }],
      },
      { id: '2', name: 'Shot', duration: '30 min', addOns: [] },
    ]);
  });

  it('shows no duration for a procedure without one', () => {
    expect(recapServices([{ id: '9', name: 'Consult', isAddOn: false, duration: [] }])).toEqual([
      { id: '9', name: 'Consult', duration: null, addOns: [] },
    ]);
  });

  it("shows the held time in the place's time zone, whatever the browser's", () => {
    expect(recapWhen(clinicRequest.recap)).toEqual({
      kind: 'time',
      date: 'Wednesday, December 2, 2026',
      time: '10:30 AM – 12:15 PM PST',
    });
  });

  it('shows a waitlist request day by day with its times of day, in order', () => {
    expect(recapWhen(waitlistRequest.recap)).toEqual({
      kind: 'waitlist',
      days: [
        { date: 'Wednesday, Dec 2, 2026', times: 'Morning, Afternoon' },
        { date: 'Thursday, Dec 3, 2026', times: 'Evening' },
      ],
    });
  });

  it('shows a window that is no time of day by its hours', () => {
    const recap = {
      ...waitlistRequest.recap,
      waitlistWindows: [{ start: '2026-12-02T14:30:00.000Z', end: '2026-12-02T16:00:00.000Z' }],
    };
    expect(recapWhen(recap)).toEqual({
      kind: 'waitlist',
      days: [{ date: 'Wednesday, Dec 2, 2026', times: '9:30 AM – 11:00 AM' }],
    });
  });

  it("names the clinic and its address, or only the client's own address", () => {
    expect(recapPlace(clinicRequest.recap)).toBe('Glow Venice, 1 Main St, Los Angeles, CA 90291');
    expect(recapPlace(waitlistRequest.recap)).toBe('350 5th Ave, New York, NY 10118');
  });
});
