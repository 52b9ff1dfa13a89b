import { formatUsPhone } from '@atrium/domain';
import { Link as RouterLink } from '@atrium/navigation';
import { type BookingLocation, isClinicLocation } from '@atrium/stores';
import { Button, Card, Flex, HStack, Link, PhoneIcon, PinIcon, Stack, Text } from '@atrium/ui';
import { memo } from 'react';

/** What the location card asks for when no location is chosen, by what the marketplace offers. */
export function chooseLocationMessage(offers: { atHome: boolean; clinics: boolean }): string {
  if (offers.atHome && offers.clinics) {
    return 'Select a clinic or enter your address to view services available in your area.';
  }
  if (offers.atHome) return 'Enter your address to view services available in your area.';
  return 'Select a clinic to view services available at that location.';
}

interface LocationCardProps {
  location: BookingLocation | null;
  offers: { atHome: boolean; clinics: boolean };
}

/** The chosen location, or what to choose. Memoised: it changes only with the location. */
export const LocationCard = memo(function LocationCard({ location, offers }: LocationCardProps) {
  if (!location) {
    return (
      <Card.Root variant="subtle">
        <Card.Body>
          <Flex
            gap="4"
            direction={{ base: 'column', md: 'row' }}
            align={{ md: 'center' }}
            justify="space-between"
          >
            <Text>{chooseLocationMessage(offers)}</Text>
            <Button asChild flexShrink={0}>
              <RouterLink to="../set-location">Choose location</RouterLink>
            </Button>
          </Flex>
        </Card.Body>
      </Card.Root>
    );
  }
  const clinic = isClinicLocation(location) ? location : null;
  return (
    <Card.Root variant="outline" aria-label="Your location">
      <Card.Body>
        <Flex gap="4" justify="space-between" align="start">
          <Stack gap="1">
            <Text fontWeight="semibold">{clinic ? clinic.name : 'My Location'}</Text>
            <HStack color="fg.muted" fontSize="sm" align="start">
              <PinIcon boxSize="4" mt="0.5" />
              <Text>{location.address}</Text>
            </HStack>
            {clinic?.phone && (
              <HStack color="fg.muted" fontSize="sm">
                <PhoneIcon boxSize="4" />
                <Link href={`tel:${clinic.phone}`}>{formatUsPhone(clinic.phone)}</Link>
              </HStack>
            )}
          </Stack>
          <Link asChild color="brand.fg" fontWeight="semibold">
            <RouterLink to="../set-location" aria-label="Change location">
              Change
            </RouterLink>
          </Link>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
});
