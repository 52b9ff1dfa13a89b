import { Button, Center, Heading, Text, VStack } from '@atrium/ui';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { RemoteUnavailableError } from './remote-registry';

interface Props {
  onRetry: () => void;
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/** Keeps a failed or crashing remote from blanking the page: says what happened, offers a retry. */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    if (!(error instanceof RemoteUnavailableError)) console.error(error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const unavailable = error instanceof RemoteUnavailableError;
    return (
      <Center py="16" role="alert">
        <VStack gap="4" maxW="md" textAlign="center">
          <Heading size="lg">
            {unavailable ? 'This page could not be loaded' : 'Something went wrong'}
          </Heading>
          <Text color="fg.muted">
            {unavailable
              ? 'Part of the booking site is not reachable right now. Check your connection and try again.'
              : 'This part of the page stopped working. Try again, and if it keeps happening, reload the page.'}
          </Text>
          <Button colorPalette="brand" onClick={this.props.onRetry}>
            Try again
          </Button>
        </VStack>
      </Center>
    );
  }
}
