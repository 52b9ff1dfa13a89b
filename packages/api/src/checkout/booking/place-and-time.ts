// Where and when: the cart is offered at the place, and the time is free there (or the waitlist
// ranges are sound). Checked before anything is written; holdTime has the last word on the time.
import { TZDate } from '@date-fns/tz';
import { addMonths, format } from 'date-fns';
import { InvalidInputError } from '../../kernel/errors';
import {
  choosePractitioner,
  clipToBookableDates,
  loadPlaceSchedules,
  type NamedSchedule,
  slotRules,
} from '../../scheduling';
import { SlotTakenError } from '../errors';
import type { CheckoutPorts } from '../ports';
import { type AppointmentRequestInput, type BookingTime, bookingMessages } from './booking-request';

export type PlaceSchedules = Awaited<ReturnType<typeof loadPlaceSchedules>>;
type SlotRules = ReturnType<typeof slotRules>;

export interface WaitlistRange {
  startsAt: Date;
  endsAt: Date;
  /** yyyy-MM-ddTHH:mm at the place. */
  localStart: string;
  localEnd: string;
}

/**
 * The requested time, checked: a slot someone is free at, with what holding it needs (the place's
 * slot rules and practitioners), or waitlist ranges as instants.
 */
export type RequestedTime =
  | {
      kind: 'time';
      slot: { date: string; time: string };
      rules: SlotRules;
      candidates: NamedSchedule[];
    }
  | { kind: 'waitlist'; ranges: WaitlistRange[] };

/**
 * The place's schedules for the requested day, once its cart is known to be offered there (see
 * loadPlaceSchedules for what it refuses); an address outside the service area is refused here.
 */
export async function checkCartAtPlace(
  ports: Pick<CheckoutPorts, 'db' | 'geocoder'>,
  marketplaceId: number,
  request: Pick<AppointmentRequestInput, 'place' | 'procedureIds' | 'when'>,
): Promise<PlaceSchedules> {
  const { when } = request;
  const firstDate = when.kind === 'time' ? when.date : (when.ranges[0]?.date ?? '');
  const place = await loadPlaceSchedules(ports, {
    marketplaceId,
    place: 'organizationId' in request.place ? request.place : { location: request.place.location },
    procedureIds: request.procedureIds,
    dateRange: { start: firstDate, end: firstDate },
  });
  if (!place.servesPlace) throw new InvalidInputError(bookingMessages.outsideServiceArea);
  return place;
}

/**
 * A time within the booking window that some practitioner is free at (else SLOT_TAKEN), or sound
 * waitlist ranges.
 */
export function checkRequestedTime(place: PlaceSchedules, when: BookingTime, now: Date): RequestedTime {
  const horizonMonths = place.marketplace.bookingHorizonMonths;
  if (when.kind === 'waitlist') {
    return { kind: 'waitlist', ranges: waitlistRanges(when.ranges, place.timeZone, now, horizonMonths) };
  }
  const slot = { date: when.date, time: when.time };
  const rules = slotRules(place, now);
  const candidates = place.schedules.practitioners;
  const bookable = clipToBookableDates(
    { start: when.date, end: when.date },
    place.timeZone,
    now,
    horizonMonths,
  );
  if (!bookable || !choosePractitioner({ ...rules, slot, practitioners: candidates })) {
    throw new SlotTakenError();
  }
  return { kind: 'time', slot, rules, candidates };
}

/** Waitlist ranges as instants at the place; each must end in the future and start within the horizon. */
export function waitlistRanges(
  ranges: { date: string; start: string; end: string }[],
  timeZone: string,
  now: Date,
  horizonMonths: number,
): WaitlistRange[] {
  const lastDate = format(addMonths(new TZDate(now, timeZone), horizonMonths), 'yyyy-MM-dd');
  return ranges.map((range) => {
    const startsAt = localInstant(range.date, range.start, timeZone);
    const endsAt = localInstant(range.date, range.end, timeZone);
    if (endsAt.getTime() <= now.getTime()) throw new InvalidInputError(bookingMessages.waitlistInPast);
    if (range.date > lastDate) throw new InvalidInputError(bookingMessages.waitlistTooFar);
    return {
      startsAt,
      endsAt,
      localStart: `${range.date}T${range.start}`,
      localEnd: `${range.date}T${range.end}`,
    };
  });
}

function localInstant(date: string, time: string, timeZone: string): Date {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return new Date(new TZDate(year, month - 1, day, hours, minutes, timeZone).getTime());
}
