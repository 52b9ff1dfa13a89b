import { Navigate } from '@atrium/navigation';
import { $marketplaceId } from '@atrium/stores';
import { AtriumUiProvider, Center, Heading, Text, VStack } from '@atrium/ui';
import { useStore } from '@nanostores/react';

/** `/` goes to the stored marketplace; without one there is no marketplace to show. */
export function RootRedirect() {
  const marketplaceId = useStore($marketplaceId);
  if (marketplaceId) return <Navigate to={`/${marketplaceId}`} replace />;
  return (
    <AtriumUiProvider>
      <Center minH="100vh" p="6">
        <VStack gap="3" maxW="md" textAlign="center">
          <Heading as="h1" size="xl">
            Book your next treatment
          </Heading>
          <Text color="fg.muted">Open your clinic's booking link to see its services and times.</Text>
        </VStack>
      </Center>
    </AtriumUiProvider>
  );
}
