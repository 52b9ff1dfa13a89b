import { errorMessage } from '@atrium/graphql-client';
import {
  type ProfileWaitlistRequest,
  useProfileWaitlistRequests,
  useWithdrawWaitlistRequest,
} from '@atrium/graphql-client/account';
import { Badge, Button, Card, Flex, Heading, RetryAlert, Stack, Text } from '@atrium/ui';
import { Modal } from '@atrium/ui/overlays';
import { TZDate, tzName } from '@date-fns/tz';
import { format } from 'date-fns';
import { useId, useState } from 'react';
import { notify } from '../shared/notify';

/** A wall-clock time of the place ('yyyy-MM-ddTHH:mm') as a date in its zone. */
function placeTime(local: string, timeZone: string): TZDate {
  const [year = 0, month = 1, day = 1, hour = 0, minute = 0] = local.split(/[-T:]/).map(Number);
  return new TZDate(year, month - 1, day, hour, minute, timeZone);
}

/** 'Tue, Mar 5, 9:00 AM – 12:00 PM EST': a window local to the place ('yyyy-MM-ddTHH:mm' each end). */
export function windowLabel(window: { start: string; end: string }, timeZone: string): string {
  const start = placeTime(window.start, timeZone);
  const end = placeTime(window.end, timeZone);
  const sameDay = window.start.slice(0, 10) === window.end.slice(0, 10);
  const to = format(end, sameDay ? 'h:mm a' : 'EEE, MMM d, h:mm a');
  return `${format(start, 'EEE, MMM d, h:mm a')} – ${to} ${tzName(timeZone, start, 'short')}`;
}

/**
 * The client's waitlist requests still waiting for a time: what and where, the windows they would
 * take, and Withdraw (asked first). Shown only when there are some.
 */
export function WaitlistRequests({ marketplaceId }: { marketplaceId: string }) {
  const requests = useProfileWaitlistRequests(marketplaceId);
  const [withdrawing, setWithdrawing] = useState<ProfileWaitlistRequest | null>(null);
  const headingId = useId();
  if (requests.isError) {
    return (
      <RetryAlert
        message={errorMessage(requests.error, 'appointments')}
        onRetry={() => requests.refetch()}
        retrying={requests.isFetching}
      />
    );
  }
  if (!requests.data?.length) return null;
  return (
    <Stack as="section" gap="3" aria-labelledby={headingId}>
      <Heading as="h2" size="lg" id={headingId}>
        Waitlist
      </Heading>
      <Stack as="ul" gap="3" listStyleType="none">
        {requests.data.map((request) => (
          <WaitlistCard key={request.id} request={request} onWithdraw={() => setWithdrawing(request)} />
        ))}
      </Stack>
      {withdrawing && (
        <WithdrawDialog
          key={withdrawing.id}
          marketplaceId={marketplaceId}
          request={withdrawing}
          onClose={() => setWithdrawing(null)}
        />
      )}
    </Stack>
  );
}

function WaitlistCard({ request, onWithdraw }: { request: ProfileWaitlistRequest; onWithdraw: () => void }) {
  const headingId = useId();
  return (
    <Card.Root as="li" aria-labelledby={headingId}>
      <Card.Body gap="3">
        <Flex justify="space-between" align="start" gap="3" wrap="wrap">
          <Heading as="h3" size="md" id={headingId}>
            {request.procedures.map((procedure) => procedure.name).join(', ')}
          </Heading>
          <Badge colorPalette="blue" variant="subtle">
            Waiting for a time
          </Badge>
        </Flex>
        <Text fontSize="sm">{request.location}</Text>
        <Stack as="ul" gap="1" fontSize="sm" listStyleType="none" aria-label="Times you would take">
          {request.windows.map((window) => (
            <Text as="li" key={`${window.start}-${window.end}`}>
              {windowLabel(window, request.timeZone)}
            </Text>
          ))}
        </Stack>
        <Flex justify="flex-end">
          <Button size="sm" variant="outline" colorPalette="red" onClick={onWithdraw}>
            Withdraw
          </Button>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}

/** Asks before withdrawing: after it, no time is offered from this request. */
function WithdrawDialog({
  marketplaceId,
  request,
  onClose,
}: {
  marketplaceId: string;
  request: ProfileWaitlistRequest;
  onClose: () => void;
}) {
  const withdraw = useWithdrawWaitlistRequest();
  const confirm = () =>
    withdraw.mutate(
      { marketplaceId, id: request.id },
      {
        onSuccess: () => {
          notify('success', 'Your waitlist request was withdrawn.');
          onClose();
        },
      },
    );
  return (
    <Modal
      open
      onClose={() => !withdraw.isPending && onClose()}
      role="alertdialog"
      title="Withdraw waitlist request"
      footer={
        <Flex gap="3" w="full" justify="flex-end" direction={{ base: 'column-reverse', sm: 'row' }}>
          <Button variant="outline" onClick={onClose} disabled={withdraw.isPending}>
            Keep waiting
          </Button>
          <Button colorPalette="red" loading={withdraw.isPending} onClick={confirm}>
            Withdraw
          </Button>
        </Flex>
      }
    >
      <Stack gap="3">
        <Text>No time will be offered to you from this request any more.</Text>
        {withdraw.isError && (
          <Text role="alert" color="fg.error">
            {errorMessage(withdraw.error)}
          </Text>
        )}
      </Stack>
    </Modal>
  );
}
