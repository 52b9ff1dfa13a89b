// The choices a createAppointmentRequest input makes, read from its checked fields: where (a clinic
// or the client's address), how it is paid, and when (one time or waitlist ranges). Each gives the
// booking's value, or the one problem to answer the client with.
import type { AppointmentRequestInput, BookingPlace, BookingTime } from './booking/booking-request';

type Problem = { problem: string };

export const placeMessages = {
  none: 'Choose a clinic or enter your address.',
  both: 'Choose a clinic (organizationId) or an address, not both.',
};

/** A clinic by its id, or the client's address and map point: exactly one of them. */
export function bookingPlace(
  organizationId: number | null | undefined,
  address: { address: string; latitude: number; longitude: number } | null | undefined,
): BookingPlace | Problem {
  if (organizationId != null && address != null) return { problem: placeMessages.both };
  if (organizationId != null) return { organizationId };
  if (address == null) return { problem: placeMessages.none };
  return {
    address: address.address,
    location: { latitude: address.latitude, longitude: address.longitude },
  };
}

type PaymentChoice = {
  paymentInstrumentId?: number | null;
  card?: Extract<AppointmentRequestInput['payment'], { card: unknown }>['card'] | null;
};

/** A saved card, else a new card, else none (the booking then needs no payment, or says so). */
export function bookingPayment(method: PaymentChoice | null | undefined): AppointmentRequestInput['payment'] {
  if (method?.paymentInstrumentId != null) return { paymentInstrumentId: method.paymentInstrumentId };
  if (method?.card != null) return { card: method.card };
  return null;
}

export const waitlistRangeMessage =
  'Each waitlist range must start and end on the same day, ending after it starts.';

/**
 * Local yyyy-MM-ddTHH:mm ranges as a time: one range whose start equals its end is a single time;
 * anything else is a waitlist, whose ranges each lie within one day and end after they start.
 */
export function bookingTime(ranges: { start: string; end: string }[]): BookingTime | Problem {
  const [first] = ranges;
  if (first && ranges.length === 1 && first.start === first.end) {
    const [date = '', time = ''] = first.start.split('T');
    return { kind: 'time', date, time };
  }
  const entries = ranges.map((range) => {
    const [date = '', start = ''] = range.start.split('T');
    const [endDate = '', end = ''] = range.end.split('T');
    return { date, start, endDate, end };
  });
  if (entries.some((entry) => entry.endDate !== entry.date || entry.end <= entry.start)) {
    return { problem: waitlistRangeMessage };
  }
  return { kind: 'waitlist', ranges: entries.map(({ date, start, end }) => ({ date, start, end })) };
}
