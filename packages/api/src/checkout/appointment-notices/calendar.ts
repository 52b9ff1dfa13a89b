// The calendar invitation of a confirmed appointment (iCalendar, RFC 5545, made with `ics`), and its
// cancellation. Times are UTC instants (DTSTART:...Z), so every calendar places them right; the
// description names the local time and zone as the messages do.
import { createEvent, type EventAttributes } from 'ics';
import type { NotificationSettings, OutboxAttachment } from '../../notifications';
import { formatDateTime, formatPhone, listNames } from '../../notifications';
import type { AppointmentNotice } from './appointment-notice';

type BookedNotice = AppointmentNotice & { appointment: NonNullable<AppointmentNotice['appointment']> };

/** The appointment in the product: the client's profile, whose Appointments tab lists it. */
export function appointmentsLink(settings: NotificationSettings, marketplaceId: number): string {
  return `${settings.webOrigin}/${marketplaceId}/profile`;
}

/** Where the visit is, in one line: the clinic's name and address, or the client's own address. */
export function placeLine(notice: AppointmentNotice): string {
  return notice.place.kind === 'clinic'
    ? `${notice.place.name}, ${notice.place.address}`
    : notice.place.address;
}

/**
 * The invitation (METHOD:REQUEST) of a confirmed appointment, or its withdrawal (METHOD:CANCEL) once
 * cancelled: the same UID, a higher SEQUENCE, so a calendar that took the invitation removes it. A
 * moved appointment's invitation carries the SEQUENCE its move raised, so it replaces the one before.
 */
export function appointmentCalendarFile(
  notice: BookedNotice,
  settings: NotificationSettings,
  method: 'REQUEST' | 'CANCEL',
): OutboxAttachment {
  const { appointment, marketplace, client } = notice;
  const link = appointmentsLink(settings, marketplace.id);
  const name = [client.givenName, client.familyName].filter(Boolean).join(' ');
  const description = [
    listNames(notice.procedures),
    formatDateTime(appointment.startsAt, notice.timeZone),
    appointment.practitioner ? `With ${appointment.practitioner}` : null,
    notice.place.kind === 'clinic'
      ? `To change or cancel, call ${notice.place.name} at ${formatPhone(notice.place.phone)}.`
      : notice.marketplace.phone
        ? `To change or cancel, call ${notice.marketplace.name} at ${formatPhone(notice.marketplace.phone)}.`
        : null,
    `Your appointments: ${link}`,
  ]
    .filter(Boolean)
    .join('\n');
  const event: EventAttributes = {
    productId: 'atrium/appointments',
    method,
    uid: `atrium-appointment-${appointment.id}@${mailDomain(settings.mailFrom)}`,
    sequence: appointment.calendarSequence + (method === 'CANCEL' ? 1 : 0),
    start: appointment.startsAt.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: appointment.endsAt.getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: `${listNames(notice.procedures)} at ${marketplace.name}`,
    description,
    location: placeLine(notice),
    url: link,
    status: method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
    busyStatus: 'BUSY',
    organizer: { name: marketplace.name, email: settings.mailFrom },
    attendees: [
      {
        ...(name ? { name } : {}),
        email: client.email,
        rsvp: false,
        partstat: 'ACCEPTED',
        role: 'REQ-PARTICIPANT',
      },
    ],
  };
  const { error, value } = createEvent(event);
  if (error || !value) throw error ?? new Error('The calendar file was not created.');
  return {
    filename: method === 'CANCEL' ? 'cancelled-appointment.ics' : 'appointment.ics',
    contentType: `text/calendar; charset=utf-8; method=${method}`,
    content: value,
  };
}

function mailDomain(address: string): string {
  return address.split('@')[1] || 'atrium.localhost';
}
