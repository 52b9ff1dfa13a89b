import { AtriumUiProvider } from '@atrium/ui';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { PageMessage } from './page-message';

/** Last line of defence: an error nothing else caught shows a message, never a blank page. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <AtriumUiProvider>
        <PageMessage title="Unexpected Application Error!" message={this.state.error.message} />
      </AtriumUiProvider>
    );
  }
}
