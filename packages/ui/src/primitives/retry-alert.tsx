import { Alert, Button } from '@chakra-ui/react';

export interface RetryAlertProps {
  /** What failed, as the client reads it ('There was an issue with retrieving the availability'). */
  message: string;
  onRetry: () => void;
  /** While the retry runs: the button spins and cannot be pressed twice. */
  retrying?: boolean;
}

/** A load that failed, said in place with a way to try it again (the page around it keeps working). */
export function RetryAlert({ message, onRetry, retrying = false }: RetryAlertProps) {
  return (
    <Alert.Root status="error" role="alert" alignItems="center" flexWrap="wrap">
      <Alert.Indicator />
      <Alert.Content minW="40">
        <Alert.Title>{message}</Alert.Title>
      </Alert.Content>
      <Button size="sm" variant="outline" onClick={onRetry} loading={retrying}>
        Try again
      </Button>
    </Alert.Root>
  );
}
