import type { OpeningInterval } from '@atrium/domain';
import { Button, HStack, IconButton, Stack, Text, TrashIcon } from '@atrium/ui';
import { Field, Fieldset, Input } from '@atrium/ui/forms';

export const WEEKDAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

/** A clinic's weekly hours: per day, any number of intervals (none: closed). */
export function OpeningHoursField({
  value,
  error,
  onChange,
}: {
  value: OpeningInterval[];
  error: string | undefined;
  onChange: (hours: OpeningInterval[]) => void;
}) {
  const update = (index: number, change: Partial<OpeningInterval>) =>
    onChange(value.map((hour, i) => (i === index ? { ...hour, ...change } : hour)));
  const add = (weekday: number) => {
    const last = [...value].reverse().find((hour) => hour.weekday === weekday);
    onChange([
      ...value,
      last ? { weekday, opens: last.closes, closes: '23:00' } : { weekday, opens: '09:00', closes: '17:00' },
    ]);
  };
  return (
    <Fieldset.Root invalid={Boolean(error)}>
      <Fieldset.Legend>Opening hours</Fieldset.Legend>
      <Fieldset.HelperText>
        Clients book only while the clinic is open and a practitioner works there. With no hours set, bookable
        times follow the practitioners’ working hours alone.
      </Fieldset.HelperText>
      <Stack gap="3" mt="2">
        {WEEKDAYS.map((day, dayIndex) => {
          const weekday = dayIndex + 1;
          const intervals = value
            .map((hour, index) => ({ hour, index }))
            .filter(({ hour }) => hour.weekday === weekday);
          return (
            <Stack key={day} gap="2" direction={{ base: 'column', md: 'row' }} align={{ md: 'center' }}>
              <Text fontWeight="medium" minW="24">
                {day}
              </Text>
              <Stack gap="2" flex="1">
                {intervals.length === 0 && <Text color="fg.muted">Closed</Text>}
                {intervals.map(({ hour, index }) => (
                  <HStack key={index} gap="2">
                    <Field.Root width="auto">
                      <Field.Label srOnly>{`${day} opens`}</Field.Label>
                      <Input
                        type="time"
                        value={hour.opens}
                        onChange={(e) => update(index, { opens: e.target.value })}
                      />
                    </Field.Root>
                    <Text aria-hidden>–</Text>
                    <Field.Root width="auto">
                      <Field.Label srOnly>{`${day} closes`}</Field.Label>
                      <Input
                        type="time"
                        value={hour.closes}
                        onChange={(e) => update(index, { closes: e.target.value })}
                      />
                    </Field.Root>
                    <IconButton
                      aria-label={`Remove ${day} ${hour.opens}–${hour.closes}`}
                      variant="ghost"
                      onClick={() => onChange(value.filter((_, i) => i !== index))}
                    >
                      <TrashIcon />
                    </IconButton>
                  </HStack>
                ))}
              </Stack>
              <Button
                size="sm"
                variant="outline"
                onClick={() => add(weekday)}
                aria-label={`Add hours on ${day}`}
              >
                Add hours
              </Button>
            </Stack>
          );
        })}
      </Stack>
      {error && <Fieldset.ErrorText>{error}</Fieldset.ErrorText>}
    </Fieldset.Root>
  );
}
