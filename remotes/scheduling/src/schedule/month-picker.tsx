import { Box, Button, Flex, IconButton, SimpleGrid, Text } from '@atrium/ui';
import { useState } from 'react';
import { calendarMonths, formatDay, monthGrid, monthOf } from './calendar-dates';

const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

interface MonthPickerProps {
  value: string | null;
  today: string;
  onChange: (day: string) => void;
}

/** A date picker: one month at a time, from this month through one year ahead; past days disabled. */
export function MonthPicker({ value, today, onChange }: MonthPickerProps) {
  const months = calendarMonths(today);
  const [month, setMonth] = useState(monthOf(value ?? today));
  const index = months.indexOf(month);
  return (
    <Box>
      <Flex justify="space-between" align="center" mb="2">
        <IconButton
          aria-label="Previous month"
          variant="ghost"
          size="sm"
          disabled={index <= 0}
          onClick={() => setMonth(months[index - 1] ?? month)}
        >
          ‹
        </IconButton>
        <Text fontWeight="semibold" aria-live="polite">
          {formatDay(month, 'MMMM yyyy')}
        </Text>
        <IconButton
          aria-label="Next month"
          variant="ghost"
          size="sm"
          disabled={index >= months.length - 1}
          onClick={() => setMonth(months[index + 1] ?? month)}
        >
          ›
        </IconButton>
      </Flex>
      <SimpleGrid columns={7} gap="1" role="grid" aria-label={formatDay(month, 'MMMM yyyy')}>
        {weekdays.map((day) => (
          <Text key={day} fontSize="xs" color="fg.muted" textAlign="center" role="columnheader">
            {day}
          </Text>
        ))}
        {monthGrid(month).map((day, cell) =>
          day ? (
            <Button
              key={day}
              role="gridcell"
              aria-selected={day === value}
              aria-label={formatDay(day, 'EEEE, MMMM d, yyyy')}
              disabled={day < today}
              onClick={() => onChange(day)}
              size="sm"
              px="0"
              variant={day === value ? 'solid' : 'ghost'}
            >
              {formatDay(day, 'd')}
            </Button>
          ) : (
            <Box key={`blank-${cell}`} role="gridcell" aria-hidden="true" />
          ),
        )}
      </SimpleGrid>
    </Box>
  );
}
