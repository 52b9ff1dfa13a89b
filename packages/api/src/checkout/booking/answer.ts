// What the client is answered once the request is written: the PENDING appointment holding the time
// or the WAITLISTED request, with the recap the success page shows.
import type { ScheduleClinic } from '../../scheduling';
import type { CartProcedure } from '../cart-pricing';
import type { AppointmentRequestRecap, AppointmentRequestView, BookingPlace } from './booking-request';
import type { HeldTime } from './hold-time';
import type { WaitlistRange } from './place-and-time';
import type { BookingPrice } from './price';

/** The recap's parts known before the transaction; the held time is added once it is held. */
export interface RecapBasis {
  marketplaceName: string;
  cart: CartProcedure[];
  clinicName: string | null;
  address: string;
  timeZone: string;
  waitlist: WaitlistRange[];
  /** Cents. */
  total: number;
}

/**
 * The recap of what was checked: the cart, where (the clinic, as the schedules' statement read it, or
 * the client's address) and the total.
 */
export function recapBasis(booking: {
  marketplace: { name: string };
  place: BookingPlace;
  clinic: ScheduleClinic | null;
  timeZone: string;
  waitlist: WaitlistRange[];
  price: Pick<BookingPrice, 'cart' | 'summary'>;
}): RecapBasis {
  const { place, price, clinic } = booking;
  if ('organizationId' in place && !clinic) throw new Error(`Clinic ${place.organizationId} vanished.`);
  return {
    marketplaceName: booking.marketplace.name,
    cart: price.cart,
    clinicName: clinic?.name ?? null,
    address: clinic ? clinic.address : 'address' in place ? place.address : '',
    timeZone: booking.timeZone,
    waitlist: booking.waitlist,
    total: price.summary.total[0],
  };
}

/** The PENDING appointment when a time was held, else the WAITLISTED request. */
export function requestAnswer(
  outcome: { held: HeldTime } | { waitlistRequestId: number },
  due: number,
  basis: RecapBasis,
): AppointmentRequestView {
  if ('held' in outcome) {
    const { held } = outcome;
    return {
      id: String(held.appointmentId),
      status: 'PENDING',
      practitioner: { id: String(held.practitioner.id), name: held.practitioner.name },
      dueOnConfirmation: due,
      recap: requestRecap(basis, held),
    };
  }
  return {
    id: String(outcome.waitlistRequestId),
    status: 'WAITLISTED',
    practitioner: null,
    dueOnConfirmation: due,
    recap: requestRecap(basis, null),
  };
}

export function requestRecap(
  basis: RecapBasis,
  held: Pick<HeldTime, 'startsAt' | 'endsAt'> | null,
): AppointmentRequestRecap {
  return {
    marketplaceName: basis.marketplaceName,
    procedures: basis.cart.map((line) => ({
      id: String(line.id),
      name: line.name,
      isAddOn: line.isAddOn,
      duration: line.durations,
    })),
    clinicName: basis.clinicName,
    address: basis.address,
    timeZone: basis.timeZone,
    start: held?.startsAt.toISOString() ?? null,
    end: held?.endsAt.toISOString() ?? null,
    waitlistWindows: basis.waitlist.map((range) => ({
      start: range.startsAt.toISOString(),
      end: range.endsAt.toISOString(),
    })),
    total: basis.total,
  };
}
