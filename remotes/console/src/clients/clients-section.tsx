import { type StaffClientSummary, useStaffClients } from '@atrium/graphql-client/staff-clients';
import { Box, Button, Grid, PageHeading, Stack, Text } from '@atrium/ui';
import { Field, Input } from '@atrium/ui/forms';
import { clientName, clientPhone } from '../requests/request-format';
import { LoadError, Loading } from '../shared/query-states';
import type { ConsoleSectionProps } from '../shell/console-staff';
import { ClientDetail } from './client-detail';
import { useClientSearch } from './use-client-search';

/**
 * Clients: the marketplace's clients found by name, email or phone (the most recent when the search
 * is blank), and the chosen one's appointments, waitlist requests, memberships and packages.
 */
export default function ClientsSection({ marketplaceId }: ConsoleSectionProps) {
  const { text, search, chosen, type, choose } = useClientSearch();
  const clients = useStaffClients(marketplaceId, search);

  return (
    <Stack gap="4">
      <PageHeading mb="0">Clients</PageHeading>
      <Box as="form" role="search" maxW="xl" onSubmit={(event) => event.preventDefault()}>
        <Field.Root>
          <Field.Label>Search clients</Field.Label>
          <Input
            type="search"
            value={text}
            maxLength={100}
            placeholder="Name, email or phone"
            onChange={(event) => type(event.target.value)}
          />
        </Field.Root>
      </Box>
      <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 2fr)' }} gap="6">
        <Stack as="section" aria-label="Search results" gap="2">
          {clients.isPending ? (
            <Loading label="Searching clients" />
          ) : clients.isError ? (
            <LoadError error={clients.error} onRetry={() => clients.refetch()} />
          ) : (
            <ClientList clients={clients.data} chosen={chosen} onChoose={choose} />
          )}
        </Stack>
        <Box>
          {chosen ? (
            <ClientDetail marketplaceId={marketplaceId} clientId={chosen} />
          ) : (
            <Text color="fg.muted">Choose a client to see their appointments, memberships and packages.</Text>
          )}
        </Box>
      </Grid>
    </Stack>
  );
}

function ClientList({
  clients,
  chosen,
  onChoose,
}: {
  clients: readonly StaffClientSummary[];
  chosen: string | null;
  onChoose: (clientId: string) => void;
}) {
  return (
    <>
      <Text role="status" color="fg.muted">
        {clients.length === 0
          ? 'No clients found.'
          : `${clients.length} ${clients.length === 1 ? 'client' : 'clients'}`}
      </Text>
      <Stack as="ul" listStyleType="none" gap="2" aria-label="Clients">
        {clients.map((client) => (
          <li key={client.id}>
            <ClientRow client={client} chosen={client.id === chosen} onChoose={() => onChoose(client.id)} />
          </li>
        ))}
      </Stack>
    </>
  );
}

function ClientRow({
  client,
  chosen,
  onChoose,
}: {
  client: StaffClientSummary;
  chosen: boolean;
  onChoose: () => void;
}) {
  const phone = clientPhone(client);
  return (
    <Button
      variant={chosen ? 'subtle' : 'ghost'}
      aria-current={chosen ? 'true' : undefined}
      onClick={onChoose}
      w="full"
      h="auto"
      py="2"
      justifyContent="start"
      textAlign="start"
      whiteSpace="normal"
    >
      <Box minW="0">
        <Text fontWeight="semibold">{clientName(client)}</Text>
        <Text fontWeight="normal" color="fg.muted" wordBreak="break-word">
          {client.email}
          {phone ? ` · ${phone}` : ''}
        </Text>
      </Box>
    </Button>
  );
}
