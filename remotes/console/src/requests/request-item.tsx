import type { StaffRequest } from '@atrium/graphql-client/staff';
import { Alert, Badge, Box, Card, Flex, Heading, Text } from '@atrium/ui';
import type { ConsoleStaff } from '../shell/console-staff';
import { ReasonDialog } from './reason-dialog';
import { allowedActions, RequestActionButtons } from './request-actions';
import { RequestDetails } from './request-details';
import { clientName, requestStart, requestTimeSpan, statusLabels } from './request-format';
import { type ReasonAction, useRequestActions } from './use-request-actions';

const statusPalettes: Record<StaffRequest['status'], string> = {
  PENDING: 'orange',
  BOOKED: 'green',
  COMPLETE: 'gray',
  CANCELLED: 'red',
};

const reasonDialogTexts: Record<ReasonAction, { title: string; submitLabel: string }> = {
  decline: { title: 'Decline the request', submitLabel: 'Decline request' },
  cancel: { title: 'Cancel the appointment', submitLabel: 'Cancel appointment' },
};

interface RequestItemProps {
  marketplaceId: string;
  request: StaffRequest;
  staff: ConsoleStaff;
}

/** One request of the inbox: who, what, where, when, what it costs, and what the member may do with it. */
export function RequestItem({ marketplaceId, request, staff }: RequestItemProps) {
  const subject = `${clientName(request.client)}, ${requestStart(request)}`;
  const headingId = `request-${request.id}`;
  const actions = useRequestActions(marketplaceId, request, subject);

  return (
    <Card.Root as="article" aria-labelledby={headingId} variant="outline">
      <Card.Body gap="3">
        <RequestHeading request={request} headingId={headingId} />
        <RequestDetails request={request} />
        {actions.failure && <ChargeFailure reason={actions.failure} />}
        <RequestActionButtons may={allowedActions(request, staff.role)} subject={subject} actions={actions} />
      </Card.Body>
      {actions.asking && (
        <ReasonDialog
          open
          title={reasonDialogTexts[actions.asking].title}
          subject={subject}
          submitLabel={reasonDialogTexts[actions.asking].submitLabel}
          pending={actions.sendingReason}
          onSubmit={actions.submitReason}
          onClose={() => actions.ask(null)}
        />
      )}
    </Card.Root>
  );
}

function RequestHeading({ request, headingId }: { request: StaffRequest; headingId: string }) {
  return (
    <Flex justify="space-between" align="start" gap="3" wrap="wrap">
      <Box minW="0">
        <Heading as="h2" size="md" id={headingId}>
          {clientName(request.client)}{' '}
          <Text as="span" fontWeight="normal">
            · {requestStart(request)}
          </Text>
        </Heading>
        <Text color="fg.muted">{requestTimeSpan(request)}</Text>
      </Box>
      <Badge colorPalette={statusPalettes[request.status]} variant="solid">
        {statusLabels[request.status]}
      </Badge>
    </Flex>
  );
}

function ChargeFailure({ reason }: { reason: string }) {
  return (
    <Alert.Root status="error">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>The charge failed; the request stays pending.</Alert.Title>
        <Alert.Description>{reason}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
