import { formatCents } from '@atrium/domain';
import { errorMessage } from '@atrium/graphql-client';
import {
  type StaffFreedTime,
  type StaffWaitlistRequest,
  useOfferWaitlistSlot,
} from '@atrium/graphql-client/staff-waitlist';
import { emit } from '@atrium/stores';
import { Badge, Box, Button, Card, Flex, Heading, Stack, Text } from '@atrium/ui';
import { clientName, clientPhone, requestLocation, requestTimeSpan } from '../requests/request-format';
import { DetailList, DetailTerm } from '../shared/detail-list';
import { windowLabel } from './waitlist-format';

interface WaitlistRequestItemProps {
  marketplaceId: string;
  request: StaffWaitlistRequest;
  /** The freed time chosen, if any: a request whose windows hold it may be offered it. */
  freed: StaffFreedTime | null;
  mayOffer: boolean;
}

/** One open waitlist request: the client, what they want, where and when they are free. */
export function WaitlistRequestItem({ marketplaceId, request, freed, mayOffer }: WaitlistRequestItemProps) {
  const who = clientName(request.client);
  const headingId = `waitlist-${request.id}`;
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
        <WaitlistRequestDetails request={request} />
        {freed && request.matchesFreedTime && mayOffer && (
          <OfferButton marketplaceId={marketplaceId} request={request} freed={freed} />
        )}
      </Card.Body>
    </Card.Root>
  );
}

function WaitlistRequestDetails({ request }: { request: StaffWaitlistRequest }) {
  const phone = clientPhone(request.client);
  return (
    <DetailList>
      <DetailTerm>Contact</DetailTerm>
      <Box as="dd">
        <Text>{request.client.email}</Text>
        {phone && <Text>{phone}</Text>}
      </Box>
      <DetailTerm>Services</DetailTerm>
      <Text as="dd">{request.procedures.map((procedure) => procedure.name).join(', ')}</Text>
      <DetailTerm>Location</DetailTerm>
      <Text as="dd">{requestLocation(request)}</Text>
      <DetailTerm>Windows</DetailTerm>
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
          <DetailTerm>Notes</DetailTerm>
          <Text as="dd" whiteSpace="pre-wrap">
            {request.notes}
          </Text>
        </>
      )}
      <DetailTerm>Total</DetailTerm>
      <Text as="dd">{formatCents(request.total)}</Text>
      {request.lastOfferedAt && (
        <>
          <DetailTerm>Last offered</DetailTerm>
          <Text as="dd">{new Date(request.lastOfferedAt).toLocaleString('en-US')}</Text>
        </>
      )}
    </DetailList>
  );
}

/** Mails the client a link that books the freed time while it is still free. */
function OfferButton({
  marketplaceId,
  request,
  freed,
}: {
  marketplaceId: string;
  request: StaffWaitlistRequest;
  freed: StaffFreedTime;
}) {
  const offer = useOfferWaitlistSlot();
  const who = clientName(request.client);

  const onOffer = async () => {
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
    <Button
      alignSelf="start"
      onClick={onOffer}
      loading={offer.isPending}
      loadingText="Offering"
      aria-label={`Offer this time to ${who}`}
    >
      Offer this time
    </Button>
  );
}
