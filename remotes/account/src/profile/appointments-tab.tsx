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
import { useDialogSubject } from '../shared/use-dialog-subject';
import {
  appointmentWhen,
  canCallToUpdate,
  groupAppointments,
  onlineChangesLine,
  STATUS_CHIPS,
} from './appointment-rules';
import { useBookAgain } from './book-again';
import { CancelAppointmentDialog } from './cancel-appointment-dialog';
import { RescheduleAppointmentDialog } from './reschedule-appointment-dialog';
import { WaitlistRequests } from './waitlist-requests';

/**
 * Appointments: upcoming (PENDING with an orange chip, BOOKED) and past (COMPLETE). Upcoming ones
 * have 'Reschedule' and 'Cancel' while the marketplace lets the client change them online (the
 * list says so), else 'Call to Update', which calls the organization; 'Book Again' rebooks a past one.
 */
export function AppointmentsTab({ marketplaceId }: { marketplaceId: string }) {
  const appointments = useProfileAppointments(marketplaceId);
  const { bookAgain, pendingId, ready } = useBookAgain(marketplaceId);
  const rescheduling = useDialogSubject<ProfileAppointment>();
  const cancelling = useDialogSubject<ProfileAppointment>();

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

  const { upcoming, past, cancelled } = groupAppointments(appointments.data);
  const bookAgainButton = (appointment: ProfileAppointment) => (
    <Button
      size="sm"
      onClick={() => bookAgain(appointment)}
      loading={pendingId === appointment.id}
      loadingText="Book Again"
      disabled={!ready || (pendingId !== null && pendingId !== appointment.id)}
    >
      Book Again
    </Button>
  );
  return (
    <Stack gap="8">
      <ChangeDialogs marketplaceId={marketplaceId} rescheduling={rescheduling} cancelling={cancelling} />
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
        action={(appointment) => (
          <UpcomingActions
            appointment={appointment}
            onReschedule={() => rescheduling.show(appointment)}
            onCancel={() => cancelling.show(appointment)}
          />
        )}
      />
      <WaitlistRequests marketplaceId={marketplaceId} />
      <AppointmentList
        title="Past"
        appointments={past}
        empty={<Text color="fg.muted">No past appointments.</Text>}
        action={bookAgainButton}
      />
      {/* Cancelled visits and declined requests, with the reason the client was told. */}
      {cancelled.length > 0 && (
        <AppointmentList title="Cancelled" appointments={cancelled} empty={null} action={bookAgainButton} />
      )}
    </Stack>
  );
}

type DialogSubject = ReturnType<typeof useDialogSubject<ProfileAppointment>>;

/** The reschedule and cancel dialogs of the appointment chosen (each fresh whenever it opens). */
function ChangeDialogs({
  marketplaceId,
  rescheduling,
  cancelling,
}: {
  marketplaceId: string;
  rescheduling: DialogSubject;
  cancelling: DialogSubject;
}) {
  return (
    <>
      {rescheduling.subject && (
        <RescheduleAppointmentDialog
          key={`${rescheduling.subject.id}-${rescheduling.open}`}
          marketplaceId={marketplaceId}
          appointment={rescheduling.subject}
          open={rescheduling.open}
          onClose={rescheduling.close}
        />
      )}
      {cancelling.subject && (
        <CancelAppointmentDialog
          key={`${cancelling.subject.id}-${cancelling.open}`}
          marketplaceId={marketplaceId}
          appointment={cancelling.subject}
          open={cancelling.open}
          onClose={cancelling.close}
        />
      )}
    </>
  );
}

/**
 * An upcoming visit's actions: Reschedule and Cancel while online changes are open, else 'Call to
 * Update' (by phone, as the spec says), with a line on until when online changes are (or were) open.
 */
function UpcomingActions({
  appointment,
  onReschedule,
  onCancel,
}: {
  appointment: ProfileAppointment;
  onReschedule: () => void;
  onCancel: () => void;
}) {
  const line = onlineChangesLine(appointment);
  const phone = canCallToUpdate(appointment) ? appointment.organizationPhone : null;
  return (
    <Stack gap="2" align="flex-end">
      {line && (
        <Text fontSize="sm" color="fg.muted" textAlign="end">
          {line}
        </Text>
      )}
      <Flex gap="2" wrap="wrap" justify="flex-end">
        {appointment.canChangeOnline ? (
          <>
            <Button size="sm" variant="outline" onClick={onReschedule}>
              Reschedule
            </Button>
            <Button size="sm" variant="outline" colorPalette="red" onClick={onCancel}>
              Cancel
            </Button>
          </>
        ) : (
          phone && (
            <Button asChild size="sm" variant="outline">
              <a href={phoneHref(phone)} title={`Call ${formatUsPhone(phone)}`}>
                <PhoneIcon /> Call to Update
              </a>
            </Button>
          )
        )}
      </Flex>
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
          {appointment.cancellationReason && (
            <Flex gap="2">
              <Text as="dt" color="fg.muted" minW="24">
                Reason
              </Text>
              <Text as="dd">{appointment.cancellationReason}</Text>
            </Flex>
          )}
        </Stack>
        {action && <Flex justify="flex-end">{action}</Flex>}
      </Card.Body>
    </Card.Root>
  );
}
