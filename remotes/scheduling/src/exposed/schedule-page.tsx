import type { RoutePageProps } from '@atrium/federation';
import { $selectedLocation, $selectedProcedures, isClinicLocation } from '@atrium/stores';
import { SchedulePage } from '../schedule/schedule-page';

export default function ScheduleRoute(_props: RoutePageProps) {
  return <SchedulePage />;
}

/**
 * Rendered on the server with something in the cart (else the page only goes back to services), and
 * at a clinic or with no location yet: "today" at a client's own address is the browser's today,
 * which the server cannot know. The times themselves are always fetched fresh by the browser.
 */
export function rendersOnServer(): boolean {
  const location = $selectedLocation.get();
  return $selectedProcedures.get().length > 0 && (location === null || isClinicLocation(location));
}
