import { describe, expect, it } from 'vitest';
import { bookingPayment, bookingPlace, bookingTime } from './booking-choices';

const home = { address: '1 Main St, New York, NY 10001', latitude: 40.75, longitude: -73.99 };
const card = {
  token: 'tok_sandbox_visa',
  identity: { firstName: 'Ana', lastName: 'Lee', email: 'ana@example.com', phone: null, postalCode: null },
};

describe('the place of a booking', () => {
  it('is the clinic by its id, or the address with its map point', () => {
    expect(bookingPlace(7, null)).toEqual({ organizationId: 7 });
    expect(bookingPlace(undefined, home)).toEqual({
      address: '1 Main St, New York, NY 10001',
      location: { latitude: 40.75, longitude: -73.99 },
    });
  });

  it('is refused when neither or both are given, each with its own message', () => {
    expect(bookingPlace(null, undefined)).toEqual({ problem: 'Choose a clinic or enter your address.' });
    expect(bookingPlace(7, home)).toEqual({
      problem: 'Choose a clinic (organizationId) or an address, not both.',
    });
  });
});

describe('the payment of a booking', () => {
  it('is the saved card, else the new card, else none', () => {
    expect(bookingPayment({ paymentInstrumentId: 3, card: null })).toEqual({ paymentInstrumentId: 3 });
    expect(bookingPayment({ paymentInstrumentId: null, card })).toEqual({ card });
    expect(bookingPayment({})).toBeNull();
    expect(bookingPayment(undefined)).toBeNull();
  });
});

describe('the time of a booking', () => {
  it('is one time when the only range starts where it ends', () => {
    expect(bookingTime([{ start: '2026-03-04T09:30', end: '2026-03-04T09:30' }])).toEqual({
      kind: 'time',
      date: '2026-03-04',
      time: '09:30',
    });
  });

  it('is a waitlist of ranges within a day otherwise', () => {
    expect(
      bookingTime([
        { start: '2026-03-04T08:00', end: '2026-03-04T12:00' },
        { start: '2026-03-05T16:00', end: '2026-03-05T20:00' },
      ]),
    ).toEqual({
      kind: 'waitlist',
      ranges: [
        { date: '2026-03-04', start: '08:00', end: '12:00' },
        { date: '2026-03-05', start: '16:00', end: '20:00' },
      ],
    });
  });

  it.each([
    [{ start: '2026-03-04T20:00', end: '2026-03-05T08:00' }],
    [{ start: '2026-03-04T12:00', end: '2026-03-04T08:00' }],
  ])('refuses a waitlist range across days or ending before it starts: %j', (range) => {
    expect(bookingTime([{ start: '2026-03-04T08:00', end: '2026-03-04T12:00' }, range])).toEqual({
      problem: 'Each waitlist range must start and end on the same day, ending after it starts.',
    });
  });
});
