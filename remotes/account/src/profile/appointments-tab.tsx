import { formatUsPhone, phoneHref } from '@atrium/domain';
import { errorMessage } from '@atrium/graphql-client';
import { type ProfileAppointment, useProfileAppointments } from '@atrium/graphql-client/account';
import { Link as RouterLink } from '@atrium/navigation';
import {
  Alert,
  Badge,
  Button,
  Card,
  Flex,
  Heading,
  Link,
  PhoneIcon,
  Skeleton,
  Stack,
  Text,
} from '@atrium/ui';
import { useId } from 'react';
import { appointmentWhen, canCallToUpdate, groupAppointments, STATUS_CHIPS } from './appointment-rules';
import { useBookAgain } from './book-again';

/**
 * Appointments: upcoming (PENDING with an orange chip, BOOKED) and past (COMPLETE). 'Call to
 * Update' calls the organization for upcoming ones (changes are made by phone); 'Book Again'
 * rebooks a past one.
 */
export function AppointmentsTab({ marketplaceId }: { marketplaceId: string }) {
  const appointments = useProfileAppointments(marketplaceId);
  const { bookAgain, pendingId, ready } = useBookAgain(marketplaceId);

  if (appointments.isPending) {
    return (
      <Stack gap="3" role="status" aria-label="Loading appointments">
        <Skeleton height="32" />
        <Skeleton height="32" />
      </Stack>
    );
  }
  if (appointments.isError) {
    return (
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{errorMessage(appointments.error, 'appointments')}</Alert.Title>
        </Alert.Content>
        <Button size="sm" variant="outline" onClick={() => appointments.refetch()}>
          Try again
        </Button>
      </Alert.Root>
    );
  }

  const { upcoming, past } = groupAppointments(appointments.data);
  return (
    <Stack gap="8">
      <AppointmentList
        title="Upcoming"
        appointments={upcoming}
        empty={
          <Stack gap="2" align="start">
            <Text color="fg.muted">No upcoming appointments.</Text>
            <Link asChild color="brand.fg" fontWeight="medium">
              <RouterLink to={`/${marketplaceId}/services`}>Book a service</RouterLink>
            </Link>
          </Stack>
        }
        action={(appointment) =>
          canCallToUpdate(appointment) && appointment.organizationPhone ? (
            <Button asChild size="sm" variant="outline">
              <a
                href={phoneHref(appointment.organizationPhone)}
                title={`Call ${formatUsPhone(appointment.organizationPhone)}`}
              >
                <PhoneIcon /> Call to Update
              </a>
            </Button>
          ) : null
        }
      />
      <AppointmentList
        title="Past"
        appointments={past}
        empty={<Text color="fg.muted">No past appointments.</Text>}
        action={(appointment) => (
          <Button
            size="sm"
            onClick={() => bookAgain(appointment)}
            loading={pendingId === appointment.id}
            loadingText="Book Again"
            disabled={!ready || (pendingId !== null && pendingId !== appointment.id)}
          >
            Book Again
          </Button>
        )}
      />
    </Stack>
  );
}

interface AppointmentListProps {
  title: string;
  appointments: readonly ProfileAppointment[];
  empty: React.ReactNode;
  action: (appointment: ProfileAppointment) => React.ReactNode;
}

function AppointmentList({ title, appointments, empty, action }: AppointmentListProps) {
  const headingId = useId();
  return (
    <Stack as="section" gap="3" aria-labelledby={headingId}>
      <Heading as="h2" size="lg" id={headingId}>
        {title}
      </Heading>
      {appointments.length === 0 ? (
        empty
      ) : (
        <Stack as="ul" gap="3" listStyleType="none">
          {appointments.map((appointment) => (
            <AppointmentCard key={appointment.id} appointment={appointment} action={action(appointment)} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function AppointmentCard({
  appointment,
  action,
}: {
  appointment: ProfileAppointment;
  action: React.ReactNode;
}) {
  const headingId = useId();
  const when = appointmentWhen(appointment);
  const chip = STATUS_CHIPS[appointment.status];
  const procedures = appointment.procedures.map((procedure) => procedure.name).join(', ');
  return (
    <Card.Root as="li" aria-labelledby={headingId}>
      <Card.Body gap="3">
        <Flex justify="space-between" align="start" gap="3" wrap="wrap">
          <Stack gap="0">
            <Heading as="h3" size="md" id={headingId}>
              {when.date}
            </Heading>
            <Text color="fg.muted">{when.time}</Text>
          </Stack>
          {chip && (
            <Badge
              data-palette={chip.colorPalette}
              colorPalette={chip.colorPalette}
              variant={appointment.status === 'PENDING' ? 'solid' : 'subtle'}
            >
              {chip.label}
            </Badge>
          )}
        </Flex>
        <Stack as="dl" gap="1" fontSize="sm">
          <Flex gap="2">
            <Text as="dt" color="fg.muted" minW="24">
              Services
            </Text>
            <Text as="dd">{procedures}</Text>
          </Flex>
          <Flex gap="2">
            <Text as="dt" color="fg.muted" minW="24">
              Practitioner
            </Text>
            <Text as="dd">{appointment.practitioner?.name ?? 'To be assigned'}</Text>
          </Flex>
          <Flex gap="2">
            <Text as="dt" color="fg.muted" minW="24">
              Location
            </Text>
            <Text as="dd">{appointment.location}</Text>
          </Flex>
        </Stack>
        {action && <Flex justify="flex-end">{action}</Flex>}
      </Card.Body>
    </Card.Root>
  );
}
