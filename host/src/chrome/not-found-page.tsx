import { Link as RouterLink } from '@atrium/navigation';
import { Center, Heading, Link, Text, VStack } from '@atrium/ui';

export function NotFoundPage() {
  return (
    <Center minH="60vh" p="6">
      <VStack gap="4" textAlign="center">
        <Heading as="h1" size="3xl">
          Rut row, 404
        </Heading>
        <Text color="fg.muted">We couldn't find the page you were looking for.</Text>
        <Link asChild color="brand.fg" fontWeight="semibold">
          <RouterLink to="/">Back to home</RouterLink>
        </Link>
      </VStack>
    </Center>
  );
}
