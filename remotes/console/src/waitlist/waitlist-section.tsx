import { formatCents, staffMay } from '@atrium/domain';
import { errorMessage } from '@atrium/graphql-client';
import {
  type StaffFreedTime,
  type StaffWaitlistRequest,
  useOfferWaitlistSlot,
  useStaffFreedTimes,
  useStaffWaitlist,
} from '@atrium/graphql-client/staff-waitlist';
import { useSearchParams } from '@atrium/navigation';
import { emit } from '@atrium/stores';
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Center,
  Flex,
  Heading,
  PageHeading,
  Spinner,
  Stack,
  Text,
} from '@atrium/ui';
import { clientName, clientPhone, requestLocation, requestTimeSpan } from '../requests/request-format';
import type { ConsoleSectionProps } from '../shell/console-staff';
import { windowLabel } from './waitlist-format';

/**
 * The waitlist (issue 19): time freed by cancellations and declines, and the open waitlist requests
 * with their windows. Choosing a freed time (?freed=) lists the requests whose windows hold it first,
 * each with "Offer this time", which mails the client a link that books it while it is free.
 */
export default function WaitlistSection({ marketplaceId, staff }: ConsoleSectionProps) {
  const [params, setParams] = useSearchParams();
  const freedParam = params.get('freed') ?? '';
  const freedTimes = useStaffFreedTimes(marketplaceId);
  const chosen = freedTimes.data?.find((time) => time.appointmentId === freedParam) ?? null;
  const requests = useStaffWaitlist(marketplaceId, chosen?.appointmentId ?? null);
  const mayOffer = staffMay(staff.role, 'offerWaitlistSlot');

  const choose = (time: StaffFreedTime | null) => {
    const search = new URLSearchParams();
    if (time) search.set('freed', time.appointmentId);
    setParams(search, { replace: true });
  };

  return (
    <Stack gap="6">
      <PageHeading mb="0">Waitlist</PageHeading>

      <Stack as="section" aria-labelledby="freed-times" gap="3">
        <Heading as="h2" size="lg" id="freed-times">
          Freed times
        </Heading>
        {freedTimes.isPending ? (
          <Center py="6">
            <Spinner role="status" aria-label="Loading freed times" />
          </Center>
        ) : freedTimes.isError ? (
          <LoadError error={freedTimes.error} retry={() => freedTimes.refetch()} />
        ) : freedTimes.data.length === 0 ? (
          <Text color="fg.muted">No cancelled or declined appointment has freed a time yet.</Text>
        ) : (
          <Stack as="ul" listStyleType="none" gap="2" aria-label="Freed times">
            {freedTimes.data.map((time) => (
              <li key={time.appointmentId}>
                <FreedTimeRow
                  time={time}
                  chosen={time.appointmentId === chosen?.appointmentId}
                  onChoose={() => choose(time.appointmentId === chosen?.appointmentId ? null : time)}
                />
              </li>
            ))}
          </Stack>
        )}
      </Stack>

      <Stack as="section" aria-labelledby="waitlist-requests" gap="3">
        <Heading as="h2" size="lg" id="waitlist-requests">
          Waitlist requests
        </Heading>
        {chosen && (
          <Text>
            Requests whose windows hold {requestTimeSpan(chosen)} at{' '}
            {chosen.clinic ? chosen.clinic.name : 'the client’s home'} come first.
          </Text>
        )}
        {requests.isPending ? (
          <Center py="6">
            <Spinner role="status" aria-label="Loading the waitlist" />
          </Center>
        ) : requests.isError ? (
          <LoadError error={requests.error} retry={() => requests.refetch()} />
        ) : (
          <>
            <Text role="status" color="fg.muted">
              {requests.data.length === 0
                ? 'No open waitlist requests.'
                : `${requests.data.length} open waitlist ${requests.data.length === 1 ? 'request' : 'requests'}`}
            </Text>
            <Stack as="ul" listStyleType="none" gap="4" aria-label="Waitlist requests">
              {requests.data.map((request) => (
                <li key={request.id}>
                  <WaitlistRequestItem
                    marketplaceId={marketplaceId}
                    request={request}
                    freed={chosen}
                    mayOffer={mayOffer}
                  />
                </li>
              ))}
            </Stack>
          </>
        )}
      </Stack>
    </Stack>
  );
}

function FreedTimeRow({
  time,
  chosen,
  onChoose,
}: {
  time: StaffFreedTime;
  chosen: boolean;
  onChoose: () => void;
}) {
  const span = requestTimeSpan(time);
  return (
    <Flex
      gap="3"
      align="center"
      justify="space-between"
      wrap="wrap"
      borderWidth="1px"
      borderRadius="md"
      borderColor={chosen ? 'brand.solid' : 'border'}
      p="3"
    >
      <Box minW="0">
        <Text fontWeight="semibold">{span}</Text>
        <Text color="fg.muted">
          {time.practitioner.name} · {time.clinic ? time.clinic.name : 'At home'}
          {time.cancellationReason ? ` · ${time.cancellationReason}` : ''}
        </Text>
      </Box>
      <Flex gap="3" align="center" wrap="wrap">
        <Badge colorPalette={time.matchingRequests > 0 ? 'green' : 'gray'}>
          {time.matchingRequests} matching
        </Badge>
        <Button
          size="sm"
          variant={chosen ? 'solid' : 'outline'}
          aria-pressed={chosen}
          onClick={onChoose}
          aria-label={`Show matching requests for ${span}`}
          whiteSpace="normal"
          h="auto"
          py="1.5"
        >
          {chosen ? 'Showing matches' : 'Show matching requests'}
        </Button>
      </Flex>
    </Flex>
  );
}

function WaitlistRequestItem({
  marketplaceId,
  request,
  freed,
  mayOffer,
}: {
  marketplaceId: string;
  request: StaffWaitlistRequest;
  freed: StaffFreedTime | null;
  mayOffer: boolean;
}) {
  const offer = useOfferWaitlistSlot();
  const who = clientName(request.client);
  const phone = clientPhone(request.client);
  const headingId = `waitlist-${request.id}`;

  const onOffer = async () => {
    if (!freed) return;
    try {
      await offer.mutateAsync({
        marketplaceId,
        waitlistRequestId: request.id,
        freedAppointmentId: freed.appointmentId,
      });
      emit('toast', {
        type: 'success',
        message: `Offered ${requestTimeSpan(freed)} to ${who}. They were mailed a link to book it.`,
      });
    } catch (error) {
      emit('toast', { type: 'error', message: errorMessage(error) });
    }
  };

  return (
    <Card.Root as="article" aria-labelledby={headingId} variant="outline">
      <Card.Body gap="3">
        <Flex justify="space-between" align="start" gap="3" wrap="wrap">
          <Heading as="h3" size="md" id={headingId} minW="0">
            {who}
          </Heading>
          {request.matchesFreedTime && (
            <Badge colorPalette="green" variant="solid">
              Matches the freed time
            </Badge>
          )}
        </Flex>
        <Box
          as="dl"
          display="grid"
          gridTemplateColumns={{ base: '1fr', md: '10rem minmax(0, 1fr)' }}
          columnGap="4"
          rowGap="1"
        >
          <Text as="dt" fontWeight="semibold">
            Contact
          </Text>
          <Box as="dd">
            <Text>{request.client.email}</Text>
            {phone && <Text>{phone}</Text>}
          </Box>
          <Text as="dt" fontWeight="semibold">
            Services
          </Text>
          <Text as="dd">{request.procedures.map((procedure) => procedure.name).join(', ')}</Text>
          <Text as="dt" fontWeight="semibold">
            Location
          </Text>
          <Text as="dd">{requestLocation(request)}</Text>
          <Text as="dt" fontWeight="semibold">
            Windows
          </Text>
          <Box as="dd">
            <Stack as="ul" listStyleType="none" gap="0">
              {request.windows.map((window) => (
                <li key={window.localStart}>{windowLabel(window)}</li>
              ))}
            </Stack>
            <Text color="fg.muted" fontSize="sm">
              {request.timeZone}
            </Text>
          </Box>
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
          <Text as="dt" fontWeight="semibold">
            Total
          </Text>
          <Text as="dd">{formatCents(request.total)}</Text>
          {request.lastOfferedAt && (
            <>
              <Text as="dt" fontWeight="semibold">
                Last offered
              </Text>
              <Text as="dd">{new Date(request.lastOfferedAt).toLocaleString('en-US')}</Text>
            </>
          )}
        </Box>
        {freed && request.matchesFreedTime && mayOffer && (
          <Button
            alignSelf="start"
            onClick={onOffer}
            loading={offer.isPending}
            loadingText="Offering"
            aria-label={`Offer this time to ${who}`}
          >
            Offer this time
          </Button>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function LoadError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <Stack gap="3" align="start">
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>{errorMessage(error, 'appointments')}</Alert.Title>
      </Alert.Root>
      <Button onClick={retry}>Try again</Button>
    </Stack>
  );
}
