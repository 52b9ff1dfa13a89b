import { errorCode, errorMessage } from '@atrium/graphql-client';
import {
  type ProfileAppointment,
  useClientRescheduleAppointment,
  useClientRescheduleTimes,
} from '@atrium/graphql-client/account';
import { Alert, Button, Flex, Skeleton, Stack, Text } from '@atrium/ui';
import { Field, Input, RadioGroup } from '@atrium/ui/forms';
import { Modal } from '@atrium/ui/overlays';
import { TZDate, tzName } from '@date-fns/tz';
import { format, parse } from 'date-fns';
import { type FormEvent, useId, useState } from 'react';
import { notify } from '../shared/notify';
import { appointmentWhen, ONLINE_CHANGES_CLOSED_CODES } from './appointment-rules';

/** 'HH:mm' as a client reads it: '2:30 PM'. */
export const timeLabel = (time: string) => format(parse(time, 'HH:mm', new Date(2000, 0, 1)), 'h:mm a');

export const CHOOSE_TIME = 'Choose one of the free times.';
export const NO_FREE_TIMES = 'No free times that day. Choose another date.';

interface RescheduleDialogProps {
  marketplaceId: string;
  appointment: ProfileAppointment;
  open: boolean;
  onClose: () => void;
}

/**
 * Moves the client's own appointment: a date (its own by default), then one of that day's free times
 * (the API's, by the rules clients book by), then confirm. A time taken meanwhile is said and the
 * times are asked for again; a refusal that closes online changes is said and leaves 'Call to Update'.
 */
export function RescheduleAppointmentDialog({
  marketplaceId,
  appointment,
  open,
  onClose,
}: RescheduleDialogProps) {
  const form = useRescheduleForm(marketplaceId, appointment, open, onClose);
  const { date, time, problem, closed, times, move } = form;
  const formId = useId();
  const now = appointmentWhen(appointment);

  return (
    <Modal
      open={open}
      onClose={() => !move.isPending && onClose()}
      title="Reschedule appointment"
      footer={
        <Flex gap="3" w="full" justify="flex-end" direction={{ base: 'column-reverse', sm: 'row' }}>
          <Button variant="outline" onClick={onClose} disabled={move.isPending}>
            Keep current time
          </Button>
          <Button type="submit" form={formId} loading={move.isPending} disabled={closed}>
            {time ? `Move to ${timeLabel(time)}` : 'Reschedule'}
          </Button>
        </Flex>
      }
    >
      <form id={formId} onSubmit={form.submit} noValidate>
        <Stack gap="4">
          <Text>
            Now: {now.date}, {now.time}
          </Text>
          <Field.Root required disabled={closed}>
            <Field.Label>Date</Field.Label>
            <Input type="date" value={date} onChange={(event) => form.chooseDate(event.target.value)} />
          </Field.Root>
          {!closed && (
            <FreeTimes
              times={times}
              timeZone={appointment.timeZone}
              date={date}
              time={time}
              onTime={form.chooseTime}
            />
          )}
          {problem && (
            <Text role="alert" color="fg.error">
              {problem.message}
            </Text>
          )}
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * The dialog's state: the date and time chosen, the day's free times, and the move; a taken time
 * clears the choice and asks for the times again, a refusal that closes online changes stops it.
 */
function useRescheduleForm(
  marketplaceId: string,
  appointment: ProfileAppointment,
  open: boolean,
  onClose: () => void,
) {
  const [date, setDate] = useState(() =>
    format(new TZDate(appointment.start, appointment.timeZone), 'yyyy-MM-dd'),
  );
  const [time, setTime] = useState<string | null>(null);
  const [problem, setProblem] = useState<{ message: string; closed: boolean } | null>(null);
  const times = useClientRescheduleTimes(marketplaceId, appointment.id, open && date ? date : null);
  const move = useClientRescheduleAppointment();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!time) return setProblem({ message: CHOOSE_TIME, closed: false });
    try {
      const moved = await move.mutateAsync({ marketplaceId, id: appointment.id, date, time });
      const when = appointmentWhen({ ...appointment, start: moved.start, end: moved.start });
      notify('success', `Your appointment was moved to ${when.date} at ${timeLabel(time)}.`);
      onClose();
    } catch (error) {
      const code = errorCode(error);
      setProblem({ message: errorMessage(error), closed: ONLINE_CHANGES_CLOSED_CODES.includes(code ?? '') });
      if (code === 'SLOT_TAKEN') {
        setTime(null);
        await times.refetch();
      }
    }
  };
  const chooseDate = (value: string) => {
    setDate(value);
    setTime(null);
    setProblem(null);
  };
  const chooseTime = (free: string) => {
    setTime(free);
    setProblem(null);
  };
  return {
    date,
    time,
    problem,
    closed: problem?.closed ?? false,
    times,
    move,
    submit,
    chooseDate,
    chooseTime,
  };
}

/** The day's free times: loading, an error with a retry, none, or a choice of one. */
function FreeTimes({
  times,
  timeZone,
  date,
  time,
  onTime,
}: {
  times: ReturnType<typeof useClientRescheduleTimes>;
  timeZone: string;
  date: string;
  time: string | null;
  onTime: (time: string) => void;
}) {
  if (!date) return null;
  if (times.isPending) {
    return (
      <Stack gap="2" role="status" aria-label="Loading free times">
        <Skeleton height="10" />
        <Skeleton height="10" />
      </Stack>
    );
  }
  if (times.isError) {
    return (
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{errorMessage(times.error)}</Alert.Title>
        </Alert.Content>
        <Button size="sm" variant="outline" onClick={() => times.refetch()}>
          Try again
        </Button>
      </Alert.Root>
    );
  }
  if (times.data.times.length === 0) return <Text>{NO_FREE_TIMES}</Text>;
  const zone = tzName(timeZone, new TZDate(`${date}T12:00`, timeZone), 'short');
  return (
    <RadioGroup.Root value={time} onValueChange={(details) => details.value && onTime(details.value)}>
      <Stack gap="2">
        <RadioGroup.Label fontWeight="medium">Free times ({zone})</RadioGroup.Label>
        <Flex wrap="wrap" gap="3">
          {times.data.times.map((free) => (
            <RadioGroup.Item key={free} value={free} minW="24">
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>{timeLabel(free)}</RadioGroup.ItemText>
            </RadioGroup.Item>
          ))}
        </Flex>
      </Stack>
    </RadioGroup.Root>
  );
}
