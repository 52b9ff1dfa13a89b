import type { SignInDialogProps } from '@atrium/federation';
import { $mgId, on } from '@atrium/stores';
import { useIsClient } from '@atrium/ui';
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { loadExposed, resetRemote } from '../federation/remote-registry';
import { useCurrentMarketplace } from '../tenant/marketplace-context';
import { RemoteOverlay } from './remote-overlay';

const ViewerSync = lazy(() => import('./viewer-sync'));
const SignInUnavailable = lazy(() => import('./sign-in-unavailable'));

/** Before a retry the remote's failed load is forgotten, then its sign-in module is loaded again. */
const reloadSignIn = () => {
  resetRemote('account');
  return loadExposed('account', 'SignInDialog');
};

interface SignInRequest {
  /** Bumped at every opening, so each opening starts the dialog afresh. */
  id: number;
  open: boolean;
  email?: string | undefined;
  redirectTo?: string | undefined;
}

/**
 * The host's part of identity (the host owns the chrome's listeners). It keeps the stored
 * group id and user in step with the page's marketplace and the server, opens the account remote's
 * SignInDialog on 'sign-in:open' (its AccountAlerts sit in the page flow: AccountAlertsSlot).
 * The remote's modules load only when first needed; a failed load never breaks the page.
 */
export function AccountChrome() {
  const marketplace = useCurrentMarketplace();
  const mgId = marketplace?.mgId ?? null;
  const storedMgId = useStore($mgId);
  const [signIn, setSignIn] = useState<SignInRequest | null>(null);
  // The sign-in request whose dialog could not be loaded: said so, with a retry that loads the dialog
  // again and then opens it for the same request.
  const [unavailable, setUnavailable] = useState<SignInRequest | null>(null);
  // The viewer is looked up from the browser only: a page rendered on the server shows a guest.
  const client = useIsClient();

  useEffect(() => {
    if (mgId && storedMgId !== mgId) $mgId.set(mgId);
  }, [mgId, storedMgId]);

  useEffect(
    () =>
      on('sign-in:open', ({ email, redirectTo }) =>
        setSignIn((current) => ({ id: (current?.id ?? 0) + 1, open: true, email, redirectTo })),
      ),
    [],
  );

  if (!marketplace || !mgId) return null;

  const signInProps: SignInDialogProps | null = signIn && {
    open: signIn.open,
    onClose: () => setSignIn((current) => current && { ...current, open: false }),
    email: signIn.email,
    redirectTo: signIn.redirectTo,
  };

  return (
    <>
      {client && (
        <Suspense fallback={null}>
          <ViewerSync mgId={mgId} />
        </Suspense>
      )}
      {signInProps && (
        <RemoteOverlay
          key={signIn?.id}
          remote="account"
          module="SignInDialog"
          props={signInProps}
          onFailure={() => {
            setUnavailable(signIn);
            setSignIn(null);
            resetRemote('account');
          }}
        />
      )}
      {unavailable && (
        <Suspense fallback={null}>
          <SignInUnavailable
            retry={reloadSignIn}
            onLoaded={() => {
              setUnavailable(null);
              setSignIn({ ...unavailable, id: unavailable.id + 1 });
            }}
            onClose={() => setUnavailable(null)}
          />
        </Suspense>
      )}
    </>
  );
}
