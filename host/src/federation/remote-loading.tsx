import { Center, Spinner, Text, VStack } from '@atrium/ui';

export function RemoteLoading() {
  return (
    <Center py="16" role="status" aria-live="polite">
      <VStack gap="3">
        <Spinner size="lg" color="brand.solid" />
        <Text color="fg.muted">Loading…</Text>
      </VStack>
    </Center>
  );
}
