import { errorMessage } from '@atrium/graphql-client';
import { type StaffClientSummary, useStaffClients } from '@atrium/graphql-client/staff-clients';
import { useSearchParams } from '@atrium/navigation';
import { Alert, Box, Button, Center, Grid, PageHeading, Spinner, Stack, Text } from '@atrium/ui';
import { Field, Input } from '@atrium/ui/forms';
import { useEffect, useState } from 'react';
import { clientName, clientPhone } from '../requests/request-format';
import type { ConsoleSectionProps } from '../shell/console-staff';
import { ClientDetail } from './client-detail';

/** How long typing pauses before the search is sent. */
const searchDelayMs = 300;

/**
 * Clients (issue 19): the marketplace's clients found by name, email or phone (the most recent when
 * the search is blank), and the chosen one's appointments, waitlist requests, memberships and
 * packages. The search and the chosen client are kept in the address (?q=&client=).
 */
export default function ClientsSection({ marketplaceId }: ConsoleSectionProps) {
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(params.get('q') ?? '');
  const [search, setSearch] = useState(text);
  const chosen = /^\d+$/.test(params.get('client') ?? '') ? (params.get('client') ?? '') : null;
  const clients = useStaffClients(marketplaceId, search);

  useEffect(() => {
    const timer = setTimeout(() => setSearch(text), searchDelayMs);
    return () => clearTimeout(timer);
  }, [text]);

  const keep = (next: { q?: string; client?: string | null }) => {
    const merged = new URLSearchParams(params);
    if (next.q !== undefined) {
      if (next.q.trim()) merged.set('q', next.q);
      else merged.delete('q');
    }
    if (next.client !== undefined) {
      if (next.client) merged.set('client', next.client);
      else merged.delete('client');
    }
    setParams(merged, { replace: true });
  };

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
            onChange={(event) => {
              setText(event.target.value);
              keep({ q: event.target.value });
            }}
          />
        </Field.Root>
      </Box>
      <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 2fr)' }} gap="6">
        <Stack as="section" aria-label="Search results" gap="2">
          {clients.isPending ? (
            <Center py="6">
              <Spinner role="status" aria-label="Searching clients" />
            </Center>
          ) : clients.isError ? (
            <Stack gap="3" align="start">
              <Alert.Root status="error">
                <Alert.Indicator />
                <Alert.Title>{errorMessage(clients.error)}</Alert.Title>
              </Alert.Root>
              <Button onClick={() => clients.refetch()}>Try again</Button>
            </Stack>
          ) : (
            <>
              <Text role="status" color="fg.muted">
                {clients.data.length === 0
                  ? 'No clients found.'
                  : `${clients.data.length} ${clients.data.length === 1 ? 'client' : 'clients'}`}
              </Text>
              <Stack as="ul" listStyleType="none" gap="2" aria-label="Clients">
                {clients.data.map((client) => (
                  <li key={client.id}>
                    <ClientRow
                      client={client}
                      chosen={client.id === chosen}
                      onChoose={() => keep({ client: client.id })}
                    />
                  </li>
                ))}
              </Stack>
            </>
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
