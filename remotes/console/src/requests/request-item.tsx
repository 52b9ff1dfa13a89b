import { formatCents, staffMay } from '@atrium/domain';
import { errorMessage } from '@atrium/graphql-client';
import {
  type StaffRequest,
  useStaffCancelAppointment,
  useStaffCompleteAppointment,
  useStaffConfirmAppointment,
  useStaffDeclineAppointment,
} from '@atrium/graphql-client/staff';
import { emit } from '@atrium/stores';
import { Alert, Badge, Box, Button, Card, Flex, Heading, HStack, Link, Stack, Text } from '@atrium/ui';
import { useState } from 'react';
import type { ConsoleStaff } from '../shell/console-staff';
import { ReasonDialog } from './reason-dialog';
import {
  clientName,
  clientPhone,
  requestLocation,
  requestStart,
  requestTimeSpan,
  statusLabels,
} from './request-format';

const statusPalettes: Record<StaffRequest['status'], string> = {
  PENDING: 'orange',
  BOOKED: 'green',
  COMPLETE: 'gray',
  CANCELLED: 'red',
};

type ReasonAction = 'decline' | 'cancel';

interface RequestItemProps {
  marketplaceId: string;
  request: StaffRequest;
  staff: ConsoleStaff;
}

/** One request of the inbox: who, what, where, when, what it costs, and what the member may do with it. */
export function RequestItem({ marketplaceId, request, staff }: RequestItemProps) {
  const who = clientName(request.client);
  const when = requestStart(request);
  const subject = `${who}, ${when}`;
  const phone = clientPhone(request.client);
  const headingId = `request-${request.id}`;
  const [failure, setFailure] = useState<string | null>(null);
  const [asking, setAsking] = useState<ReasonAction | null>(null);

  const confirm = useStaffConfirmAppointment();
  const decline = useStaffDeclineAppointment();
  const complete = useStaffCompleteAppointment();
  const cancel = useStaffCancelAppointment();
  const busy = confirm.isPending || decline.isPending || complete.isPending || cancel.isPending;

  const may = {
    confirm: request.status === 'PENDING' && staffMay(staff.role, 'confirmAppointment'),
    decline: request.status === 'PENDING' && staffMay(staff.role, 'declineAppointment'),
    complete: request.status === 'BOOKED' && staffMay(staff.role, 'completeAppointment'),
    cancel: request.status === 'BOOKED' && staffMay(staff.role, 'cancelAppointment'),
  };
  const ids = { marketplaceId, id: request.id };

  const run = async (action: () => Promise<void>) => {
    try {
      await action();
    } catch (error) {
      emit('toast', { type: 'error', message: errorMessage(error) });
    }
  };

  const onConfirm = () =>
    run(async () => {
      setFailure(null);
      const result = await confirm.mutateAsync(ids);
      if (result.status === 'BOOKED') {
        const charged = result.charged > 0 ? ` ${formatCents(result.charged)} charged.` : '';
        emit('toast', { type: 'success', message: `Confirmed ${subject}.${charged}` });
        return;
      }
      const reason = result.failureReason ?? 'The charge did not go through.';
      setFailure(reason);
      emit('toast', { type: 'error', message: `The charge failed: ${reason} The request stays pending.` });
    });

  const onComplete = () =>
    run(async () => {
      await complete.mutateAsync(ids);
      emit('toast', { type: 'success', message: `Completed ${subject}.` });
    });

  const onReason = (reason: string) =>
    run(async () => {
      if (asking === 'decline') {
        await decline.mutateAsync({ ...ids, reason });
        emit('toast', { type: 'success', message: `Declined ${subject}.` });
      } else {
        await cancel.mutateAsync({ ...ids, reason });
        emit('toast', { type: 'success', message: `Cancelled ${subject}.` });
      }
      setAsking(null);
    });

  const services = request.procedures.filter((p) => !p.isAddOn);
  const addOns = request.procedures.filter((p) => p.isAddOn);

  return (
    <Card.Root as="article" aria-labelledby={headingId} variant="outline">
      <Card.Body gap="3">
        <Flex justify="space-between" align="start" gap="3" wrap="wrap">
          <Box minW="0">
            <Heading as="h2" size="md" id={headingId}>
              {who}{' '}
              <Text as="span" fontWeight="normal">
                · {when}
              </Text>
            </Heading>
            <Text color="fg.muted">{requestTimeSpan(request)}</Text>
          </Box>
          <Badge colorPalette={statusPalettes[request.status]} variant="solid">
            {statusLabels[request.status]}
          </Badge>
        </Flex>

        <Box
          as="dl"
          display="grid"
          gridTemplateColumns={{ base: '1fr', md: '10rem minmax(0, 1fr)' }}
          columnGap="4"
          rowGap="1"
        >
          <Text as="dt" fontWeight="semibold">
            Client
          </Text>
          <Box as="dd">
            <Text>{who}</Text>
            <Link href={`mailto:${request.client.email}`}>{request.client.email}</Link>
            {phone && (
              <Text>
                <Link href={`tel:${request.client.phone}`}>{phone}</Link>
              </Text>
            )}
          </Box>
          <Text as="dt" fontWeight="semibold">
            Practitioner
          </Text>
          <Text as="dd">{request.practitioner.name}</Text>
          <Text as="dt" fontWeight="semibold">
            Location
          </Text>
          <Text as="dd">{requestLocation(request)}</Text>
          <Text as="dt" fontWeight="semibold">
            Services
          </Text>
          <Box as="dd">
            <PriceLines lines={services} />
          </Box>
          {addOns.length > 0 && (
            <>
              <Text as="dt" fontWeight="semibold">
                Add-ons
              </Text>
              <Box as="dd">
                <PriceLines lines={addOns} />
              </Box>
            </>
          )}
          {request.notes && (
            <>
              <Text as="dt" fontWeight="semibold">
                Notes
              </Text>
              <Text as="dd" whiteSpace="pre-wrap">
                {request.notes}
              </Text>
            </>
          )}
          {request.checkoutNotes.map((note) => (
            <Box key={note.label} display="contents">
              <Text as="dt" fontWeight="semibold">
                {note.label}
              </Text>
              <Text as="dd" whiteSpace="pre-wrap">
                {note.value}
              </Text>
            </Box>
          ))}
          <Text as="dt" fontWeight="semibold">
            Due on confirmation
          </Text>
          <Text as="dd">{formatCents(request.dueOnConfirmation)}</Text>
          <Text as="dt" fontWeight="semibold">
            Total
          </Text>
          <Text as="dd" fontWeight="semibold">
            {formatCents(request.total)}
          </Text>
          {request.cancellationReason && (
            <>
              <Text as="dt" fontWeight="semibold">
                Reason given
              </Text>
              <Text as="dd">{request.cancellationReason}</Text>
            </>
          )}
        </Box>

        {failure && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>The charge failed; the request stays pending.</Alert.Title>
              <Alert.Description>{failure}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}

        {(may.confirm || may.decline || may.complete || may.cancel) && (
          <HStack gap="2" wrap="wrap">
            {may.confirm && (
              <Button
                onClick={onConfirm}
                loading={confirm.isPending}
                disabled={busy}
                aria-label={`Confirm request of ${subject}`}
              >
                Confirm
              </Button>
            )}
            {may.decline && (
              <Button
                variant="outline"
                colorPalette="red"
                onClick={() => setAsking('decline')}
                disabled={busy}
                aria-label={`Decline request of ${subject}`}
              >
                Decline
              </Button>
            )}
            {may.complete && (
              <Button
                onClick={onComplete}
                loading={complete.isPending}
                disabled={busy}
                aria-label={`Complete appointment of ${subject}`}
              >
                Complete
              </Button>
            )}
            {may.cancel && (
              <Button
                variant="outline"
                colorPalette="red"
                onClick={() => setAsking('cancel')}
                disabled={busy}
                aria-label={`Cancel appointment of ${subject}`}
              >
                Cancel
              </Button>
            )}
          </HStack>
        )}
      </Card.Body>
      {asking && (
        <ReasonDialog
          open
          title={asking === 'decline' ? 'Decline the request' : 'Cancel the appointment'}
          subject={subject}
          submitLabel={asking === 'decline' ? 'Decline request' : 'Cancel appointment'}
          pending={decline.isPending || cancel.isPending}
          onSubmit={onReason}
          onClose={() => setAsking(null)}
        />
      )}
    </Card.Root>
  );
}

function PriceLines({ lines }: { lines: StaffRequest['procedures'] }) {
  return (
    <Stack as="ul" listStyleType="none" gap="0">
      {lines.map((line) => (
        <Flex as="li" key={line.id} justify="space-between" gap="3" maxW="md">
          <Text>{line.name}</Text>
          <Text>{formatCents(line.price)}</Text>
        </Flex>
      ))}
    </Stack>
  );
}
