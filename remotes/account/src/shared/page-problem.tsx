import { useNavigate } from '@atrium/navigation';
import { Alert, Button, Stack } from '@atrium/ui';

/** A page's error, announced, with a way back to the root page. */
export function PageProblem({ message }: { message: string }) {
  const navigate = useNavigate();
  return (
    <Stack gap="4" maxW="xl">
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Title>{message}</Alert.Title>
      </Alert.Root>
      <Button alignSelf="start" onClick={() => navigate('/', { replace: true })}>
        Back to home
      </Button>
    </Stack>
  );
}
