import { ONBOARDING_MESSAGES } from '@atrium/domain';
import { Flex, Text } from '@atrium/ui';

/**
 * Tells clients, on every page, that the marketplace they opened is still being set up: they may
 * look around, but booking is refused until its owner makes it live.
 */
export function NotLiveNotice() {
  return (
    <Flex
      as="aside"
      aria-label="Not taking bookings"
      role="status"
      bg="gray.100"
      color="gray.900"
      borderBottomWidth="1px"
      borderColor="gray.300"
      px="4"
      py="2"
      justify="center"
    >
      <Text fontSize="sm" fontWeight="medium" textAlign="center">
        {ONBOARDING_MESSAGES.notLive}
      </Text>
    </Flex>
  );
}
