import { type FormGroup, type FormValue, type FormValues, NOTES_MAX_LENGTH } from '@atrium/domain';
import { useStaffClientCards } from '@atrium/graphql-client/staff-phone-booking';
import { type CardCollector, CardEntryForm } from '@atrium/payment-forms';
import { Box, Heading, Stack, Text } from '@atrium/ui';
import { Checkbox, Field, Fieldset, FormEngine, RadioGroup, Textarea } from '@atrium/ui/forms';
import type { Ref } from 'react';
import { LoadError, Loading } from '../shared/query-states';
import type { BookingDraft, PaymentChoice } from './booking-draft';
import { cardLabel } from './booking-format';

/** The marketplace's checkout notes as the page holds them (useFormEngine). */
export interface NotesForm {
  groups: readonly FormGroup[];
  values: FormValues;
  errors: Record<string, string>;
  setValue: (id: string, value: FormValue) => void;
}

interface PaymentStepProps {
  marketplaceId: string;
  marketplaceName: string;
  draft: BookingDraft;
  update: (next: Partial<BookingDraft>) => void;
  card: Ref<CardCollector>;
  notesForm: NotesForm;
  /** Why the booking cannot be sent yet (no way to pay chosen). */
  problem: string | null;
}

/** Step 4: how the client pays, the marketplace's questions, notes and Confirm now. */
export function PaymentStep({
  marketplaceId,
  marketplaceName,
  draft,
  update,
  card,
  notesForm,
  problem,
}: PaymentStepProps) {
  return (
    <Stack gap="6">
      <PaymentChoices
        marketplaceId={marketplaceId}
        draft={draft}
        update={update}
        card={card}
        problem={problem}
      />
      {notesForm.groups.length > 0 && (
        <Stack as="section" aria-labelledby="phone-booking-questions" gap="3">
          <Heading as="h3" size="md" id="phone-booking-questions">
            Questions from {marketplaceName}
          </Heading>
          <FormEngine
            groups={notesForm.groups}
            values={notesForm.values}
            errors={notesForm.errors}
            onChange={notesForm.setValue}
          />
        </Stack>
      )}
      <Field.Root invalid={draft.notes.length > NOTES_MAX_LENGTH}>
        <Field.Label>Notes for the visit</Field.Label>
        <Textarea
          value={draft.notes}
          maxLength={NOTES_MAX_LENGTH}
          rows={3}
          onChange={(event) => update({ notes: event.target.value })}
        />
        <Field.HelperText>Optional. The practitioner sees them with the request.</Field.HelperText>
      </Field.Root>
      <Checkbox.Root
        checked={draft.confirmNow}
        onCheckedChange={(change) => update({ confirmNow: change.checked === true })}
        alignItems="start"
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control mt="0.5" />
        <Checkbox.Label>
          Confirm now
          <Text as="span" display="block" fontWeight="normal" color="fg.muted">
            Confirms the request at once: charges what is due on confirmation and mails the client their
            confirmation. Leave it off to confirm it later in Requests.
          </Text>
        </Checkbox.Label>
      </Checkbox.Root>
    </Stack>
  );
}

function PaymentChoices({
  marketplaceId,
  draft,
  update,
  card,
  problem,
}: Pick<PaymentStepProps, 'marketplaceId' | 'draft' | 'update' | 'card' | 'problem'>) {
  const clientId = draft.clientMode === 'existing' ? (draft.client?.id ?? null) : null;
  const cards = useStaffClientCards(marketplaceId, clientId);
  const saved = cards.data ?? [];
  const kind = draft.payment?.kind ?? null;
  const choose = (value: string) => {
    const chosen = saved.find((candidate) => candidate.id === value);
    const next: PaymentChoice | null = chosen
      ? { kind: 'saved-card', cardId: chosen.id, label: cardLabel(chosen) }
      : value === 'new-card' || value === 'on-site'
        ? { kind: value }
        : null;
    update({ payment: next });
  };
  const value = draft.payment?.kind === 'saved-card' ? draft.payment.cardId : kind;

  return (
    <Fieldset.Root invalid={Boolean(problem)}>
      <Fieldset.Legend>How does the client pay?</Fieldset.Legend>
      {clientId && cards.isPending ? (
        <Loading label="Loading the client's cards" />
      ) : clientId && cards.isError ? (
        <LoadError error={cards.error} onRetry={() => cards.refetch()} />
      ) : (
        <RadioGroup.Root value={value} onValueChange={(details) => choose(details.value ?? '')} mt="2">
          <Stack gap="3">
            {saved.map((saved) => (
              <PaymentItem key={saved.id} value={saved.id} label={`Card on file: ${cardLabel(saved)}`} />
            ))}
            {clientId && saved.length === 0 && <Text color="fg.muted">This client has no card on file.</Text>}
            <PaymentItem value="new-card" label="A new card" />
            <PaymentItem
              value="on-site"
              label="Collect on site"
              hint="Nothing is charged online: the client pays at the visit."
            />
          </Stack>
        </RadioGroup.Root>
      )}
      {problem && <Fieldset.ErrorText role="alert">{problem}</Fieldset.ErrorText>}
      {kind === 'new-card' && (
        <Box as="section" aria-label="New card" mt="4" maxW="lg">
          <Text mb="3" color="fg.muted">
            Enter the card the client reads out; it is held in the client's name.
          </Text>
          <CardEntryForm ref={card} />
        </Box>
      )}
    </Fieldset.Root>
  );
}

function PaymentItem({ value, label, hint }: { value: string; label: string; hint?: string }) {
  return (
    <RadioGroup.Item value={value} alignItems="start">
      <RadioGroup.ItemHiddenInput />
      <RadioGroup.ItemIndicator mt="0.5" />
      <RadioGroup.ItemText>
        {label}
        {hint && (
          <Text as="span" display="block" color="fg.muted" fontWeight="normal">
            {hint}
          </Text>
        )}
      </RadioGroup.ItemText>
    </RadioGroup.Item>
  );
}
