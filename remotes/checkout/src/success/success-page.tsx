import { useMarketplace } from '@atrium/graphql-client';
import { Link as RouterLink, useParams } from '@atrium/navigation';
import { $user, $userEmail, emit } from '@atrium/stores';
import { Button, Card, CheckIcon, Flex, Heading, PageHeading, Stack, Text, useIsClient } from '@atrium/ui';
import { useStore } from '@nanostores/react';
import { useMemo } from 'react';
import { lastRequest } from './last-request';
import { RequestRecapCard } from './request-recap-card';

/**
 * /success: the request was received; what the client can do next; and a recap of the
 * request sent from this tab (none on a direct visit).
 */
export function SuccessPage() {
  const { marketplaceId = '' } = useParams();
  const user = useStore($user);
  const email = useStore($userEmail);
  const userId = user?.id ?? null;
  // The spec's 'Marketplace' is the marketplace's own name (the confirmation mail says it too).
  const marketplaceName = useMarketplace(marketplaceId).data?.name ?? 'The marketplace';
  // The recap is the tab's own (sessionStorage): read once the server-rendered page has hydrated,
  // so the browser's first render matches the server's.
  const client = useIsClient();
  const request = useMemo(
    () => (client ? lastRequest({ marketplaceId, userId }) : null),
    [client, marketplaceId, userId],
  );
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
              flexShrink="0"
              align="center"
              justify="center"
            >
              <CheckIcon />
            </Flex>
            <Heading as="h2" size="lg">
              Your booking request has been received!
            </Heading>
          </Flex>
          <Text>{marketplaceName} is working to confirm your appointment.</Text>
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
      {request && <RequestRecapCard request={request} />}
    </Stack>
  );
}
