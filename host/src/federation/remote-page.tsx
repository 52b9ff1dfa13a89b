import type { ExposedModule, RemoteName } from '@atrium/federation';
import { type ComponentType, lazy, Suspense, useContext, useMemo, useState } from 'react';
import { useDocumentTitle } from '../chrome/use-document-branding';
import { useCurrentMarketplace } from '../tenant/marketplace-context';
import { LoadedRemotes, loadedRemoteKey } from './loaded-remotes';
import { RemoteErrorBoundary } from './remote-error-boundary';
import { RemoteLoading } from './remote-loading';
import { loadExposed, resetRemote } from './remote-registry';

interface RemotePageProps<P extends object> {
  remote: RemoteName;
  module: ExposedModule;
  /** The page title of spec section 2 "Chrome", for the browser tab. */
  title?: string | undefined;
  props?: P;
}

/**
 * Renders a remote's exposed module, loaded only when its route is entered (or before the first
 * render, when the page was rendered on the server). Loading shows a status; a failure shows a
 * message with a retry that fetches the remote's entry again.
 */
export function RemotePage<P extends object>({ remote, module, title, props }: RemotePageProps<P>) {
  const [attempt, setAttempt] = useState(0);
  useDocumentTitle(title, useCurrentMarketplace());
  const loaded = useContext(LoadedRemotes).get(loadedRemoteKey(remote, module)) as
    | ComponentType<P>
    | undefined;
  const Component = useMemo(
    () =>
      attempt === 0 && loaded
        ? loaded
        : lazy(async () => ({ default: await loadExposed<ComponentType<P>>(remote, module) })),
    [remote, module, attempt, loaded],
  );
  const retry = () => {
    resetRemote(remote);
    setAttempt((n) => n + 1);
  };
  return (
    <RemoteErrorBoundary key={attempt} onRetry={retry}>
      <Suspense fallback={<RemoteLoading />}>
        <Component {...((props ?? {}) as P)} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
