import { AtriumUiProvider, Button, Center, Heading, Text, VStack } from '@atrium/ui';

/** Shown when the site's own configuration cannot be read: nothing else can start without it. */
export function StartupError() {
  return (
    <AtriumUiProvider>
      <Center minH="100vh" role="alert">
        <VStack gap="4" maxW="md" textAlign="center" p="6">
          <Heading size="lg">We could not start the booking site</Heading>
          <Text color="fg.muted">Its configuration could not be loaded. Please try again in a moment.</Text>
          <Button onClick={() => window.location.reload()}>Reload Page</Button>
        </VStack>
      </Center>
    </AtriumUiProvider>
  );
}
