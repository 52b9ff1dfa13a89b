import { errorCode, errorMessage } from '@atrium/graphql-client';
import {
  type StaffRequest,
  type StaffRescheduleOptions,
  useStaffRescheduleAppointment,
  useStaffRescheduleOptions,
} from '@atrium/graphql-client/staff';
import { emit } from '@atrium/stores';
import { Button, Stack, Text } from '@atrium/ui';
import { Field, Input, NativeSelect, RadioGroup } from '@atrium/ui/forms';
import { Modal } from '@atrium/ui/overlays';
import { TZDate } from '@date-fns/tz';
import { format, parse } from 'date-fns';
import { type FormEvent, useId, useState } from 'react';
import { LoadError, Loading } from '../shared/query-states';

/** 'HH:mm' as the console shows a time: '2:30 PM'. */
export const timeLabel = (time: string) => format(parse(time, 'HH:mm', new Date(2000, 0, 1)), 'h:mm a');

export const CHOOSE_TIME = 'Choose one of the free times.';

interface RescheduleDialogProps {
  marketplaceId: string;
  request: StaffRequest;
  /** The client and the time. */
  subject: string;
  onClose: () => void;
}

/**
 * Moves a request or a booked appointment: a date (its own by default), a practitioner (its own by
 * default; each who performs its services at its place, with how many times they are free) and one
 * of their free times, the scheduling engine's own. A time taken meanwhile is said in the dialog and
 * the times are asked for again.
 */
export function RescheduleDialog({ marketplaceId, request, subject, onClose }: RescheduleDialogProps) {
  const [date, setDate] = useState(() => format(new TZDate(request.start, request.timeZone), 'yyyy-MM-dd'));
  const [practitionerId, setPractitionerId] = useState(request.practitioner.id);
  const [time, setTime] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const options = useStaffRescheduleOptions(marketplaceId, request.id, date || null);
  const move = useStaffRescheduleAppointment();
  const formId = useId();
  const choices = options.data?.practitioners ?? [];
  const chosen = choices.find((choice) => choice.practitioner.id === practitionerId) ?? choices[0];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen || !time) return setProblem(CHOOSE_TIME);
    try {
      await move.mutateAsync({
        marketplaceId,
        id: request.id,
        date,
        time,
        practitionerId: chosen.practitioner.id,
      });
      emit('toast', {
        type: 'success',
        message: `Moved ${subject} to ${timeLabel(time)} on ${format(parse(date, 'yyyy-MM-dd', new Date()), 'EEE, MMM d')} with ${chosen.practitioner.name}. The client was mailed.`,
      });
      onClose();
    } catch (error) {
      setProblem(errorMessage(error));
      if (errorCode(error) === 'SLOT_TAKEN') {
        setTime(null);
        await options.refetch();
      }
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      title="Move the appointment"
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={move.isPending}>
            Back
          </Button>
          <Button type="submit" form={formId} loading={move.isPending}>
            {time && chosen ? `Move to ${timeLabel(time)}` : 'Move'}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <Stack gap="4">
          <Text>{subject}</Text>
          <Field.Root required>
            <Field.Label>Date</Field.Label>
            <Input
              type="date"
              value={date}
              onChange={(event) => {
                setDate(event.target.value);
                setTime(null);
                setProblem(null);
              }}
            />
          </Field.Root>
          {options.isPending ? (
            <Loading label="Loading free times" />
          ) : options.isError ? (
            <LoadError error={options.error} action="appointments" onRetry={() => options.refetch()} />
          ) : choices.length === 0 ? (
            <Text>No practitioner performs these services here. Choose another date or cancel instead.</Text>
          ) : (
            <TimeChoices
              choices={choices}
              chosen={chosen}
              time={time}
              timeZone={options.data?.timeZone ?? request.timeZone}
              onPractitioner={(id) => {
                setPractitionerId(id);
                setTime(null);
              }}
              onTime={(free) => {
                setTime(free);
                setProblem(null);
              }}
            />
          )}
          {problem && (
            <Text role="alert" color="fg.error">
              {problem}
            </Text>
          )}
        </Stack>
      </form>
    </Modal>
  );
}

type Choice = StaffRescheduleOptions['practitioners'][number];

/** The practitioner (with how many times each is free) and one of their free times that day. */
function TimeChoices({
  choices,
  chosen,
  time,
  timeZone,
  onPractitioner,
  onTime,
}: {
  choices: Choice[];
  chosen: Choice | undefined;
  time: string | null;
  timeZone: string;
  onPractitioner: (id: string) => void;
  onTime: (time: string) => void;
}) {
  return (
    <>
      <Field.Root>
        <Field.Label>Practitioner</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            value={chosen?.practitioner.id}
            onChange={(event) => onPractitioner(event.target.value)}
          >
            {choices.map((choice) => (
              <option key={choice.practitioner.id} value={choice.practitioner.id}>
                {choice.practitioner.name} ({choice.times.length} free)
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      {chosen && chosen.times.length === 0 ? (
        <Text>
          {chosen.practitioner.name} has no free time that day. Choose another date or practitioner.
        </Text>
      ) : (
        <RadioGroup.Root
          value={time}
          onValueChange={(details) => details.value && onTime(details.value)}
          aria-label={`Free times (${timeZone})`}
        >
          <Stack direction="row" wrap="wrap" gap="3">
            {chosen?.times.map((free) => (
              <RadioGroup.Item key={free} value={free}>
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>{timeLabel(free)}</RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </Stack>
        </RadioGroup.Root>
      )}
    </>
  );
}
