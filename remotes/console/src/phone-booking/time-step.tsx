import { useAvailability } from '@atrium/graphql-client/availability';
import { Button, HStack, Stack, Text } from '@atrium/ui';
import { Field, Input, RadioGroup } from '@atrium/ui/forms';
import { addDays, format, parse } from 'date-fns';
import { LoadError, Loading } from '../shared/query-states';
import { type BookingDraft, type BookingPlaceChoice, offeredAt, procedureIds } from './booking-draft';
import { dateLabel, timeLabel } from './booking-format';

interface TimeStepProps {
  marketplaceId: string;
  draft: BookingDraft & { place: BookingPlaceChoice };
  update: (next: Partial<BookingDraft>) => void;
  /** Why the step cannot be left yet (no time chosen, or the time was taken meanwhile). */
  problem: string | null;
}

const shiftDate = (date: string, days: number) =>
  format(addDays(parse(date, 'yyyy-MM-dd', new Date(2000, 0, 1)), days), 'yyyy-MM-dd');

/** Step 3: a day, then one of its free times: the availability clients are offered, never cached. */
export function TimeStep({ marketplaceId, draft, update, problem }: TimeStepProps) {
  const availability = useAvailability(
    /^\d{4}-\d{2}-\d{2}$/.test(draft.date)
      ? {
          marketplaceId,
          ...offeredAt(draft.place),
          procedureIds: procedureIds(draft),
          dateRange: { start: draft.date, end: draft.date },
        }
      : null,
  );
  const setDate = (date: string) => update({ date, time: null });
  const today = format(new Date(), 'yyyy-MM-dd');

  return (
    <Stack gap="4">
      <HStack gap="3" align="end" wrap="wrap">
        <Field.Root w={{ base: 'full', sm: '14rem' }} required>
          <Field.Label>
            Date
            <Field.RequiredIndicator />
          </Field.Label>
          <Input
            type="date"
            min={today}
            value={draft.date}
            onChange={(event) => setDate(event.target.value)}
          />
        </Field.Root>
        <Button
          variant="outline"
          onClick={() => setDate(shiftDate(draft.date, -1))}
          disabled={draft.date <= today}
        >
          Previous day
        </Button>
        <Button variant="outline" onClick={() => setDate(shiftDate(draft.date, 1))}>
          Next day
        </Button>
      </HStack>
      {availability.isPending && availability.fetchStatus === 'idle' ? (
        <Text>Enter a date to see its free times.</Text>
      ) : availability.isPending ? (
        <Loading label="Loading free times" />
      ) : availability.isError ? (
        <LoadError error={availability.error} action="availability" onRetry={() => availability.refetch()} />
      ) : availability.data.slots.length === 0 ? (
        <Text>No free times on {dateLabel(draft.date)}. Try another day.</Text>
      ) : (
        <RadioGroup.Root
          value={draft.time}
          onValueChange={(details) => update({ time: details.value })}
          aria-label={`Free times on ${dateLabel(draft.date)} (${availability.data.timeZone})`}
        >
          <Stack direction="row" wrap="wrap" gap="4">
            {availability.data.slots.map((slot) => (
              <RadioGroup.Item key={slot.time} value={slot.time}>
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>{timeLabel(slot.time)}</RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </Stack>
        </RadioGroup.Root>
      )}
      {problem && (
        <Text role="alert" color="fg.error">
          {problem}
        </Text>
      )}
    </Stack>
  );
}
