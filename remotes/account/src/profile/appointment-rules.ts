import type { AppointmentStatus, ProfileAppointment } from '@atrium/graphql-client/account';
import type { SelectedProcedure } from '@atrium/stores';
import { TZDate, tzName } from '@date-fns/tz';
import { format } from 'date-fns';

/** PENDING and BOOKED are upcoming, COMPLETE is past; anything else is not shown. */
export function groupAppointments(appointments: readonly ProfileAppointment[]) {
  return {
    upcoming: appointments.filter((a) => a.status === 'PENDING' || a.status === 'BOOKED'),
    past: appointments.filter((a) => a.status === 'COMPLETE'),
  };
}

/** The status chip: PENDING shows an orange chip. */
export const STATUS_CHIPS: Partial<Record<AppointmentStatus, { label: string; colorPalette: string }>> = {
  PENDING: { label: 'Pending', colorPalette: 'orange' },
  BOOKED: { label: 'Booked', colorPalette: 'green' },
  COMPLETE: { label: 'Complete', colorPalette: 'gray' },
};

/** 'Call to Update' (cancelling or rescheduling is done by phone) for PENDING and BOOKED. */
export const canCallToUpdate = (appointment: ProfileAppointment): boolean =>
  (appointment.status === 'PENDING' || appointment.status === 'BOOKED') &&
  Boolean(appointment.organizationPhone);

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
