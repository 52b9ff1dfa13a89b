import { Button, Center, Heading, Text, VStack } from '@atrium/ui';

/**
 * A whole-page message with a way out: used where nothing else can be shown. Not an alert when a
 * modal already announces the same message (`alert` false).
 */
export function PageMessage({
  title,
  message,
  alert = true,
}: {
  title: string;
  message: string;
  alert?: boolean;
}) {
  return (
    <Center minH="60vh" role={alert ? 'alert' : undefined} p="6">
      <VStack gap="4" maxW="md" textAlign="center">
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        <Text color="fg.muted">{message}</Text>
        <Button onClick={() => window.location.reload()}>Reload Page</Button>
      </VStack>
    </Center>
  );
}
