import { type CartLine, cartProcedureIds, TIME_OF_DAY_WINDOWS, type TimeOfDay } from '@atrium/domain';
import type { CreateAppointmentRequestInput } from '@atrium/graphql-client/checkout';

type DateRange = CreateAppointmentRequestInput['dateRanges'][number];
type Consent = NonNullable<CreateAppointmentRequestInput['marketingConsents']>[number];

const pad = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/**
 * Spec 7 dateRanges: one chosen time is a single range that starts and ends at it; a waitlist is
 * one range per entry and time of day (morning 08-12, afternoon 12-16, evening 16-20).
 */
export function dateRangesFor(
  dateTime: { date: string; time: string } | null,
  waitlist: readonly { date: string | null; timesOfDay: readonly TimeOfDay[] }[],
): DateRange[] {
  if (dateTime) {
    const at = `${dateTime.date}T${dateTime.time}`;
    return [{ start: at, end: at }];
  }
  return waitlist.flatMap((entry) =>
    entry.date
      ? entry.timesOfDay.map((time) => ({
          start: `${entry.date}T${pad(TIME_OF_DAY_WINDOWS[time].from)}`,
          end: `${entry.date}T${pad(TIME_OF_DAY_WINDOWS[time].to)}`,
        }))
      : [],
  );
}

/** Spec 7 and 9: marketing consent for both channels, from the checkout's opt-in box. */
export function marketingConsents(optIn: boolean, email: string, phone: string): Consent[] {
  return [
    { channel: 'SMS', consent: optIn, source: 'checkout', phone },
    { channel: 'EMAIL', consent: optIn, source: 'checkout', email },
  ];
}

/** Spec 7: the procedures of the request, add-ons included, each once. */
export const requestProcedures = (cart: readonly CartLine[]) => cartProcedureIds(cart);

/** A new random key for one checkout; a retried submit of the same checkout reuses it. */
export const newIdempotencyKey = () => crypto.randomUUID();
