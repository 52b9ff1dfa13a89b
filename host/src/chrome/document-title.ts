import { type BookingLocation, isClinicLocation, type SelectedDateTime } from '@atrium/stores';
import { format, parseISO } from 'date-fns';

export interface DocumentTitleParts {
  pageTitle?: string | undefined;
  locationName?: string | undefined;
  visitKind?: 'Mobile Visit' | 'In Clinic' | undefined;
  date?: string | undefined;
  marketplaceName?: string | undefined;
}

/** "Select a Service | Manhattan | In Clinic | Friday, May 1, 2026 | Glow Mobile IV" */
export function documentTitle(parts: DocumentTitleParts): string {
  const title = [parts.pageTitle, parts.locationName, parts.visitKind, parts.date, parts.marketplaceName]
    .filter((part): part is string => Boolean(part?.trim()))
    .join(' | ');
  return title || 'Atrium';
}

/** The title of a page of `marketplaceName`, with the booking's location and chosen date. */
export function bookingPageTitle(
  pageTitle: string | undefined,
  marketplaceName: string | undefined,
  location: BookingLocation | null,
  dateTime: SelectedDateTime | null,
): string {
  const clinic = isClinicLocation(location) ? location : null;
  return documentTitle({
    pageTitle,
    locationName: clinic?.name,
    visitKind: clinic ? 'In Clinic' : location ? 'Mobile Visit' : undefined,
    date: dateTime ? format(parseISO(dateTime.date), 'EEEE, MMMM d, yyyy') : undefined,
    marketplaceName,
  });
}
