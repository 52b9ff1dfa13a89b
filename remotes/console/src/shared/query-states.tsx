import { type ErrorAction, errorMessage } from '@atrium/graphql-client';
import { Alert, Button, Center, Spinner, Stack } from '@atrium/ui';

/** A spinner while a query loads; `section` for a whole section's list, larger and with more room. */
export function Loading({ label, section = false }: { label: string; section?: boolean }) {
  return (
    <Center py={section ? '12' : '6'}>
      <Spinner size={section ? 'lg' : undefined} role="status" aria-label={label} />
    </Center>
  );
}

/** Why a query failed, with a button that asks again. */
export function LoadError({
  error,
  action,
  onRetry,
}: {
  error: unknown;
  /** What was being loaded, for the fallback message when the server gives no reason. */
  action?: ErrorAction;
  onRetry: () => void;
}) {
  return (
    <Stack gap="3" align="start">
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>{errorMessage(error, action)}</Alert.Title>
      </Alert.Root>
      <Button onClick={onRetry}>Try again</Button>
    </Stack>
  );
}
