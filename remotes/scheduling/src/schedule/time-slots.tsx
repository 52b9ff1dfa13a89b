import { groupSlotsByTimeOfDay, type TimeOfDay } from '@atrium/domain';
import type { AvailabilitySlot } from '@atrium/graphql-client/availability';
import { Box, Button, Heading, Link, SimpleGrid, Stack, Text } from '@atrium/ui';
import { format, parse } from 'date-fns';
import { useState } from 'react';

/** How many times show before the rest are behind Show More. */
export const VISIBLE_TIMES = 9;
const labels: Record<TimeOfDay, string> = { morning: 'Morning', afternoon: 'Afternoon', evening: 'Evening' };
const clock = (time: string) => format(parse(time, 'HH:mm', new Date(2000, 0, 1)), 'h:mm a');

interface TimeSlotsProps {
  slots: readonly AvailabilitySlot[];
  selectedTime: string | null;
  onPick: (slot: AvailabilitySlot) => void;
}

/** The chosen day's times, grouped Morning, Afternoon, Evening. */
export function TimeSlots({ slots, selectedTime, onPick }: TimeSlotsProps) {
  const [expanded, setExpanded] = useState(false);
  if (slots.length === 0) {
    return <Text color="fg.muted">No availability on this date</Text>;
  }
  const shown = expanded ? slots : slots.slice(0, VISIBLE_TIMES);
  return (
    <Stack gap="4">
      {groupSlotsByTimeOfDay(shown).map((group) => (
        <Box as="section" key={group.timeOfDay} aria-label={labels[group.timeOfDay]}>
          <Heading as="h3" size="sm" mb="2" color="fg.muted">
            {labels[group.timeOfDay]}
          </Heading>
          <SimpleGrid columns={{ base: 3, md: 4 }} gap="2">
            {group.slots.map((slot) => (
              <Button
                key={slot.time}
                variant={slot.time === selectedTime ? 'solid' : 'outline'}
                aria-pressed={slot.time === selectedTime}
                onClick={() => onPick(slot)}
              >
                {clock(slot.time)}
              </Button>
            ))}
          </SimpleGrid>
        </Box>
      ))}
      {slots.length > VISIBLE_TIMES && (
        <Link
          as="button"
          alignSelf="start"
          color="brand.fg"
          fontWeight="semibold"
          onClick={() => setExpanded((v) => !v)}
        >
          {expanded ? 'Show Less' : 'Show More'}
        </Link>
      )}
    </Stack>
  );
}
