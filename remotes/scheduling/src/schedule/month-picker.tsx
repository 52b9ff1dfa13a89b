import { Box, Button, Flex, IconButton, Text } from '@atrium/ui';
import type { ReactNode } from 'react';
import { dayName, formatDay } from './calendar-dates';
import { useMonthGrid } from './use-month-grid';

const weekdays = [
  ['Sun', 'Sunday'],
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
] as const;

interface MonthPickerProps {
  value: string | null;
  today: string;
  onChange: (day: string) => void;
}

/**
 * A date picker: one month at a time, from this month through one year ahead; past days disabled.
 * A grid as WAI-ARIA's date picker has it (a table of weeks): one day is in the tab order, and the
 * arrow keys, Home, End, Page Up and Page Down move through the days and months.
 */
export function MonthPicker({ value, today, onChange }: MonthPickerProps) {
  const picker = useMonthGrid(value, today);
  return (
    <Box>
      <Flex justify="space-between" align="center" mb="2">
        <MonthButton label="Previous month" to={picker.previousMonth} onShow={picker.showMonth}>
          ‹
        </MonthButton>
        <Text id="month-picker-label" fontWeight="semibold" aria-live="polite">
          {formatDay(picker.month, 'MMMM yyyy')}
        </Text>
        <MonthButton label="Next month" to={picker.nextMonth} onShow={picker.showMonth}>
          ›
        </MonthButton>
      </Flex>
      <Box ref={picker.grid} role="grid" aria-labelledby="month-picker-label" onKeyDown={picker.onKeyDown}>
        <WeekRow>
          {weekdays.map(([short, long]) => (
            <Text
              key={short}
              role="columnheader"
              aria-label={long}
              fontSize="xs"
              color="fg.muted"
              textAlign="center"
            >
              {short}
            </Text>
          ))}
        </WeekRow>
        {picker.weeks.map((week, row) => (
          <WeekRow key={week.find(Boolean) ?? row}>
            {week.map((day, cell) =>
              day ? (
                <Box key={day} role="gridcell" aria-selected={day === value}>
                  <DayButton
                    day={day}
                    chosen={day === value}
                    active={day === picker.activeDay}
                    past={day < today}
                    onPick={() => {
                      picker.setActive(day);
                      onChange(day);
                    }}
                  />
                </Box>
              ) : (
                <Box key={`blank-${row}-${cell}`} role="gridcell" />
              ),
            )}
          </WeekRow>
        ))}
      </Box>
    </Box>
  );
}

/** Shows the month `to`; disabled when there is none (the calendar's first or last month). */
function MonthButton({
  label,
  to,
  onShow,
  children,
}: {
  label: string;
  to: string | undefined;
  onShow: (month: string) => void;
  children: string;
}) {
  return (
    <IconButton
      aria-label={label}
      variant="ghost"
      size="sm"
      disabled={to === undefined}
      onClick={() => to && onShow(to)}
    >
      {children}
    </IconButton>
  );
}

function WeekRow({ children }: { children: ReactNode }) {
  return (
    <Box role="row" display="grid" gridTemplateColumns="repeat(7, 1fr)" gap="1" mb="1">
      {children}
    </Box>
  );
}

/** A day of the grid: only the active day is in the tab order, the arrow keys reach the others. */
function DayButton({
  day,
  chosen,
  active,
  past,
  onPick,
}: {
  day: string;
  chosen: boolean;
  active: boolean;
  past: boolean;
  onPick: () => void;
}) {
  return (
    <Button
      data-day={day}
      aria-label={dayName(day)}
      aria-pressed={chosen}
      tabIndex={active ? 0 : -1}
      disabled={past}
      onClick={onPick}
      size="sm"
      px="0"
      width="full"
      variant={chosen ? 'solid' : 'ghost'}
    >
      {formatDay(day, 'd')}
    </Button>
  );
}
