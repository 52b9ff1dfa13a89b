import { formatCents } from '@atrium/domain';
import { type StaffClientDetail, useStaffClient } from '@atrium/graphql-client/staff-clients';
import { Badge, Box, Heading, Stack, Text } from '@atrium/ui';
import { format, parseISO } from 'date-fns';
import type { ReactNode } from 'react';
import { clientName, clientPhone, requestTimeSpan, statusLabels } from '../requests/request-format';
import { LoadError, Loading } from '../shared/query-states';
import { windowLabel } from '../waitlist/waitlist-format';

const waitlistLabels: Record<StaffClientDetail['waitlist'][number]['status'], string> = {
  WAITLISTED: 'Waitlisted',
  BOOKED: 'Booked',
  CANCELLED: 'Cancelled',
};

/** One client of the marketplace: contact, appointments, waitlist requests, memberships and packages. */
export function ClientDetail({ marketplaceId, clientId }: { marketplaceId: string; clientId: string }) {
  const detail = useStaffClient(marketplaceId, clientId);
  if (detail.isPending) return <Loading label="Loading the client" />;
  if (detail.isError) return <LoadError error={detail.error} onRetry={() => detail.refetch()} />;
  const { client, appointments, waitlist, memberships, packages } = detail.data;
  const phone = clientPhone(client);
  return (
    <Stack as="section" aria-labelledby="client-name" gap="5">
      <Box>
        <Heading as="h2" size="lg" id="client-name">
          {clientName(client)}
        </Heading>
        <Text>{client.email}</Text>
        {phone && <Text>{phone}</Text>}
      </Box>
      <Appointments appointments={appointments} />
      <WaitlistRequests requests={waitlist} />
      <Memberships memberships={memberships} />
      <Packages packages={packages} />
    </Stack>
  );
}

function Appointments({ appointments }: { appointments: StaffClientDetail['appointments'] }) {
  return (
    <Part title="Appointments" empty="No appointments." count={appointments.length}>
      {appointments.map((appointment) => (
        <li key={appointment.id}>
          <Text fontWeight="semibold">
            {requestTimeSpan(appointment)} <Badge ms="1">{statusLabels[appointment.status]}</Badge>
          </Text>
          <Text color="fg.muted">
            {appointment.procedures.map((procedure) => procedure.name).join(', ')} ·{' '}
            {appointment.practitioner.name}
            {appointment.clinic ? ` · ${appointment.clinic.name}` : ' · At home'} ·{' '}
            {formatCents(appointment.total)}
          </Text>
        </li>
      ))}
    </Part>
  );
}

function WaitlistRequests({ requests }: { requests: StaffClientDetail['waitlist'] }) {
  return (
    <Part title="Waitlist requests" empty="No waitlist requests." count={requests.length}>
      {requests.map((request) => (
        <li key={request.id}>
          <Text fontWeight="semibold">
            {request.procedures.map((procedure) => procedure.name).join(', ')}{' '}
            <Badge ms="1">{waitlistLabels[request.status]}</Badge>
          </Text>
          {request.windows.map((window) => (
            <Text key={window.localStart} color="fg.muted">
              {windowLabel(window)}
            </Text>
          ))}
        </li>
      ))}
    </Part>
  );
}

function Memberships({ memberships }: { memberships: StaffClientDetail['memberships'] }) {
  return (
    <Part title="Memberships" empty="No memberships." count={memberships.length}>
      {memberships.map((membership) => (
        <li key={membership.id}>
          <Text fontWeight="semibold">
            {membership.name} <Badge ms="1">{membership.status}</Badge>
          </Text>
          <Text color="fg.muted">
            {formatCents(membership.price)} {membership.period}
            {membership.status === 'Active'
              ? ` · renews ${format(parseISO(membership.renewalDate), 'MMM d, yyyy')}`
              : ''}
          </Text>
        </li>
      ))}
    </Part>
  );
}

function Packages({ packages }: { packages: StaffClientDetail['packages'] }) {
  return (
    <Part title="Packages" empty="No packages." count={packages.length}>
      {packages.map((item) => (
        <li key={item.id}>
          <Text fontWeight="semibold">{item.name}</Text>
          <Text color="fg.muted">
            {item.balance} of {item.totalPoints} left
            {item.expiresAt ? ` · expires ${format(new Date(item.expiresAt), 'MMM d, yyyy')}` : ''}
          </Text>
        </li>
      ))}
    </Part>
  );
}

function Part({
  title,
  empty,
  count,
  children,
}: {
  title: string;
  empty: string;
  count: number;
  children: ReactNode;
}) {
  return (
    <Stack gap="2">
      <Heading as="h3" size="md">
        {title}
      </Heading>
      {count === 0 ? (
        <Text color="fg.muted">{empty}</Text>
      ) : (
        <Stack as="ul" listStyleType="none" gap="3" aria-label={title}>
          {children}
        </Stack>
      )}
    </Stack>
  );
}
