import { Box, Button, Flex, IconButton, Text } from '@atrium/ui';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { calendarMonths, dayAfterKey, dayName, formatDay, monthGrid, monthOf } from './calendar-dates';

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
  const months = calendarMonths(today);
  const [month, setMonth] = useState(monthOf(value ?? today));
  const lastMonth = months[months.length - 1] ?? month;
  // The day that takes focus in the grid (the chosen one, else today or the month's first).
  const [active, setActive] = useState(value ?? today);
  const moved = useRef(false);
  const grid = useRef<HTMLDivElement>(null);
  const index = months.indexOf(month);
  const cells = monthGrid(month);
  const activeDay =
    cells.includes(active) && active >= today ? active : (cells.find((d) => d && d >= today) ?? null);
  const weeks = Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));

  useEffect(() => {
    if (!moved.current || !activeDay) return;
    moved.current = false;
    grid.current?.querySelector<HTMLButtonElement>(`[data-day="${activeDay}"]`)?.focus();
  }, [activeDay]);

  const showMonth = (next: string | undefined) => {
    if (!next) return;
    setMonth(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!activeDay) return;
    const next = dayAfterKey(activeDay, event.key);
    if (!next) return;
    event.preventDefault();
    // Past days are not offered, nor days after the calendar's last month.
    let day = next;
    if (day < today) day = today;
    if (day > endOfLastMonth(lastMonth)) day = endOfLastMonth(lastMonth);
    moved.current = true;
    setActive(day);
    setMonth(monthOf(day));
  };

  return (
    <Box>
      <Flex justify="space-between" align="center" mb="2">
        <IconButton
          aria-label="Previous month"
          variant="ghost"
          size="sm"
          disabled={index <= 0}
          onClick={() => showMonth(months[index - 1])}
        >
          ‹
        </IconButton>
        <Text id="month-picker-label" fontWeight="semibold" aria-live="polite">
          {formatDay(month, 'MMMM yyyy')}
        </Text>
        <IconButton
          aria-label="Next month"
          variant="ghost"
          size="sm"
          disabled={index >= months.length - 1}
          onClick={() => showMonth(months[index + 1])}
        >
          ›
        </IconButton>
      </Flex>
      <Box ref={grid} role="grid" aria-labelledby="month-picker-label" onKeyDown={onKeyDown}>
        <Box role="row" display="grid" gridTemplateColumns="repeat(7, 1fr)" gap="1" mb="1">
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
        </Box>
        {weeks.map((week, row) => (
          <Box
            key={week.find(Boolean) ?? row}
            role="row"
            display="grid"
            gridTemplateColumns="repeat(7, 1fr)"
            gap="1"
            mb="1"
          >
            {week.map((day, cell) =>
              day ? (
                <Box key={day} role="gridcell" aria-selected={day === value}>
                  <Button
                    data-day={day}
                    aria-label={dayName(day)}
                    aria-pressed={day === value}
                    tabIndex={day === activeDay ? 0 : -1}
                    disabled={day < today}
                    onClick={() => {
                      setActive(day);
                      onChange(day);
                    }}
                    size="sm"
                    px="0"
                    width="full"
                    variant={day === value ? 'solid' : 'ghost'}
                  >
                    {formatDay(day, 'd')}
                  </Button>
                </Box>
              ) : (
                <Box key={`blank-${row}-${cell}`} role="gridcell" />
              ),
            )}
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/** The last day the calendar offers: the end of the last listed month. */
function endOfLastMonth(firstOfLastMonth: string): string {
  const cells = monthGrid(firstOfLastMonth).filter((day): day is string => day !== null);
  return cells[cells.length - 1] ?? firstOfLastMonth;
}
