import type { StaffFreedTime } from '@atrium/graphql-client/staff-waitlist';
import { Badge, Box, Button, Flex, Stack, Text } from '@atrium/ui';
import { requestTimeSpan } from '../requests/request-format';

/** The times freed by cancellations and declines; choosing one again un-chooses it. */
export function FreedTimes({
  times,
  chosen,
  onChoose,
}: {
  times: readonly StaffFreedTime[];
  chosen: StaffFreedTime | null;
  onChoose: (time: StaffFreedTime | null) => void;
}) {
  if (times.length === 0) {
    return <Text color="fg.muted">No cancelled or declined appointment has freed a time yet.</Text>;
  }
  return (
    <Stack as="ul" listStyleType="none" gap="2" aria-label="Freed times">
      {times.map((time) => {
        const isChosen = time.appointmentId === chosen?.appointmentId;
        return (
          <li key={time.appointmentId}>
            <FreedTimeRow time={time} chosen={isChosen} onChoose={() => onChoose(isChosen ? null : time)} />
          </li>
        );
      })}
    </Stack>
  );
}

function FreedTimeRow({
  time,
  chosen,
  onChoose,
}: {
  time: StaffFreedTime;
  chosen: boolean;
  onChoose: () => void;
}) {
  const span = requestTimeSpan(time);
  return (
    <Flex
      gap="3"
      align="center"
      justify="space-between"
      wrap="wrap"
      borderWidth="1px"
      borderRadius="md"
      borderColor={chosen ? 'brand.solid' : 'border'}
      p="3"
    >
      <Box minW="0">
        <Text fontWeight="semibold">{span}</Text>
        <Text color="fg.muted">
          {time.practitioner.name} · {time.clinic ? time.clinic.name : 'At home'}
          {time.cancellationReason ? ` · ${time.cancellationReason}` : ''}
        </Text>
      </Box>
      <Flex gap="3" align="center" wrap="wrap">
        <Badge colorPalette={time.matchingRequests > 0 ? 'green' : 'gray'}>
          {time.matchingRequests} matching
        </Badge>
        <Button
          size="sm"
          variant={chosen ? 'solid' : 'outline'}
          aria-pressed={chosen}
          onClick={onChoose}
          aria-label={`Show matching requests for ${span}`}
          whiteSpace="normal"
          h="auto"
          py="1.5"
        >
          Show matching requests
        </Button>
      </Flex>
    </Flex>
  );
}
