import type { ExposedModule, RemoteName } from '@atrium/federation';
import { type ComponentType, lazy, Suspense, useContext, useMemo, useState } from 'react';
import { useDocumentTitle } from '../chrome/use-document-branding';
import { useCurrentMarketplace } from '../tenant/marketplace-context';
import { LoadedRemotes, loadedRemoteKey } from './loaded-remotes';
import { RemoteErrorBoundary } from './remote-error-boundary';
import { RemoteLoading } from './remote-loading';
import { loadExposed, resetRemote } from './remote-registry';

function Loaded<P extends object>({
  component: Component,
  props,
}: {
  component: ComponentType<P>;
  props?: P | undefined;
}) {
  return <Component {...((props ?? {}) as P)} />;
}

interface RemotePageProps<P extends object> {
  remote: RemoteName;
  module: ExposedModule;
  /** The page's own title, for the browser tab. */
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
  const Lazy = useMemo(
    () => lazy(async () => ({ default: await loadExposed<ComponentType<P>>(remote, module) })),
    // A new attempt is a new lazy component: it loads again.
    [remote, module, attempt],
  );
  const retry = () => {
    resetRemote(remote);
    setAttempt((n) => n + 1);
  };
  return (
    <RemoteErrorBoundary key={attempt} onRetry={retry}>
      {attempt === 0 && loaded ? (
        // Already loaded (a server-rendered page): no Suspense boundary, so the page hydrates with
        // the rest rather than in a later pass, and is live when the app says it has started.
        <Loaded component={loaded} props={props} />
      ) : (
        <Suspense fallback={<RemoteLoading />}>
          <Lazy {...((props ?? {}) as P)} />
        </Suspense>
      )}
    </RemoteErrorBoundary>
  );
}
