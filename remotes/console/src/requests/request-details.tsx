import { formatCents } from '@atrium/domain';
import type { StaffRequest } from '@atrium/graphql-client/staff';
import { Box, Flex, Link, Stack, Text } from '@atrium/ui';
import { DetailList, DetailTerm } from '../shared/detail-list';
import { clientName, clientPhone, requestLocation, requestReceived } from './request-format';

/**
 * Who, with whom, where, what and what it costs (the tip included), when it was received; the notes and
 * the reason given when there are any.
 */
export function RequestDetails({ request }: { request: StaffRequest }) {
  const services = request.procedures.filter((p) => !p.isAddOn);
  const addOns = request.procedures.filter((p) => p.isAddOn);
  return (
    <DetailList>
      <DetailTerm>Client</DetailTerm>
      <ClientContact client={request.client} />
      <DetailTerm>Practitioner</DetailTerm>
      <Text as="dd">{request.practitioner.name}</Text>
      <DetailTerm>Location</DetailTerm>
      <Text as="dd">{requestLocation(request)}</Text>
      <DetailTerm>Services</DetailTerm>
      <Box as="dd">
        <PriceLines lines={services} />
      </Box>
      {addOns.length > 0 && (
        <>
          <DetailTerm>Add-ons</DetailTerm>
          <Box as="dd">
            <PriceLines lines={addOns} />
          </Box>
        </>
      )}
      {request.notes && (
        <>
          <DetailTerm>Notes</DetailTerm>
          <Text as="dd" whiteSpace="pre-wrap">
            {request.notes}
          </Text>
        </>
      )}
      {request.checkoutNotes.map((note) => (
        <Box key={note.label} display="contents">
          <DetailTerm>{note.label}</DetailTerm>
          <Text as="dd" whiteSpace="pre-wrap">
            {note.value}
          </Text>
        </Box>
      ))}
      {request.tip > 0 && (
        <>
          <DetailTerm>Tip</DetailTerm>
          <Text as="dd">{formatCents(request.tip)}</Text>
        </>
      )}
      <DetailTerm>Due on confirmation</DetailTerm>
      <Text as="dd">{formatCents(request.dueOnConfirmation)}</Text>
      <DetailTerm>Total</DetailTerm>
      <Text as="dd" fontWeight="semibold">
        {formatCents(request.total)}
      </Text>
      <DetailTerm>Received</DetailTerm>
      <Text as="dd">{requestReceived(request)}</Text>
      {request.cancellationReason && (
        <>
          <DetailTerm>Reason given</DetailTerm>
          <Text as="dd">{request.cancellationReason}</Text>
        </>
      )}
    </DetailList>
  );
}

/** The client's name, and their email and phone as links that start a mail or a call. */
function ClientContact({ client }: { client: StaffRequest['client'] }) {
  const phone = clientPhone(client);
  if (!client) {
    return <Text as="dd">{clientName(client)}: booked outside Atrium</Text>;
  }
  return (
    <Box as="dd">
      <Text>{clientName(client)}</Text>
      <Link href={`mailto:${client.email}`}>{client.email}</Link>
      {phone && (
        <Text>
          <Link href={`tel:${client.phone}`}>{phone}</Link>
        </Text>
      )}
    </Box>
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
