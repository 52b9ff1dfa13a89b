import { formatCents } from '@atrium/domain';
import type { AppointmentStatus, ProfileAppointment } from '@atrium/graphql-client/account';
import type { SelectedProcedure } from '@atrium/stores';
import { TZDate, tzName } from '@date-fns/tz';
import { format } from 'date-fns';

/** PENDING and BOOKED are upcoming, COMPLETE is past, CANCELLED (cancelled or declined) its own list. */
export function groupAppointments(appointments: readonly ProfileAppointment[]) {
  return {
    upcoming: appointments.filter((a) => a.status === 'PENDING' || a.status === 'BOOKED'),
    past: appointments.filter((a) => a.status === 'COMPLETE'),
    cancelled: appointments.filter((a) => a.status === 'CANCELLED'),
  };
}

/** The status chip: PENDING shows an orange chip. */
export const STATUS_CHIPS: Partial<Record<AppointmentStatus, { label: string; colorPalette: string }>> = {
  PENDING: { label: 'Pending', colorPalette: 'orange' },
  BOOKED: { label: 'Booked', colorPalette: 'green' },
  COMPLETE: { label: 'Complete', colorPalette: 'gray' },
  CANCELLED: { label: 'Cancelled', colorPalette: 'red' },
};

/** 'Call to Update' (cancelling or rescheduling is done by phone) for PENDING and BOOKED. */
export const canCallToUpdate = (appointment: ProfileAppointment): boolean =>
  (appointment.status === 'PENDING' || appointment.status === 'BOOKED') &&
  Boolean(appointment.organizationPhone);

/** 'Tue, Mar 4, 9:00 AM EST': an instant as the appointment's own zone reads it. */
export function instantLabel(iso: string, timeZone: string): string {
  const at = new TZDate(iso, timeZone);
  return `${format(at, 'EEE, MMM d, h:mm a')} ${tzName(timeZone, at, 'short')}`;
}

/**
 * What the card says of online changes, by the list's own answer (the API applies the marketplace's
 * rule): until when they are open, or that they closed (then 'Call to Update' stays); nothing when
 * the marketplace changes visits by phone only.
 */
export function onlineChangesLine(appointment: ProfileAppointment): string | null {
  if (!appointment.changeOnlineUntil) return null;
  const until = instantLabel(appointment.changeOnlineUntil, appointment.timeZone);
  return appointment.canChangeOnline
    ? `You can reschedule or cancel online until ${until}.`
    : `Online changes closed at ${until}.`;
}

/** The API's refusals after which a visit can no longer be changed online (then it is by phone). */
export const ONLINE_CHANGES_CLOSED_CODES: readonly string[] = [
  'CHANGE_CUTOFF_PASSED',
  'CHANGES_BY_PHONE',
  'APPOINTMENT_NOT_CHANGEABLE',
];

/** What the cancellation will give back, said before anything happens ('' when nothing was collected). */
export const refundPromise = (cents: number): string =>
  cents > 0 ? `We will refund ${formatCents(cents)} to your card.` : '';

/**
 * The appointment's date and times in its own time zone (the clinic's or the client's address'),
 * whatever zone the browser is in: 'Tuesday, March 3, 2026' and '9:00 AM – 9:45 AM EST'.
 */
export function appointmentWhen(appointment: Pick<ProfileAppointment, 'start' | 'end' | 'timeZone'>) {
  const start = new TZDate(appointment.start, appointment.timeZone);
  const end = new TZDate(appointment.end, appointment.timeZone);
  return {
    date: format(start, 'EEEE, MMMM d, yyyy'),
    time: `${format(start, 'h:mm a')} – ${format(end, 'h:mm a')} ${tzName(appointment.timeZone, start, 'short')}`,
  };
}

/**
 * The cart 'Book Again' sets: the appointment's procedures in their booked order, each add-on
 * (an item without a category) on the procedure before it. Only what the marketplace still offers
 * is kept, and only add-ons that procedure still offers.
 */
export function bookAgainCart(
  procedures: ProfileAppointment['procedures'],
  offered: readonly { id: string; addOns: readonly { id: string }[] }[],
): SelectedProcedure[] {
  const byId = new Map(offered.map((procedure) => [procedure.id, procedure]));
  const lines: SelectedProcedure[] = [];
  let current: SelectedProcedure | null = null;
  for (const item of procedures) {
    if (item.categoryId !== null) {
      current = byId.has(item.id) ? { id: item.id, addOnIds: [] } : null;
      if (current && !lines.some((line) => line.id === item.id)) lines.push(current);
      continue;
    }
    const offeredAddOns = current ? byId.get(current.id)?.addOns : undefined;
    if (
      current &&
      offeredAddOns?.some((addOn) => addOn.id === item.id) &&
      !current.addOnIds.includes(item.id)
    ) {
      current.addOnIds.push(item.id);
    }
  }
  return lines;
}
