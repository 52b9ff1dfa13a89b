import type { StaffWaitlistRequest } from '@atrium/graphql-client/staff-waitlist';
import { format, parseISO } from 'date-fns';

type Window = StaffWaitlistRequest['windows'][number];

/**
 * A waitlist window as the client chose it, local to the place: 'Wed, Jan 8, 2030, 8:00 AM – 12:00 PM'.
 * The stored local times are read as they are (yyyy-MM-ddTHH:mm at the place), whatever the browser's zone.
 */
export function windowLabel(window: Pick<Window, 'localStart' | 'localEnd'>): string {
  const start = parseISO(window.localStart);
  const end = parseISO(window.localEnd);
  return `${format(start, 'EEE, MMM d, yyyy, h:mm a')} – ${format(end, 'h:mm a')}`;
}
