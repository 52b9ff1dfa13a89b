import { staffRoleLabels } from '@atrium/domain';
import { errorMessage, type Marketplace } from '@atrium/graphql-client';
import { useLogout } from '@atrium/graphql-client/identity';
import { staffRoleOf, useStaffViewer } from '@atrium/graphql-client/staff';
import { Link as RouterLink } from '@atrium/navigation';
import { $user, emit } from '@atrium/stores';
import { Badge, Box, Button, Container, Flex, Image, Link, Text } from '@atrium/ui';
import { useStore } from '@nanostores/react';

/**
 * The console's header, in place of the clients' cart and progress bar: the marketplace's
 * logo or name, "Console", the staff member's name and role, and Sign out. Loaded only on the
 * console's pages; it reads the same staff query as the console, so both ask once.
 */
export default function ConsoleHeader({ marketplace }: { marketplace: Marketplace }) {
  const user = useStore($user);
  const staff = useStaffViewer(marketplace.id, user?.id ?? null).data ?? null;
  const logout = useLogout();

  const signOut = async () => {
    try {
      await logout.mutateAsync();
    } catch (error) {
      emit('toast', { type: 'error', message: errorMessage(error, 'logout') });
      return;
    }
    emit('toast', { type: 'success', message: 'Logged out successfully' });
  };

  return (
    <Box as="header" position="sticky" top="0" zIndex="sticky" bg="bg" borderBottomWidth="1px">
      <Container maxW="7xl" py="3">
        <Flex align="center" justify="space-between" gap="4" wrap="wrap">
          <Flex align="center" gap="3" minW="0">
            <Link asChild minW="0" flex="0 1 auto" title={`${marketplace.name} console`}>
              <RouterLink to={`/${marketplace.id}/console`}>
                {marketplace.logo ? (
                  <Image
                    src={marketplace.logo}
                    alt={marketplace.name}
                    h="10"
                    w="auto"
                    maxW="48"
                    objectFit="contain"
                  />
                ) : (
                  <Text fontWeight="bold" fontSize="lg" truncate>
                    {marketplace.name}
                  </Text>
                )}
              </RouterLink>
            </Link>
            <Badge variant="subtle" colorPalette="brand" size="lg">
              Console
            </Badge>
          </Flex>
          {user && (
            <Flex align="center" gap="3" flexShrink="0">
              {staff && (
                <Box textAlign="right" data-testid="console-staff">
                  <Text fontWeight="semibold" lineHeight="short">
                    {staff.name}
                  </Text>
                  <Text fontSize="sm" color="fg.muted" lineHeight="short">
                    {staffRoleLabels[staffRoleOf(staff.role)]}
                  </Text>
                </Box>
              )}
              <Button size="sm" variant="outline" loading={logout.isPending} onClick={signOut}>
                Sign out
              </Button>
            </Flex>
          )}
        </Flex>
      </Container>
    </Box>
  );
}
