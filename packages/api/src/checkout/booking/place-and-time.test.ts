import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Geocoder } from '../../catalogue';
import { type CheckoutTestContext, createCheckoutTestContext, newYork } from '../../test/checkout';
import { testDatabases } from '../../test/databases';
import { SlotTakenError, slotTakenMessage } from '../errors';
import type { BookingTime } from './booking-request';
import { checkCartAtPlace, checkRequestedTime, waitlistRanges } from './place-and-time';

// 10:00 in New York.
const now = new Date('2030-01-15T15:00:00Z');

describe('waitlistRanges', () => {
  it('turns local ranges into instants at the place, across a change of the clocks, keeping the local times', () => {
    // New York's clocks go forward at 02:00 on 10 March 2030.
    expect(waitlistRanges([{ date: '2030-03-10', start: '01:00', end: '04:00' }], newYork, now, 12)).toEqual([
      {
        startsAt: new Date('2030-03-10T06:00:00Z'),
        endsAt: new Date('2030-03-10T08:00:00Z'),
        localStart: '2030-03-10T01:00',
        localEnd: '2030-03-10T04:00',
      },
    ]);
  });

  it('takes a range that has begun but not ended, and refuses one that has ended', () => {
    expect(
      waitlistRanges([{ date: '2030-01-15', start: '09:00', end: '10:15' }], newYork, now, 12),
    ).toHaveLength(1);
    expect(() =>
      waitlistRanges([{ date: '2030-01-15', start: '09:00', end: '10:00' }], newYork, now, 12),
    ).toThrow('Waitlist times must be in the future.');
  });

  it('takes dates through the last day of the booking horizon, and refuses later ones', () => {
    expect(
      waitlistRanges([{ date: '2031-01-15', start: '09:00', end: '10:00' }], newYork, now, 12),
    ).toHaveLength(1);
    expect(() =>
      waitlistRanges([{ date: '2031-01-16', start: '09:00', end: '10:00' }], newYork, now, 12),
    ).toThrow('Waitlist dates must be within the booking window.');
  });
});

describe.each(testDatabases)('the place and the time of a booking, on $name', (factory) => {
  let context: CheckoutTestContext;
  const geocoder = { zipCodeAt: async () => null } as unknown as Geocoder;
  beforeAll(async () => {
    context = await createCheckoutTestContext(factory);
  });
  afterAll(() => context.handle.dispose());

  /** Marketplace 80's clinic 801, where practitioner 801 gives Drip (60 min) every day 09:00-17:00. */
  const atTheClinic = (when: BookingTime) => ({ place: { organizationId: 801 }, procedureIds: [8001], when });
  const timeAtTheClinic = async (date: string, time: string) => {
    const ports = { db: context.handle.database.db, geocoder };
    const place = await checkCartAtPlace(ports, 80, atTheClinic({ kind: 'time', date, time }));
    return checkRequestedTime(place, { kind: 'time', date, time }, now);
  };

  it("refuses an address outside the marketplace's service area", async () => {
    const boston = {
      address: '1 City Hall Sq, Boston, MA',
      location: { latitude: 42.3603, longitude: -71.0579 },
    };
    const when: BookingTime = { kind: 'time', date: '2030-01-16', time: '11:00' };
    const request = { place: boston, procedureIds: [8001], when };
    await expect(checkCartAtPlace({ db: context.handle.database.db, geocoder }, 80, request)).rejects.toThrow(
      'This address is outside the area this marketplace serves.',
    );
  });

  it("keeps a free time with the place's slot rules and practitioners, for holding it", async () => {
    const time = await timeAtTheClinic('2030-01-16', '11:00');
    if (time.kind !== 'time') throw new Error('Expected a time.');
    expect(time.slot).toEqual({ date: '2030-01-16', time: '11:00' });
    expect(time.rules).toEqual({
      timeZone: newYork,
      durationMinutes: 60,
      stepMinutes: 15,
      noticeMinutes: 120,
      now,
    });
    expect(time.candidates.map((candidate) => candidate.id)).toEqual([801]);
  });

  it.each([
    ['when no one works', '2030-01-16', '17:30'],
    ['within the minimum notice', '2030-01-15', '11:00'],
    ['past the booking horizon', '2031-01-16', '11:00'],
  ])('answers SLOT_TAKEN for a time %s', async (_, date, time) => {
    const answer = timeAtTheClinic(date, time);
    await expect(answer).rejects.toBeInstanceOf(SlotTakenError);
    await expect(answer).rejects.toThrow(slotTakenMessage);
  });
});
