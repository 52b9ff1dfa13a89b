import { useMarketplace } from '@atrium/graphql-client';
import { useAvailability } from '@atrium/graphql-client/availability';
import { useParams } from '@atrium/navigation';
import {
  $selectedDateTime,
  $selectedLocation,
  $selectedProcedures,
  $selectedWaitlist,
  isClinicLocation,
} from '@atrium/stores';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { snapToToday, todayAt } from './calendar-dates';
import { availabilityInput, firstDay } from './first-day';
import { useDebouncedValue } from './use-debounced-value';

/** The day's times are asked for only once the client has stopped changing the day for this long. */
export const DAY_SELECTION_DEBOUNCE_MS = 300;

/**
 * The schedule page's state: today at the place, the day whose times are shown (null while a
 * waitlist is set, which unselects the day), the week the calendar shows, and that day's free times.
 */
export function useScheduleDay() {
  const { marketplaceId = '' } = useParams();
  const cart = useStore($selectedProcedures);
  const location = useStore($selectedLocation);
  const dateTime = useStore($selectedDateTime);
  const waitlist = useStore($selectedWaitlist);
  const marketplace = useMarketplace(marketplaceId).data;

  const clinic = isClinicLocation(location)
    ? marketplace?.clinicOrganizations.find((c) => c.id === location.organizationId)
    : undefined;
  // An at-home visit's zone is known once the API has answered with its times.
  const [zone, setZone] = useState<string | null>(null);
  const today = todayAt(clinic?.timeZone ?? zone);

  const [day, setDay] = useState<string | null>(() => firstDay(dateTime, waitlist, today));
  const [weekAnchor, setWeekAnchor] = useState(day ?? today);
  const settledDay = useDebouncedValue(day, DAY_SELECTION_DEBOUNCE_MS);

  const availability = useAvailability(availabilityInput(marketplaceId, location, cart, settledDay));
  if (availability.data && availability.data.timeZone !== zone) setZone(availability.data.timeZone);

  const pick = (picked: string) => {
    const next = snapToToday(picked, today);
    setDay(next);
    setWeekAnchor(next);
  };

  return {
    location,
    dateTime,
    waitlist,
    today,
    day,
    clearDay: () => setDay(null),
    pick,
    weekAnchor,
    showWeek: setWeekAnchor,
    settledDay,
    availability,
  };
}
