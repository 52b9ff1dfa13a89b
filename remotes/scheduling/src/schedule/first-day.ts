import { cartProcedureIds } from '@atrium/domain';
import type { AvailabilityInput } from '@atrium/graphql-client/availability';
import {
  type BookingLocation,
  isClinicLocation,
  type SelectedDateTime,
  type SelectedProcedure,
  type WaitlistEntry,
} from '@atrium/stores';

/** The day whose times the page shows first: the chosen one, none while a waitlist is set, else today. */
export function firstDay(
  dateTime: SelectedDateTime | null,
  waitlist: readonly WaitlistEntry[],
  today: string,
): string | null {
  return dateTime ? dateTime.date : waitlist.length > 0 ? null : today;
}

/** What to ask the API for: the cart's free times on `day` at the location (null: nothing to ask). */
export function availabilityInput(
  marketplaceId: string,
  location: BookingLocation | null,
  cart: readonly SelectedProcedure[],
  day: string | null,
): AvailabilityInput | null {
  if (!location || !day) return null;
  return {
    marketplaceId,
    ...(isClinicLocation(location)
      ? { organizationId: location.organizationId }
      : { location: { latitude: location.latitude, longitude: location.longitude } }),
    procedureIds: cartProcedureIds([...cart]),
    dateRange: { start: day, end: day },
  };
}
