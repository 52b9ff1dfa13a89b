import { errorMessage, useMarketplace } from '@atrium/graphql-client';
import { type StaffRequest, useStaffRequests } from '@atrium/graphql-client/staff';
import { useSearchParams } from '@atrium/navigation';
import {
  Alert,
  Badge,
  Box,
  Button,
  Center,
  Flex,
  Grid,
  Heading,
  PageHeading,
  Spinner,
  Stack,
  Text,
} from '@atrium/ui';
import { Field, Input, NativeSelect } from '@atrium/ui/forms';
import { format } from 'date-fns';
import { clientName, statusLabels } from '../requests/request-format';
import type { ConsoleSectionProps } from '../shell/console-staff';
import {
  appointmentTimes,
  dayHeading,
  parseDay,
  rangeLabel,
  type ScheduleView,
  scheduleDays,
  scheduleOf,
  shiftDay,
} from './schedule-range';

const HOME = 'home';

/** The schedule's view as the address keeps it (?view=&date=&place=&practitioner=). */
function useScheduleParams() {
  const [params, setParams] = useSearchParams();
  const today = format(new Date(), 'yyyy-MM-dd');
  const values = {
    view: (params.get('view') === 'week' ? 'week' : 'day') as ScheduleView,
    day: parseDay(params.get('date')) ?? today,
    place: params.get('place') ?? '',
    practitioner: params.get('practitioner') ?? '',
  };
  const update = (next: Partial<typeof values>) => {
    const merged = { ...values, ...next };
    const search = new URLSearchParams();
    if (merged.view === 'week') search.set('view', 'week');
    if (merged.day !== today) search.set('date', merged.day);
    if (merged.place) search.set('place', merged.place);
    if (merged.practitioner) search.set('practitioner', merged.practitioner);
    setParams(search, { replace: true });
  };
  return { values, update, today };
}

/**
 * The day schedule (issue 19): a day's or a week's BOOKED and PENDING appointments, per clinic (and
 * at-home visits) and practitioner, with their times in the place's own time zone.
 */
export default function ScheduleSection({ marketplaceId, staff }: ConsoleSectionProps) {
  const { values, update, today } = useScheduleParams();
  const marketplace = useMarketplace(marketplaceId);
  const clinics = marketplace.data?.clinicOrganizations ?? [];
  const days = scheduleDays(values.view, values.day);
  const clinicId = values.place && values.place !== HOME ? values.place : null;
  const appointments = useStaffRequests(marketplaceId, {
    status: null,
    clinicId,
    date: null,
    from: days[0] ?? values.day,
    to: days.at(-1) ?? values.day,
  });
  const unit = values.view === 'day' ? 'day' : 'week';

  const shown = (appointments.data ?? []).filter(
    (a) =>
      (values.place !== HOME || a.clinic === null) &&
      (!values.practitioner || a.practitioner.id === values.practitioner),
  );
  const practitioners = uniquePractitioners(appointments.data ?? []);

  return (
    <Stack gap="4">
      <PageHeading mb="0">Schedule</PageHeading>
      {staff.role === 'practitioner' && <Text color="fg.muted">Your own appointments.</Text>}
      <Flex gap="3" wrap="wrap" align="end">
        <Flex gap="1" role="group" aria-label="View">
          {(['day', 'week'] as const).map((view) => (
            <Button
              key={view}
              variant={values.view === view ? 'solid' : 'outline'}
              aria-pressed={values.view === view}
              onClick={() => update({ view })}
            >
              {view === 'day' ? 'Day' : 'Week'}
            </Button>
          ))}
        </Flex>
        <Flex gap="1" role="group" aria-label="Dates">
          <Button variant="outline" onClick={() => update({ day: shiftDay(values.view, values.day, -1) })}>
            Previous {unit}
          </Button>
          <Button variant="outline" onClick={() => update({ day: today })} disabled={values.day === today}>
            Today
          </Button>
          <Button variant="outline" onClick={() => update({ day: shiftDay(values.view, values.day, 1) })}>
            Next {unit}
          </Button>
        </Flex>
        <Field.Root w={{ base: 'full', md: '11rem' }}>
          <Field.Label>Date</Field.Label>
          <Input
            type="date"
            value={values.day}
            onChange={(event) => {
              const day = parseDay(event.target.value);
              if (day) update({ day });
            }}
          />
        </Field.Root>
        <Field.Root w={{ base: 'full', md: '15rem' }}>
          <Field.Label>Location</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={values.place}
              onChange={(event) => update({ place: event.target.value })}
            >
              <option value="">All locations</option>
              {clinics.map((clinic) => (
                <option key={clinic.id} value={clinic.id}>
                  {clinic.name}
                </option>
              ))}
              {marketplace.data?.providesAtHome && <option value={HOME}>At-home visits</option>}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        {staff.role !== 'practitioner' && (
          <Field.Root w={{ base: 'full', md: '13rem' }}>
            <Field.Label>Practitioner</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                value={values.practitioner}
                onChange={(event) => update({ practitioner: event.target.value })}
              >
                <option value="">All practitioners</option>
                {practitioners.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        )}
      </Flex>
      <Text fontWeight="semibold" aria-live="polite">
        {rangeLabel(values.view, values.day)}
      </Text>
      {appointments.isPending ? (
        <Center py="12">
          <Spinner size="lg" role="status" aria-label="Loading the schedule" />
        </Center>
      ) : appointments.isError ? (
        <Stack gap="3" align="start">
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>{errorMessage(appointments.error, 'appointments')}</Alert.Title>
          </Alert.Root>
          <Button onClick={() => appointments.refetch()}>Try again</Button>
        </Stack>
      ) : (
        <Stack gap="6">
          {scheduleOf(days, shown).map(({ day, places }) => (
            <Box as="section" key={day} aria-label={dayHeading(day)}>
              <Heading as="h2" size="md" mb="2">
                {dayHeading(day)}
              </Heading>
              {places.length === 0 ? (
                <Text color="fg.muted">No appointments.</Text>
              ) : (
                <Stack gap="3">
                  {places.map((place) => (
                    <Box key={place.key}>
                      <Heading as="h3" size="sm" mb="1">
                        {place.name}
                      </Heading>
                      <Stack
                        as="ul"
                        listStyleType="none"
                        gap="1"
                        aria-label={`${place.name}, ${dayHeading(day)}`}
                      >
                        {place.appointments.map((appointment) => (
                          <AppointmentRow key={appointment.id} appointment={appointment} />
                        ))}
                      </Stack>
                    </Box>
                  ))}
                </Stack>
              )}
            </Box>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function AppointmentRow({ appointment }: { appointment: StaffRequest }) {
  return (
    <Grid
      as="li"
      templateColumns={{ base: 'minmax(0, 1fr)', md: '13rem minmax(0, 1fr) 10rem 6rem' }}
      gap={{ base: '0', md: '3' }}
      py="2"
      px="3"
      borderWidth="1px"
      rounded="md"
      alignItems="center"
    >
      <Text fontWeight="semibold">{appointmentTimes(appointment)}</Text>
      <Text>
        {clientName(appointment.client)} · {appointment.procedures.map((p) => p.name).join(', ')}
      </Text>
      <Text>{appointment.practitioner.name}</Text>
      <Box>
        <Badge colorPalette={appointment.status === 'PENDING' ? 'orange' : 'green'} variant="solid">
          {statusLabels[appointment.status]}
        </Badge>
      </Box>
    </Grid>
  );
}

function uniquePractitioners(appointments: readonly StaffRequest[]) {
  const byId = new Map(appointments.map((a) => [a.practitioner.id, a.practitioner]));
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
}
