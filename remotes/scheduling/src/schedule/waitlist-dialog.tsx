import { canSaveWaitlistEntry, TIMES_OF_DAY, type TimeOfDay } from '@atrium/domain';
import { Button, Flex, Stack, Text } from '@atrium/ui';
import { ResponsiveDialog } from '@atrium/ui/overlays';
import { useState } from 'react';
import { MonthPicker } from './month-picker';

export const timeOfDayLabels: Record<TimeOfDay, string> = {
  morning: 'Morning',
  afternoon: 'Afternoon',
  evening: 'Evening',
};

interface WaitlistDialogProps {
  open: boolean;
  /** The entry being edited, or null for a new one. */
  entry: { date: string | null; timesOfDay: readonly TimeOfDay[] } | null;
  today: string;
  onSave: (entry: { date: string | null; timesOfDay: TimeOfDay[] }) => void;
  onClose: () => void;
}

/**
 * 'Your Availability': a date and the times of day that suit the client. A bottom drawer on
 * phone-size screens, like the app's other dialogs.
 */
export function WaitlistDialog({ open, entry, today, onSave, onClose }: WaitlistDialogProps) {
  const [date, setDate] = useState(entry?.date ?? null);
  const [timesOfDay, setTimesOfDay] = useState<TimeOfDay[]>([...(entry?.timesOfDay ?? [])]);
  const [refused, setRefused] = useState(false);
  const draft = { date, timesOfDay };

  const toggle = (time: TimeOfDay) =>
    setTimesOfDay((current) =>
      current.includes(time) ? current.filter((t) => t !== time) : [...current, time],
    );

  const save = () => {
    if (!canSaveWaitlistEntry(draft)) return setRefused(true);
    onSave(draft);
  };

  return (
    <ResponsiveDialog
      open={open}
      onClose={onClose}
      title="Your Availability"
      footer={<Button onClick={save}>{entry ? 'Update Availability' : 'Set Availability'}</Button>}
    >
      <Stack gap="5">
        <MonthPicker value={date} today={today} onChange={setDate} />
        <Stack gap="2" role="group" aria-labelledby="times-of-day-label">
          <Text id="times-of-day-label" fontWeight="semibold">
            Select Times of Day
          </Text>
          <Flex gap="2" wrap="wrap">
            {TIMES_OF_DAY.map((time) => (
              <Button
                key={time}
                variant={timesOfDay.includes(time) ? 'solid' : 'outline'}
                aria-pressed={timesOfDay.includes(time)}
                onClick={() => toggle(time)}
              >
                {timeOfDayLabels[time]}
              </Button>
            ))}
          </Flex>
        </Stack>
        {refused && !canSaveWaitlistEntry(draft) && (
          <Text color="fg.error" role="alert">
            Choose a date and at least one time of day.
          </Text>
        )}
      </Stack>
    </ResponsiveDialog>
  );
}
