import type { Marketplace } from '@atrium/graphql-client';
import { Link as RouterLink } from '@atrium/navigation';
import { emit } from '@atrium/stores';
import { Box, Button, Container, Flex, Image, Text } from '@atrium/ui';

export function Header({ marketplace }: { marketplace: Marketplace }) {
  return (
    <Box as="header" borderBottomWidth="1px" bg="bg" position="sticky" top="0" zIndex="sticky">
      <Container maxW="5xl" py="3">
        <Flex align="center" justify="space-between" gap="4">
          <RouterLink to="/">
            {marketplace.logo ? (
              <Image src={marketplace.logo} alt={marketplace.name} h="10" w="auto" />
            ) : (
              <Text fontWeight="bold" fontSize="lg">
                {marketplace.name}
              </Text>
            )}
          </RouterLink>
          <Button size="sm" onClick={() => emit('sign-in:open', {})}>
            Sign in
          </Button>
        </Flex>
      </Container>
    </Box>
  );
}
