import type { StaffRequest } from '@atrium/graphql-client/staff';
import { Alert, Badge, Box, Button, Grid, Heading, Stack, Text } from '@atrium/ui';
import { clientName, statusLabels } from '../requests/request-format';
import { appointmentTimes, dayHeading, type ScheduleDay, type SchedulePlace } from './schedule-range';
import type { OutsideVisitRemoval } from './use-outside-visit-removal';

interface ScheduleDaysProps {
  schedule: readonly ScheduleDay[];
  /** Removing visits booked outside Atrium; null for a member who may not. */
  removal: OutsideVisitRemoval | null;
}

/** Each day of the view, its appointments grouped by place. */
export function ScheduleDays({ schedule, removal }: ScheduleDaysProps) {
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
                <PlaceAppointments key={place.key} day={day} place={place} removal={removal} />
              ))}
            </Stack>
          )}
        </Box>
      ))}
    </Stack>
  );
}

function PlaceAppointments({
  day,
  place,
  removal,
}: {
  day: string;
  place: SchedulePlace;
  removal: OutsideVisitRemoval | null;
}) {
  return (
    <Box>
      <Heading as="h3" size="sm" mb="1">
        {place.name}
      </Heading>
      <Stack as="ul" listStyleType="none" gap="1" aria-label={`${place.name}, ${dayHeading(day)}`}>
        {place.appointments.map((appointment) => (
          <AppointmentRow key={appointment.id} appointment={appointment} removal={removal} />
        ))}
      </Stack>
    </Box>
  );
}

/** A visit booked outside Atrium: no client, no request, only the team's note. */
const bookedOutside = (appointment: StaffRequest) => appointment.client === null;

function AppointmentRow({
  appointment,
  removal,
}: {
  appointment: StaffRequest;
  removal: OutsideVisitRemoval | null;
}) {
  const failure = removal?.failure?.id === appointment.id ? removal.failure.message : null;
  return (
    <Grid
      as="li"
      templateColumns={{
        base: 'minmax(0, 1fr)',
        md: `13rem minmax(0, 1fr) 10rem 6rem${removal ? ' 5.5rem' : ''}`,
      }}
      gap={{ base: '0', md: '3' }}
      py="2"
      px="3"
      borderWidth="1px"
      rounded="md"
      alignItems="center"
    >
      <Text fontWeight="semibold">{appointmentTimes(appointment)}</Text>
      <Text overflowWrap="anywhere">
        {clientName(appointment.client)} · {whatItIs(appointment)}
      </Text>
      <Text>{appointment.practitioner.name}</Text>
      <Box>
        <Badge colorPalette={appointment.status === 'PENDING' ? 'orange' : 'green'} variant="solid">
          {statusLabels[appointment.status]}
        </Badge>
      </Box>
      {removal && (
        <Box>
          {bookedOutside(appointment) && <RemoveButton appointment={appointment} removal={removal} />}
        </Box>
      )}
      {removal && failure && <RemovalFailed appointment={appointment} removal={removal} message={failure} />}
    </Grid>
  );
}

/** Its services, or for a visit booked outside Atrium the team's note. */
function whatItIs(appointment: StaffRequest): string {
  if (appointment.procedures.length > 0) return appointment.procedures.map((p) => p.name).join(', ');
  // A client's own notes never show as the team's (a request without procedures is not one of these).
  const note = bookedOutside(appointment) ? appointment.notes : null;
  return note ? `booked outside Atrium: ${note}` : 'booked outside Atrium';
}

interface RemovalProps {
  appointment: StaffRequest;
  removal: OutsideVisitRemoval;
}

function RemoveButton({ appointment, removal }: RemovalProps) {
  return (
    <Button
      size="sm"
      variant="outline"
      colorPalette="red"
      mt={{ base: '2', md: '0' }}
      aria-label={`Remove the visit ${appointmentTimes(appointment)} with ${appointment.practitioner.name}`}
      onClick={() => removal.ask(appointment)}
    >
      Remove
    </Button>
  );
}

/** Why the visit could not be removed, with a retry (already confirmed: it asks nothing again). */
function RemovalFailed({ appointment, removal, message }: RemovalProps & { message: string }) {
  return (
    <Stack gridColumn="1 / -1" gap="2" align="start" mt="2">
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>{message}</Alert.Title>
      </Alert.Root>
      <Button size="sm" loading={removal.pending} onClick={() => removal.retry(appointment)}>
        Try again
      </Button>
    </Stack>
  );
}
