import { formatCents, formatUsPhone } from '@atrium/domain';
import type { StaffPayment, StaffRequest } from '@atrium/graphql-client/staff';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';

type Client = Pick<NonNullable<StaffRequest['client']>, 'givenName' | 'familyName' | 'email' | 'phone'>;

/** How the console names an appointment booked outside Atrium (imported, or the demo's own). */
export const NO_CLIENT_ON_FILE = 'No client on file';

/** The client as the front desk names them: given and family name, else their email. */
export function clientName(client: Client | null): string {
  if (!client) return NO_CLIENT_ON_FILE;
  const name = [client.givenName, client.familyName].filter((part) => part?.trim()).join(' ');
  return name || client.email;
}

/** The client's phone in national format, or null when they gave none. */
export function clientPhone(client: Client | null): string | null {
  return client?.phone ? formatUsPhone(client.phone) : null;
}

/** When the appointment is, in the place's own time zone: 'Tue, Jan 8, 2030, 10:00 AM'. */
export function requestStart(request: Pick<StaffRequest, 'start' | 'timeZone'>): string {
  return format(new TZDate(request.start, request.timeZone), 'EEE, MMM d, yyyy, h:mm a');
}

/** When the client sent the request, in the place's zone: 'Mon, Jan 7, 2030, 9:30 AM'. */
export function requestReceived(request: Pick<StaffRequest, 'requestedAt' | 'timeZone'>): string {
  return format(new TZDate(request.requestedAt, request.timeZone), 'EEE, MMM d, yyyy, h:mm a');
}

/** Its time span in the place's zone, with the zone: 'Tue, Jan 8, 2030, 10:00 AM – 10:45 AM (America/Denver)'. */
export function requestTimeSpan(request: Pick<StaffRequest, 'start' | 'end' | 'timeZone'>): string {
  const end = format(new TZDate(request.end, request.timeZone), 'h:mm a');
  return `${requestStart(request)} – ${end} (${request.timeZone})`;
}

/** Where: the clinic's name and address, or the client's address for an at-home visit. */
export function requestLocation(request: Pick<StaffRequest, 'clinic' | 'address'>): string {
  return request.clinic ? `${request.clinic.name}, ${request.address}` : `At home: ${request.address}`;
}

/** A request in one line: its services and add-ons, total and place. */
export function requestSummary(
  request: Pick<StaffRequest, 'procedures' | 'total' | 'clinic' | 'address'>,
): string {
  // Booked outside Atrium: no cart and no price on file, only the place.
  if (request.procedures.length === 0) return requestLocation(request);
  const names = request.procedures.map((procedure) => procedure.name).join(', ');
  return `${names} · ${formatCents(request.total)} · ${requestLocation(request)}`;
}

/** The status as the console shows it. */
export const statusLabels: Record<StaffRequest['status'], string> = {
  PENDING: 'Pending',
  BOOKED: 'Booked',
  COMPLETE: 'Complete',
  CANCELLED: 'Cancelled',
  NO_SHOW: 'No-show',
};

/** What a payment was for. */
export const paymentLabel = (payment: Pick<StaffPayment, 'purpose'>) =>
  payment.purpose === 'NO_SHOW_FEE' ? 'No-show fee' : 'Charge on confirmation';

/** A payment's state as the console shows it. */
export const paymentStatusLabels: Record<StaffPayment['status'], string> = {
  PENDING: 'Processing',
  REQUIRES_ACTION: "Waiting for the client's bank",
  SUCCEEDED: 'Charged',
  FAILED: 'Failed',
  REFUNDED: 'Refunded',
};

/** An instant of a payment or refund in the place's zone: 'Jan 7, 2030, 9:30 AM'. */
export function paymentTime(instant: string, timeZone: string): string {
  return format(new TZDate(instant, timeZone), 'MMM d, yyyy, h:mm a');
}

/** The reason the request's last charge failed, while it is pending because of it; else null. */
export function lastChargeFailure(request: Pick<StaffRequest, 'status' | 'payments'>): string | null {
  if (request.status !== 'PENDING') return null;
  const last = request.payments.filter((payment) => payment.purpose === 'CONFIRMATION').at(-1);
  return last?.status === 'FAILED' || last?.status === 'REQUIRES_ACTION'
    ? (last.failureReason ?? null)
    : null;
}
