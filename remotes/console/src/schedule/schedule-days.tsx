import type { StaffRequest } from '@atrium/graphql-client/staff';
import { Badge, Box, Grid, Heading, Stack, Text } from '@atrium/ui';
import { clientName, statusLabels } from '../requests/request-format';
import { appointmentTimes, dayHeading, type ScheduleDay, type SchedulePlace } from './schedule-range';

/** Each day of the view, its appointments grouped by place. */
export function ScheduleDays({ schedule }: { schedule: readonly ScheduleDay[] }) {
  return (
    <Stack gap="6">
      {schedule.map(({ day, places }) => (
        <Box as="section" key={day} aria-label={dayHeading(day)}>
          <Heading as="h2" size="md" mb="2">
            {dayHeading(day)}
          </Heading>
          {places.length === 0 ? (
            <Text color="fg.muted">No appointments.</Text>
          ) : (
            <Stack gap="3">
              {places.map((place) => (
                <PlaceAppointments key={place.key} day={day} place={place} />
              ))}
            </Stack>
          )}
        </Box>
      ))}
    </Stack>
  );
}

function PlaceAppointments({ day, place }: { day: string; place: SchedulePlace }) {
  return (
    <Box>
      <Heading as="h3" size="sm" mb="1">
        {place.name}
      </Heading>
      <Stack as="ul" listStyleType="none" gap="1" aria-label={`${place.name}, ${dayHeading(day)}`}>
        {place.appointments.map((appointment) => (
          <AppointmentRow key={appointment.id} appointment={appointment} />
        ))}
      </Stack>
    </Box>
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
        {clientName(appointment.client)} ·{' '}
        {appointment.procedures.length > 0
          ? appointment.procedures.map((p) => p.name).join(', ')
          : 'booked outside Atrium'}
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
