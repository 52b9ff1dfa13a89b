import { Box, Button, Flex, HStack, IconButton, Text, VisuallyHidden } from '@atrium/ui';
import { NativeSelect } from '@atrium/ui/forms';
import { calendarMonths, formatDay, monthOf, shiftWeek, weekOf } from './calendar-dates';

interface WeekCalendarProps {
  /** The day whose week is shown and which is highlighted; null when no day is chosen. */
  anchor: string;
  selected: string | null;
  today: string;
  onPick: (day: string) => void;
  onShowWeek: (day: string) => void;
}

/**
 * The schedule page's one-week calendar. It never goes before the current month; the month picker
 * lists months from now through one year ahead.
 */
export function WeekCalendar({ anchor, selected, today, onPick, onShowWeek }: WeekCalendarProps) {
  return (
    <Box>
      <WeekNavigation anchor={anchor} today={today} onShowWeek={onShowWeek} />
      <Flex as="ul" listStyleType="none" gap="1" aria-label="Week">
        {weekOf(anchor).map((day) => (
          <Box as="li" key={day} flex="1">
            <DayButton day={day} selected={day === selected} past={day < today} onPick={() => onPick(day)} />
          </Box>
        ))}
      </Flex>
    </Box>
  );
}

/** The month to show and the previous and next weeks, within the months the calendar lists. */
function WeekNavigation({ anchor, today, onShowWeek }: Omit<WeekCalendarProps, 'selected' | 'onPick'>) {
  const days = weekOf(anchor);
  const months = calendarMonths(today);
  const firstMonth = months[0] ?? today;
  const lastDay = shiftWeek(months.at(-1) ?? today, 5);
  const canGoBack = (days[0] ?? anchor) > firstMonth;
  const canGoForward = (days[6] ?? anchor) < lastDay;
  return (
    <Flex justify="space-between" align="center" mb="3" gap="3">
      <NativeSelect.Root size="sm" width="auto">
        <NativeSelect.Field
          aria-label="Month"
          value={monthOf(anchor) < firstMonth ? firstMonth : monthOf(anchor)}
          onChange={(event) => onShowWeek(event.target.value < today ? today : event.target.value)}
        >
          {months.map((month) => (
            <option key={month} value={month}>
              {formatDay(month, 'MMMM yyyy')}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <HStack gap="1">
        <IconButton
          aria-label="Previous week"
          variant="ghost"
          size="sm"
          disabled={!canGoBack}
          onClick={() => onShowWeek(shiftWeek(anchor, -1))}
        >
          ‹
        </IconButton>
        <IconButton
          aria-label="Next week"
          variant="ghost"
          size="sm"
          disabled={!canGoForward}
          onClick={() => onShowWeek(shiftWeek(anchor, 1))}
        >
          ›
        </IconButton>
      </HStack>
    </Flex>
  );
}

function DayButton({
  day,
  selected,
  past,
  onPick,
}: {
  day: string;
  selected: boolean;
  past: boolean;
  onPick: () => void;
}) {
  return (
    <Button
      w="full"
      h="auto"
      py="2"
      px="0"
      flexDirection="column"
      gap="0"
      variant={selected ? 'solid' : 'ghost'}
      aria-pressed={selected}
      // A past day is shown, muted (still 4.5:1), but picking it snaps to today.
      color={past && !selected ? 'fg.subtle' : undefined}
      onClick={onPick}
    >
      {/* The name is the text itself, 'Tue 1' plus the hidden month and year (dayName):
          what is seen is what a voice-control user says (WCAG 2.5.3). */}
      <Text as="span" display="block" fontSize="xs" textTransform="uppercase">
        {formatDay(day, 'EEE')}
      </Text>{' '}
      <Text as="span" display="block" fontSize="lg" fontWeight="semibold">
        {formatDay(day, 'd')}
      </Text>
      <VisuallyHidden> {formatDay(day, 'MMMM yyyy')}</VisuallyHidden>
    </Button>
  );
}
