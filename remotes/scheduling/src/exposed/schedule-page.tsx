import type { PrefetchContext, RoutePageProps } from '@atrium/federation';
import { marketplaceQueryOptions } from '@atrium/graphql-client';
import { availabilityQueryOptions } from '@atrium/graphql-client/availability';
import {
  $selectedDateTime,
  $selectedLocation,
  $selectedProcedures,
  $selectedWaitlist,
  isClinicLocation,
} from '@atrium/stores';
import { todayAt } from '../schedule/calendar-dates';
import { availabilityInput, firstDay } from '../schedule/first-day';
import { SchedulePage } from '../schedule/schedule-page';

export default function ScheduleRoute(_props: RoutePageProps) {
  return <SchedulePage />;
}

/**
 * Rendered on the server with something in the cart (else the page only goes back to services), and
 * at a clinic or with no location yet: "today" at a client's own address is the browser's today,
 * which the server cannot know.
 */
export function rendersOnServer(): boolean {
  const location = $selectedLocation.get();
  return $selectedProcedures.get().length > 0 && (location === null || isClinicLocation(location));
}

/**
 * The first day's free times, asked for as the page is rendered (so they are as fresh as if the
 * browser had asked; the browser asks again on arrival). Kept in the cache until the page
 * has taken them over.
 */
export function prefetch({ marketplaceId, queryClient }: PrefetchContext) {
  const location = $selectedLocation.get();
  const cart = $selectedProcedures.get();
  const clinicId = isClinicLocation(location) ? location.organizationId : null;
  const marketplace = queryClient.getQueryData(marketplaceQueryOptions(marketplaceId).queryKey);
  const clinic = marketplace?.clinicOrganizations.find((c) => c.id === clinicId);
  if (!clinic) return Promise.resolve();
  const day = firstDay($selectedDateTime.get(), $selectedWaitlist.get(), todayAt(clinic.timeZone));
  const input = availabilityInput(marketplaceId, location, cart, day);
  if (!input) return Promise.resolve();
  return queryClient.prefetchQuery({ ...availabilityQueryOptions(input), gcTime: HANDOVER_MS });
}

/** How long the times fetched on the server stay in the cache for the page to take them over. */
const HANDOVER_MS = 60_000;
