import { TIME_OFF_REASON_MAX_LENGTH, timeOffForm } from '@atrium/domain';
import {
  type StaffTeamPractitioner,
  useAddTimeOff,
  useRemoveTimeOff,
} from '@atrium/graphql-client/staff-team';
import { Button, Heading, HStack, List, SimpleGrid, Stack, Text } from '@atrium/ui';
import { Field, focusFirstInvalid, Input, useForm } from '@atrium/ui/forms';
import { format, parseISO } from 'date-fns';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useReportDirty } from '../settings/unsaved-changes';
import { type Confirmation, ConfirmChange, toastResult } from './team-parts';

/** 'yyyy-MM-ddTHH:mm' as people read it: 'Wed, Dec 2, 2026, 9:30 AM'. */
export const localLabel = (local: string) => format(parseISO(local), 'EEE, MMM d, yyyy, h:mm a');

interface TimeOffPanelProps {
  marketplaceId: string;
  practitioner: StaffTeamPractitioner;
  headingId: string;
}

/** A practitioner's upcoming time off, removable, and a form to add a day or a period off. */
export function TimeOffPanel(props: TimeOffPanelProps) {
  return (
    <Stack as="section" aria-labelledby={props.headingId} gap="4">
      <Heading as="h3" size="md" id={props.headingId}>
        Time off
      </Heading>
      <TimeOffList {...props} />
      <AddTimeOff {...props} />
    </Stack>
  );
}

function TimeOffList({ marketplaceId, practitioner }: TimeOffPanelProps) {
  const remove = useRemoveTimeOff();
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  if (practitioner.timeOff.length === 0) return <Text color="fg.muted">No time off planned.</Text>;
  return (
    <>
      <List.Root variant="plain" gap="2">
        {practitioner.timeOff.map((entry) => {
          const span = `${localLabel(entry.localStart)} to ${localLabel(entry.localEnd)}`;
          return (
            <List.Item key={entry.id} borderWidth="1px" rounded="md" p="3">
              <HStack justify="space-between" w="full" flexWrap="wrap" gap="2">
                <Stack gap="0">
                  <Text fontWeight="medium">{span}</Text>
                  {entry.reason && <Text color="fg.muted">{entry.reason}</Text>}
                </Stack>
                <Button
                  size="sm"
                  variant="outline"
                  colorPalette="red"
                  aria-label={`Remove time off ${span}`}
                  onClick={() =>
                    setConfirmation({
                      title: 'Remove this time off?',
                      message: `${practitioner.name} can be booked again from ${span}.`,
                      confirmLabel: 'Remove time off',
                      run: () =>
                        toastResult(remove.mutateAsync({ marketplaceId, id: entry.id }), 'Time off removed.'),
                    })
                  }
                >
                  Remove
                </Button>
              </HStack>
            </List.Item>
          );
        })}
      </List.Root>
      <ConfirmChange
        confirmation={confirmation}
        pending={remove.isPending}
        onClose={() => setConfirmation(null)}
      />
    </>
  );
}

const empty = { start: '', end: '', reason: '' };

function AddTimeOff({ marketplaceId, practitioner }: TimeOffPanelProps) {
  const form = useForm(timeOffForm, empty);
  const add = useAddTimeOff();
  const formRef = useRef<HTMLFormElement>(null);
  const ids = { start: useId(), end: useId(), reason: useId() };
  useReportDirty(
    `time-off-${practitioner.id}`,
    Object.values(form.values).some((value) => value !== ''),
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const valid = form.validate();
    if (!valid) return focusFirstInvalid(formRef.current);
    const done = await toastResult(
      add.mutateAsync({ marketplaceId, practitionerId: practitioner.id, input: valid }),
      'Time off added.',
    ).catch(() => null);
    if (done) form.setValues(empty);
  };
  const dateTime = (name: 'start' | 'end', label: string) => (
    <Field.Root invalid={Boolean(form.errors[name])} required>
      <Field.Label htmlFor={ids[name]}>
        {label} <Field.RequiredIndicator />
      </Field.Label>
      <Input
        id={ids[name]}
        type="datetime-local"
        step={900}
        value={form.values[name]}
        onChange={(event) => form.setValue(name, event.target.value)}
      />
      {form.errors[name] && <Field.ErrorText>{form.errors[name]}</Field.ErrorText>}
    </Field.Root>
  );

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label="Add time off">
      <Stack gap="3" maxW="40rem">
        <Text color="fg.muted">Times are in {practitioner.timeZone.replaceAll('_', ' ')}.</Text>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
          {dateTime('start', 'From')}
          {dateTime('end', 'Until')}
        </SimpleGrid>
        <Field.Root invalid={Boolean(form.errors.reason)}>
          <Field.Label htmlFor={ids.reason}>Reason (optional, staff only)</Field.Label>
          <Input
            id={ids.reason}
            value={form.values.reason}
            maxLength={TIME_OFF_REASON_MAX_LENGTH + 20}
            onChange={(event) => form.setValue('reason', event.target.value)}
          />
          {form.errors.reason && <Field.ErrorText>{form.errors.reason}</Field.ErrorText>}
        </Field.Root>
        <Button type="submit" alignSelf="start" loading={add.isPending}>
          Add time off
        </Button>
      </Stack>
    </form>
  );
}
