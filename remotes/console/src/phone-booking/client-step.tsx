import type { PhoneBookingClient } from '@atrium/domain';
import { type StaffClientSummary, useStaffClients } from '@atrium/graphql-client/staff-clients';
import { Box, Button, Grid, Stack, Text } from '@atrium/ui';
import { Field, Input, PhoneInput, RadioGroup } from '@atrium/ui/forms';
import { useEffect, useState } from 'react';
import { clientName, clientPhone } from '../requests/request-format';
import { LoadError, Loading } from '../shared/query-states';
import type { BookingDraft, ClientMode } from './booking-draft';

/** The new client's form as the page holds it (useForm with the domain's phoneBookingClientForm). */
export interface NewClientForm {
  values: Record<keyof PhoneBookingClient, string>;
  errors: Partial<Record<keyof PhoneBookingClient, string>>;
  setValue: (name: keyof PhoneBookingClient, value: string) => void;
}

interface ClientStepProps {
  marketplaceId: string;
  draft: BookingDraft;
  update: (next: Partial<BookingDraft>) => void;
  newClient: NewClientForm;
  /** Why the step cannot be left yet (no client chosen). */
  problem: string | null;
}

const modes: { value: ClientMode; label: string }[] = [
  { value: 'existing', label: 'A client of yours' },
  { value: 'new', label: 'A new client' },
];

/** Step 1: a client found by name, email or phone, or a new client's details. */
export function ClientStep({ marketplaceId, draft, update, newClient, problem }: ClientStepProps) {
  return (
    <Stack gap="5">
      <RadioGroup.Root
        value={draft.clientMode}
        onValueChange={(details) => update({ clientMode: details.value as ClientMode })}
        aria-label="Who is the booking for?"
      >
        <Stack direction={{ base: 'column', sm: 'row' }} gap="4">
          {modes.map((mode) => (
            <RadioGroup.Item key={mode.value} value={mode.value}>
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>{mode.label}</RadioGroup.ItemText>
            </RadioGroup.Item>
          ))}
        </Stack>
      </RadioGroup.Root>
      {draft.clientMode === 'existing' ? (
        <ClientSearch
          marketplaceId={marketplaceId}
          chosen={draft.client}
          onChoose={(client) => update({ client, payment: null })}
          problem={problem}
        />
      ) : (
        <NewClientFields form={newClient} />
      )}
    </Stack>
  );
}

/** How long typing pauses before the search is sent. */
const searchDelayMs = 300;

function ClientSearch({
  marketplaceId,
  chosen,
  onChoose,
  problem,
}: {
  marketplaceId: string;
  chosen: StaffClientSummary | null;
  onChoose: (client: StaffClientSummary) => void;
  problem: string | null;
}) {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text), searchDelayMs);
    return () => clearTimeout(timer);
  }, [text]);
  const clients = useStaffClients(marketplaceId, search);

  return (
    <Stack gap="3">
      <Field.Root invalid={Boolean(problem)}>
        <Field.Label>Search clients</Field.Label>
        <Input
          type="search"
          value={text}
          maxLength={100}
          placeholder="Name, email or phone"
          onChange={(event) => setText(event.target.value)}
        />
        {problem && <Field.ErrorText>{problem}</Field.ErrorText>}
      </Field.Root>
      {chosen && (
        <Text role="status" fontWeight="semibold">
          Booking for {clientName(chosen)} ({chosen.email})
        </Text>
      )}
      {clients.isPending ? (
        <Loading label="Searching clients" />
      ) : clients.isError ? (
        <LoadError error={clients.error} onRetry={() => clients.refetch()} />
      ) : clients.data.length === 0 ? (
        <Text color="fg.muted">No clients found. Check the spelling, or book for a new client.</Text>
      ) : (
        <Stack as="ul" listStyleType="none" gap="2" aria-label="Clients found">
          {clients.data.map((client) => (
            <li key={client.id}>
              <ClientChoice
                client={client}
                chosen={client.id === chosen?.id}
                onChoose={() => onChoose(client)}
              />
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function ClientChoice({
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
      variant={chosen ? 'subtle' : 'outline'}
      aria-pressed={chosen}
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

/** The new client's name, email and phone, each with checkout's own message. */
function NewClientFields({ form }: { form: NewClientForm }) {
  const { values, errors, setValue } = form;
  const text = (name: 'givenName' | 'familyName' | 'email', label: string, autoComplete: string) => (
    <Field.Root invalid={Boolean(errors[name])} required>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <Input
        type={name === 'email' ? 'email' : 'text'}
        value={values[name]}
        maxLength={name === 'email' ? 254 : 100}
        autoComplete={autoComplete}
        onChange={(event) => setValue(name, event.target.value)}
      />
      {errors[name] && <Field.ErrorText>{errors[name]}</Field.ErrorText>}
    </Field.Root>
  );
  return (
    <Grid templateColumns={{ base: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }} gap="4">
      {text('givenName', 'First name', 'off')}
      {text('familyName', 'Last name', 'off')}
      {text('email', 'Email', 'off')}
      <Field.Root invalid={Boolean(errors.phone)} required>
        <Field.Label>
          Phone
          <Field.RequiredIndicator />
        </Field.Label>
        <PhoneInput value={values.phone} onChange={(value) => setValue('phone', value)} />
        {errors.phone && <Field.ErrorText>{errors.phone}</Field.ErrorText>}
      </Field.Root>
    </Grid>
  );
}
