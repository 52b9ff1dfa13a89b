import type { ExposedModule, RemoteName } from '@atrium/federation';
import {
  Component,
  type ComponentType,
  type ErrorInfo,
  lazy,
  type ReactNode,
  Suspense,
  useMemo,
} from 'react';
import { loadExposed, RemoteUnavailableError } from '../federation/remote-registry';

interface RemoteOverlayProps<P extends object> {
  remote: RemoteName;
  module: ExposedModule;
  props: P;
  /** The module could not be loaded or crashed; the caller unmounts this and may try again later. */
  onFailure: (error: Error) => void;
}

class OverlayErrorBoundary extends Component<{ onError: (error: Error) => void; children: ReactNode }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    if (!(error instanceof RemoteUnavailableError)) console.error(error, info.componentStack);
    this.props.onError(error);
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * A remote's exposed overlay (a dialog, a notice) rendered by the chrome: loaded with the same
 * machinery as pages (remote-page.tsx: lazy loadRemote, override fallback), but a failure renders
 * nothing and tells the caller, so the page under it keeps working.
 */
export function RemoteOverlay<P extends object>({ remote, module, props, onFailure }: RemoteOverlayProps<P>) {
  const Overlay = useMemo(
    () => lazy(async () => ({ default: await loadExposed<ComponentType<P>>(remote, module) })),
    [remote, module],
  );
  return (
    <OverlayErrorBoundary onError={onFailure}>
      <Suspense fallback={null}>
        <Overlay {...props} />
      </Suspense>
    </OverlayErrorBoundary>
  );
}
