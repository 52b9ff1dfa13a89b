import { hasChosenTime } from '@atrium/domain';
import { errorMessage } from '@atrium/graphql-client';
import { Navigate, Link as RouterLink, useNavigate } from '@atrium/navigation';
import { $selectedProcedures, selectDateTime } from '@atrium/stores';
import {
  Box,
  Button,
  Card,
  Flex,
  Heading,
  PageHeading,
  RetryAlert,
  Separator,
  Skeleton,
  Stack,
  Text,
} from '@atrium/ui';
import { useStore } from '@nanostores/react';
import { DAY_HEADING_FORMAT, formatDay } from './calendar-dates';
import { TimeSlots } from './time-slots';
import { useScheduleDay } from './use-schedule-day';
import { WaitlistSection } from './waitlist-section';
import { WeekCalendar } from './week-calendar';

/** /schedule: a date and time, or a waitlist; with nothing in the cart, back to the services. */
export function SchedulePage() {
  const cart = useStore($selectedProcedures);
  if (cart.length === 0) return <Navigate to="../services" replace />;
  return <Schedule />;
}

function Schedule() {
  const navigate = useNavigate();
  const schedule = useScheduleDay();
  const { day, dateTime, waitlist, today } = schedule;
  if (!schedule.location) return <ChooseLocationFirst />;

  return (
    <Stack gap="6">
      <PageHeading mb="0">Choose Date &amp; Time</PageHeading>
      <WeekCalendar
        anchor={schedule.weekAnchor}
        selected={day}
        today={today}
        onPick={schedule.pick}
        onShowWeek={schedule.showWeek}
      />
      {day && <AvailableTimes day={day} schedule={schedule} />}
      <Flex align="center" gap="3" aria-hidden="true">
        <Separator flex="1" />
        <Text color="fg.muted">or</Text>
        <Separator flex="1" />
      </Flex>
      <WaitlistSection today={today} onSaved={schedule.clearDay} onEmptied={() => schedule.pick(today)} />
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

function ChooseLocationFirst() {
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

/** The chosen day's free times, or why they cannot be shown. */
function AvailableTimes({ day, schedule }: { day: string; schedule: ReturnType<typeof useScheduleDay> }) {
  const { availability, settledDay, dateTime } = schedule;
  // Times already shown stay while they are asked for again (the page refreshes them on arrival).
  const loading = day !== settledDay || availability.isPending;
  const slots = availability.data?.slots.filter((slot) => slot.date === settledDay) ?? [];
  return (
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
        <RetryAlert
          message={errorMessage(availability.error, 'availability')}
          onRetry={() => availability.refetch()}
          retrying={availability.isFetching}
        />
      ) : (
        <TimeSlots
          key={day}
          slots={slots}
          selectedTime={dateTime?.date === day ? dateTime.time : null}
          onPick={(slot) => selectDateTime({ date: slot.date, time: slot.time })}
        />
      )}
    </Box>
  );
}
