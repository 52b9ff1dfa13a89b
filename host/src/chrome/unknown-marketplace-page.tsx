import { useMarketplace } from '@atrium/graphql-client';
import { Link as RouterLink } from '@atrium/navigation';
import { $marketplaceId } from '@atrium/stores';
import { Center, Heading, Link, Text, VStack } from '@atrium/ui';
import { useStore } from '@nanostores/react';

/**
 * /{id} for an id that names no marketplace: unbranded (there is no marketplace to brand it), and
 * with a way back to the marketplace this browser last used, whose stored values it left alone.
 */
export function UnknownMarketplacePage({
  marketplaceId,
  message,
}: {
  marketplaceId: string;
  message: string;
}) {
  const storedId = useStore($marketplaceId);
  const lastUsed = storedId && storedId !== marketplaceId ? storedId : null;
  // Its name makes the way back recognisable; without it (the API failed) the link still works.
  const { data: last } = useMarketplace(lastUsed ?? '');
  return (
    <Center as="main" minH="100vh" p="6">
      <VStack gap="4" maxW="md" textAlign="center">
        <Heading as="h1" size="2xl">
          Marketplace not found
        </Heading>
        {/* The API's own words ('Marketplace 11 was not found.'), then what to do about it. */}
        <Text color="fg.muted">{message} Please check the link you were given.</Text>
        <Link asChild color="brand.fg" fontWeight="semibold">
          {lastUsed ? (
            <RouterLink to={`/${lastUsed}`}>
              {last ? `Back to ${last.name}` : 'Back to your marketplace'}
            </RouterLink>
          ) : (
            <RouterLink to="/">Back to home</RouterLink>
          )}
        </Link>
      </VStack>
    </Center>
  );
}
