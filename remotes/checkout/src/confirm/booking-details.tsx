import { durationLabel, formatCents, minPrice, TIMES_OF_DAY } from '@atrium/domain';
import type { MarketplaceProcedure } from '@atrium/graphql-client';
import { Link as RouterLink } from '@atrium/navigation';
import {
  type BookingLocation,
  isClinicLocation,
  type SelectedDateTime,
  type SelectedProcedure,
  type WaitlistEntry,
} from '@atrium/stores';
import { Box, Card, Flex, Heading, Link, Stack, Text } from '@atrium/ui';
import { format, parse, parseISO } from 'date-fns';

interface BookingDetailsProps {
  location: BookingLocation;
  dateTime: SelectedDateTime | null;
  waitlist: readonly WaitlistEntry[];
  cart: readonly SelectedProcedure[];
  procedures: ReadonlyMap<string, Pick<MarketplaceProcedure, 'name' | 'price' | 'duration'>>;
}

const timeOfDayLabel = { morning: 'Morning', afternoon: 'Afternoon', evening: 'Evening' } as const;

/** What is being requested: where, when ('EEEE, MMMM dd, yyyy') and which services. */
export function BookingDetails({ location, dateTime, waitlist, cart, procedures }: BookingDetailsProps) {
  const clinic = isClinicLocation(location) ? location : null;
  return (
    <Card.Root>
      <Card.Body gap="4">
        <Flex justify="space-between" gap="3">
          <Box>
            <Text fontSize="sm" color="fg.muted">
              {clinic ? 'In Clinic' : 'Mobile Visit'}
            </Text>
            <Text fontWeight="semibold">{clinic ? clinic.name : 'My Location'}</Text>
            <Text color="fg.muted">{location.address}</Text>
          </Box>
        </Flex>
        <Flex justify="space-between" gap="3" align="start">
          <Box>
            <Text fontSize="sm" color="fg.muted">
              {dateTime ? 'Date & time' : 'Your availability (waitlist)'}
            </Text>
            {dateTime ? (
              <Text fontWeight="semibold">
                {format(parseISO(dateTime.date), 'EEEE, MMMM dd, yyyy')} at{' '}
                {format(parse(dateTime.time, 'HH:mm', new Date(2000, 0, 1)), 'h:mm a')}
              </Text>
            ) : (
              <Stack gap="0.5">
                {waitlist.map((entry) => (
                  <Text key={entry.date} fontWeight="semibold">
                    {entry.date ? format(parseISO(entry.date), 'EEEE, MMM d, yyyy') : ''}:{' '}
                    {TIMES_OF_DAY.filter((t) => entry.timesOfDay.includes(t))
                      .map((t) => timeOfDayLabel[t])
                      .join(', ')}
                  </Text>
                ))}
              </Stack>
            )}
          </Box>
          <Link asChild color="brand.fg" fontWeight="semibold" flexShrink={0}>
            <RouterLink to="../schedule">Change</RouterLink>
          </Link>
        </Flex>
        <Box>
          <Heading as="h2" size="sm" color="fg.muted" fontWeight="normal" mb="1">
            Services
          </Heading>
          <Stack as="ul" listStyleType="none" gap="1">
            {cart.map((line) => {
              const procedure = procedures.get(line.id);
              return (
                <Box as="li" key={line.id}>
                  <Flex justify="space-between" gap="3">
                    <Text fontWeight="semibold">{procedure?.name ?? 'Service'}</Text>
                    <Text>{procedure ? formatCents(minPrice(procedure.price) ?? 0) : ''}</Text>
                  </Flex>
                  {procedure && durationLabel(procedure.duration) && (
                    <Text color="fg.muted" fontSize="sm">
                      {durationLabel(procedure.duration)}
                    </Text>
                  )}
                  {line.addOnIds.map((id) => {
                    const addOn = procedures.get(id);
                    return (
                      <Flex key={id} justify="space-between" gap="3" color="fg.muted" fontSize="sm">
                        <Text>+ {addOn?.name ?? 'Add-on'}</Text>
                        <Text>{addOn ? formatCents(minPrice(addOn.price) ?? 0) : ''}</Text>
                      </Flex>
                    );
                  })}
                </Box>
              );
            })}
          </Stack>
        </Box>
      </Card.Body>
    </Card.Root>
  );
}
