import { formatCents, paymentCaption } from '@atrium/domain';
import { createEvent } from 'ics';
import { dueLabel } from '../confirm/due-label';
import type { RecappedRequest } from './last-request';
import { recapPlace, recapServices } from './request-recap';

/** The downloaded file's name. */
export const REQUEST_CALENDAR_FILENAME = 'appointment-request.ics';

/** 'A', 'A and B', 'A, B and C' (as the API's calendar invitation names the services). */
function listNames(names: string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * The requested time as an iCalendar file (RFC 5545, made with `ics`), for the client's own calendar:
 * TENTATIVE, since the marketplace has not confirmed it, and saying so. Times are UTC instants
 * (DTSTART:…Z), so every calendar places them right. Null for a waitlist request: it has no time yet.
 * `uidDomain` keeps the event's UID unique to this site (the page's host name).
 */
export function requestCalendarFile(request: RecappedRequest, uidDomain: string): string | null {
  const { recap } = request;
  if (!recap.start || !recap.end) return null;
  const services = recapServices(recap.procedures);
  const serviceLines = services.flatMap((service) => [
    service.duration ? `${service.name} (${service.duration})` : service.name,
    ...service.addOns.map((addOn) =>
      addOn.duration ? `+ ${addOn.name} (${addOn.duration})` : `+ ${addOn.name}`,
    ),
  ]);
  const description = [
    `Appointment request awaiting confirmation: ${recap.marketplaceName} is working to confirm your appointment. This time is not confirmed yet.`,
    '',
    ...serviceLines,
    '',
    `Total: ${formatCents(recap.total)}`,
    `${dueLabel(request.dueOnConfirmation)}: ${formatCents(request.dueOnConfirmation)}. ${paymentCaption(request.dueOnConfirmation, recap.total)}`,
  ].join('\n');
  const { error, value } = createEvent({
    productId: 'atrium/appointment-requests',
    uid: `atrium-request-${request.id}@${uidDomain || 'atrium.localhost'}`,
    start: Date.parse(recap.start),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: Date.parse(recap.end),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: `${listNames(recap.procedures.map((procedure) => procedure.name))} at ${recap.marketplaceName}`,
    description,
    location: recapPlace(recap),
    status: 'TENTATIVE',
    busyStatus: 'TENTATIVE',
  });
  if (error || !value) throw error ?? new Error('The calendar file was not created.');
  return value;
}

/** The file as a link's address: a data: URL needs no clean-up and opens in every browser's calendar handling. */
export const calendarFileHref = (ics: string) =>
  `data:text/calendar;charset=utf-8,${encodeURIComponent(ics)}`;
