import { staffMay } from '@atrium/domain';
import type { StaffRequest } from '@atrium/graphql-client/staff';
import { Alert, Badge, Box, Button, Card, Flex, Heading, Stack, Text } from '@atrium/ui';
import { useState } from 'react';
import { ConfirmDialog } from '../shared/confirm-dialog';
import type { ConsoleStaff } from '../shell/console-staff';
import { PaymentsPanel } from './payments-panel';
import { ReasonDialog } from './reason-dialog';
import { RefundDialog } from './refund-dialog';
import { allowedActions, RequestActionButtons } from './request-actions';
import { RequestDetails } from './request-details';
import {
  clientName,
  clientPhone,
  lastChargeFailure,
  requestStart,
  requestSummary,
  requestTimeSpan,
  statusLabels,
} from './request-format';
import { RescheduleDialog } from './reschedule-dialog';
import { type ReasonAction, type RequestActions, useRequestActions } from './use-request-actions';

const statusPalettes: Record<StaffRequest['status'], string> = {
  PENDING: 'orange',
  BOOKED: 'green',
  COMPLETE: 'gray',
  CANCELLED: 'red',
  NO_SHOW: 'purple',
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

/**
 * One request of the inbox, compact: who, when, what, where and what it costs, and what the member may
 * do with it; the rest (contact, notes, answers, amounts, payments) one click away under Details.
 */
export function RequestItem({ marketplaceId, request, staff }: RequestItemProps) {
  const subject = `${clientName(request.client)}, ${requestStart(request)}`;
  const headingId = `request-${request.id}`;
  const detailsId = `request-details-${request.id}`;
  const actions = useRequestActions(marketplaceId, request, subject);
  const failure = lastChargeFailure(request);
  const [open, setOpen] = useState(false);

  return (
    <Card.Root as="article" aria-labelledby={headingId} variant="outline" size="sm">
      <Card.Body gap="2">
        <RequestHeading request={request} headingId={headingId} />
        <Text>{requestSummary(request)}</Text>
        <Text color="fg.muted" fontSize="sm">
          {request.client
            ? [request.client.email, clientPhone(request.client)].filter(Boolean).join(' · ')
            : 'Booked outside Atrium'}
        </Text>
        {failure && <ChargeFailure reason={failure} />}
        <Flex gap="2" wrap="wrap" align="center" justify="space-between">
          <RequestActionButtons
            may={allowedActions(request, staff.role)}
            subject={subject}
            actions={actions}
          />
          <Button
            variant="ghost"
            size="sm"
            aria-expanded={open}
            aria-controls={detailsId}
            onClick={() => setOpen(!open)}
            aria-label={`${open ? 'Hide' : 'Show'} details of ${subject}`}
          >
            {open ? 'Hide details' : 'Show details'}
          </Button>
        </Flex>
        <Stack id={detailsId} gap="3" hidden={!open}>
          {open && (
            <>
              <RequestDetails request={request} />
              <PaymentsPanel
                request={request}
                subject={subject}
                canRefund={staffMay(staff.role, 'refundPayment')}
                onRefund={actions.startRefund}
              />
            </>
          )}
        </Stack>
      </Card.Body>
      <RequestDialogs request={request} subject={subject} actions={actions} />
      {actions.moving && (
        <RescheduleDialog
          marketplaceId={marketplaceId}
          request={request}
          subject={subject}
          onClose={() => actions.startMove(false)}
        />
      )}
    </Card.Root>
  );
}

/** The dialog the member opened: a reason (with the refund, when cancelling), a no-show, a refund. */
function RequestDialogs({
  request,
  subject,
  actions,
}: {
  request: StaffRequest;
  subject: string;
  actions: RequestActions;
}) {
  const charged = request.payments.find(
    (payment) => payment.purpose === 'CONFIRMATION' && payment.refundable > 0,
  );
  return (
    <>
      {actions.asking && (
        <ReasonDialog
          open
          title={reasonDialogTexts[actions.asking].title}
          subject={subject}
          submitLabel={reasonDialogTexts[actions.asking].submitLabel}
          pending={actions.sendingReason}
          refundableCents={actions.asking === 'cancel' ? (charged?.refundable ?? 0) : 0}
          onSubmit={actions.submitReason}
          onClose={() => actions.ask(null)}
        />
      )}
      <ConfirmDialog
        change={
          actions.askingNoShow
            ? {
                title: 'Mark as a no-show?',
                message: `${subject}. The client is told, and the no-show fee of your payment settings, if any, is charged to the card on file.`,
                confirmLabel: 'Mark no-show',
                run: actions.markNoShow,
              }
            : null
        }
        pending={actions.markingNoShow}
        onClose={() => actions.askNoShow(false)}
      />
      {actions.refunding && (
        <RefundDialog
          payment={actions.refunding}
          subject={subject}
          pending={actions.sendingRefund}
          onSubmit={actions.submitRefund}
          onClose={() => actions.startRefund(null)}
        />
      )}
    </>
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
        <Alert.Title>The last charge failed; the request stays pending.</Alert.Title>
        <Alert.Description>{reason}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
