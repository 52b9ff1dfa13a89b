import type { ProfileViewer } from '@atrium/graphql-client/account';
import { Link as RouterLink } from '@atrium/navigation';
import { cardBrandName } from '@atrium/payment-forms';
import { Button, Card, Flex, Heading, Link, SimpleGrid, Stack, Text } from '@atrium/ui';
import { useLogoutFlow } from '../shared/use-logout-flow';
import { currentMembership, membershipsLink, membershipTerm } from './membership-info';

/** The primary card: the one primaryInstrumentId names, else the one marked primary. */
export function primaryCard(viewer: Pick<ProfileViewer, 'primaryInstrumentId' | 'paymentInstruments'>) {
  return (
    viewer.paymentInstruments.find((card) => card.id === viewer.primaryInstrumentId) ??
    viewer.paymentInstruments.find((card) => card.isPrimary) ??
    null
  );
}

/**
 * Below the summary: the payment instrument and membership info, and Logout (the logout
 * call, local and cached data cleared, 'Logged out successfully', the root page).
 */
export function AccountOverview({ viewer, marketplaceId }: { viewer: ProfileViewer; marketplaceId: string }) {
  const card = primaryCard(viewer);
  const membership = currentMembership(viewer.memberships);
  const { logOut, pending } = useLogoutFlow();
  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <Card.Root as="section" aria-labelledby="payment-info-heading">
          <Card.Body gap="2">
            <Heading as="h2" size="md" id="payment-info-heading">
              Payment Method
            </Heading>
            {card ? (
              <Text>
                {cardBrandName(card.brand)} ending in {card.lastFour}
              </Text>
            ) : (
              <Text color="fg.muted">No payment method on file</Text>
            )}
          </Card.Body>
        </Card.Root>
        <Card.Root as="section" aria-labelledby="membership-info-heading">
          <Card.Body gap="2">
            <Heading as="h2" size="md" id="membership-info-heading">
              Membership
            </Heading>
            {membership ? (
              <>
                <Text>{membership.membershipDefinition.name}</Text>
                <Text fontSize="sm" color="fg.muted">
                  {membershipTerm(membership)}
                </Text>
              </>
            ) : (
              <Text color="fg.muted">No Active Membership</Text>
            )}
            <Link asChild color="brand.fg" fontWeight="medium" alignSelf="start">
              <RouterLink to={membershipsLink(marketplaceId)}>Memberships &amp; Packages</RouterLink>
            </Link>
          </Card.Body>
        </Card.Root>
      </SimpleGrid>
      <Flex justify="flex-end">
        <Button variant="outline" colorPalette="red" onClick={logOut} loading={pending} loadingText="Logout">
          Logout
        </Button>
      </Flex>
    </Stack>
  );
}
