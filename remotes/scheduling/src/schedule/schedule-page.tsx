import { hasChosenTime } from '@atrium/domain';
import { errorMessage, useMarketplace } from '@atrium/graphql-client';
import { useAvailability } from '@atrium/graphql-client/availability';
import { Navigate, Link as RouterLink, useNavigate, useParams } from '@atrium/navigation';
import {
  $selectedDateTime,
  $selectedLocation,
  $selectedProcedures,
  $selectedWaitlist,
  isClinicLocation,
  selectDateTime,
} from '@atrium/stores';
import {
  Alert,
  Box,
  Button,
  Card,
  Flex,
  Heading,
  PageHeading,
  Separator,
  Skeleton,
  Stack,
  Text,
} from '@atrium/ui';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { DAY_HEADING_FORMAT, formatDay, snapToToday, todayAt } from './calendar-dates';
import { availabilityInput, firstDay } from './first-day';
import { TimeSlots } from './time-slots';
import { useDebouncedValue } from './use-debounced-value';
import { WaitlistSection } from './waitlist-section';
import { WeekCalendar } from './week-calendar';

/** Spec 9: the day's times are asked for 300 ms after the client stops changing the day. */
export const DAY_SELECTION_DEBOUNCE_MS = 300;

/** /schedule: a date and time, or a waitlist (spec 2). */
export function SchedulePage() {
  const cart = useStore($selectedProcedures);
  if (cart.length === 0) return <Navigate to="../services" replace />;
  return <Schedule />;
}

function Schedule() {
  const { marketplaceId = '' } = useParams();
  const navigate = useNavigate();
  const cart = useStore($selectedProcedures);
  const location = useStore($selectedLocation);
  const dateTime = useStore($selectedDateTime);
  const waitlist = useStore($selectedWaitlist);
  const marketplace = useMarketplace(marketplaceId).data;

  const clinic = isClinicLocation(location)
    ? marketplace?.clinicOrganizations.find((c) => c.id === location.organizationId)
    : undefined;
  const [zone, setZone] = useState<string | null>(null);
  const today = todayAt(clinic?.timeZone ?? zone);

  // The day whose times are shown; null while a waitlist is set (spec 4 "unselects the day").
  const [day, setDay] = useState<string | null>(() => firstDay(dateTime, waitlist, today));
  const [weekAnchor, setWeekAnchor] = useState(day ?? today);
  const settledDay = useDebouncedValue(day, DAY_SELECTION_DEBOUNCE_MS);

  const availability = useAvailability(availabilityInput(marketplaceId, location, cart, settledDay));
  if (availability.data && availability.data.timeZone !== zone) setZone(availability.data.timeZone);

  if (!location) {
    return (
      <Stack gap="4">
        <PageHeading mb="0">Choose Date &amp; Time</PageHeading>
        <Card.Root variant="subtle">
          <Card.Body gap="3">
            <Text>Choose where you would like your treatment to see the times available.</Text>
            <Button asChild alignSelf="start">
              <RouterLink to="../set-location">Choose location</RouterLink>
            </Button>
          </Card.Body>
        </Card.Root>
      </Stack>
    );
  }

  const pick = (picked: string) => {
    const next = snapToToday(picked, today);
    setDay(next);
    setWeekAnchor(next);
  };
  // Times already shown stay while they are asked for again (the page refreshes them on arrival).
  const loading = day !== null && (day !== settledDay || availability.isPending);
  const slots = availability.data?.slots.filter((slot) => slot.date === settledDay) ?? [];

  return (
    <Stack gap="6">
      <PageHeading mb="0">Choose Date &amp; Time</PageHeading>
      <WeekCalendar
        anchor={weekAnchor}
        selected={day}
        today={today}
        onPick={pick}
        onShowWeek={setWeekAnchor}
      />
      {day && (
        <Box as="section" aria-label="Available times" aria-busy={loading || availability.isFetching}>
          <Heading as="h2" size="lg" mb="3">
            {formatDay(day, DAY_HEADING_FORMAT)}
          </Heading>
          {loading ? (
            <Stack gap="2" aria-label="Loading times">
              <Skeleton height="10" />
              <Skeleton height="10" />
            </Stack>
          ) : availability.isError ? (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Title>{errorMessage(availability.error, 'availability')}</Alert.Title>
            </Alert.Root>
          ) : (
            <TimeSlots
              key={day}
              slots={slots}
              selectedTime={dateTime?.date === day ? dateTime.time : null}
              onPick={(slot) => selectDateTime({ date: slot.date, time: slot.time })}
            />
          )}
        </Box>
      )}
      <Flex align="center" gap="3" aria-hidden="true">
        <Separator flex="1" />
        <Text color="fg.muted">or</Text>
        <Separator flex="1" />
      </Flex>
      <WaitlistSection today={today} onSaved={() => setDay(null)} onEmptied={() => pick(today)} />
      <Flex justify="flex-end" position="sticky" bottom="0" bg="bg" py="3" borderTopWidth="1px">
        <Button
          size="lg"
          disabled={!hasChosenTime({ hasDateTime: dateTime !== null, waitlist })}
          onClick={() => navigate('../confirm')}
        >
          Continue
        </Button>
      </Flex>
    </Stack>
  );
}
