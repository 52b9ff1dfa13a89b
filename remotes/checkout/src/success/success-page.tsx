import { Link as RouterLink, useParams } from '@atrium/navigation';
import { $user, $userEmail, emit } from '@atrium/stores';
import { Button, Card, CheckIcon, Flex, Heading, PageHeading, Stack, Text } from '@atrium/ui';
import { useStore } from '@nanostores/react';

/** /success (spec 2): the request was received; what the client can do next. */
export function SuccessPage() {
  const { marketplaceId = '' } = useParams();
  const user = useStore($user);
  const email = useStore($userEmail);
  return (
    <Stack gap="6" maxW="2xl">
      <PageHeading mb="0">Booking Received</PageHeading>
      <Card.Root>
        <Card.Body gap="4">
          <Flex gap="3" align="center">
            <Flex
              bg="brand.solid"
              color="brand.contrast"
              borderRadius="full"
              boxSize="10"
              align="center"
              justify="center"
            >
              <CheckIcon />
            </Flex>
            <Heading as="h2" size="lg">
              Your booking request has been received!
            </Heading>
          </Flex>
          <Text>Marketplace is working to confirm your appointment.</Text>
          {user ? (
            <Flex gap="3" wrap="wrap">
              <Button asChild>
                <RouterLink to="../profile">View Appointment Status</RouterLink>
              </Button>
              <Button asChild variant="outline">
                <RouterLink to="../services">Book another service</RouterLink>
              </Button>
            </Flex>
          ) : (
            <Button
              alignSelf="start"
              // The long label wraps on a phone instead of running off the screen.
              whiteSpace="normal"
              h="auto"
              minH="10"
              py="2"
              onClick={() =>
                emit('sign-in:open', { ...(email && { email }), redirectTo: `/${marketplaceId}/profile` })
              }
            >
              Verify your email to check the status of your appointment
            </Button>
          )}
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
