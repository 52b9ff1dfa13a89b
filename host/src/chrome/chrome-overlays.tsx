import { useNavigate } from '@atrium/navigation';
import { $toast, on, type Toast } from '@atrium/stores';
import { Button, Text } from '@atrium/ui';
import { useEffect, useState } from 'react';
import { AccountChrome } from '../account/account-chrome';

type Overlays = typeof import('@atrium/ui/overlays');
type Notice = { kind: 'error' | 'navigation-error' | 'location-changed'; message: string };

let overlays: Promise<Overlays> | undefined;
// Dialogs and toasts load on the first event that needs them, not with the page.
const loadOverlays = () => {
  overlays ??= import('@atrium/ui/overlays');
  return overlays;
};

/**
 * The host's listeners for chrome events (ARCHITECTURE 3): the account's sign-in dialog,
 * toasts, the global error modal, the navigation-error modal and the 'Location Changed' dialog.
 */
export function ChromeOverlays({
  marketplaceId,
  error,
}: {
  marketplaceId: string | null;
  error?: string | undefined;
}) {
  return (
    <>
      <AccountChrome />
      <ChromeNotices marketplaceId={marketplaceId} error={error} />
    </>
  );
}

/** `error`: a failure known at mount, shown in the global error modal without waiting for an event. */
function ChromeNotices({
  marketplaceId,
  error,
}: {
  marketplaceId: string | null;
  error?: string | undefined;
}) {
  const navigate = useNavigate();
  const [module, setModule] = useState<Overlays | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  useEffect(() => {
    const withOverlays = (then?: (m: Overlays) => void) =>
      loadOverlays().then((m) => {
        setModule(m);
        then?.(m);
      });
    const toast = (t: Toast) => withOverlays((m) => m.showToast(t));
    const unsubscribe = [
      on('toast', toast),
      on('error', ({ message }) => withOverlays(() => setNotice({ kind: 'error', message }))),
      on('navigation-error', ({ message }) =>
        withOverlays(() => setNotice({ kind: 'navigation-error', message })),
      ),
      on('location-changed', () =>
        withOverlays(() =>
          setNotice({
            kind: 'location-changed',
            message:
              'Your location changed, so the services in your cart were cleared. Please choose them again.',
          }),
        ),
      ),
    ];
    // Loaded before (under another layout): show the toast area again at once, with the toasts
    // still on screen, e.g. 'Login successful!' shown just before a sign-in callback navigates away.
    if (overlays) withOverlays();
    if (error) withOverlays(() => setNotice({ kind: 'error', message: error }));
    // A toast kept for after a reload (spec 3 client-kept "toast").
    const pending = $toast.get();
    if (pending) {
      $toast.set(null);
      toast(pending);
    }
    return () => {
      for (const off of unsubscribe) off();
    };
  }, [error]);

  if (!module) return null;
  const { Modal, ToastRegion } = module;
  const close = () => setNotice(null);
  const titles = {
    error: 'Error',
    'navigation-error': 'Missing Date & Time',
    'location-changed': 'Location Changed',
  };
  return (
    <>
      <ToastRegion />
      <Modal
        open={notice !== null}
        onClose={close}
        role="alertdialog"
        title={notice ? titles[notice.kind] : ''}
        footer={
          notice?.kind === 'error' ? (
            <Button onClick={() => window.location.reload()}>Reload Page</Button>
          ) : notice?.kind === 'navigation-error' && marketplaceId ? (
            <Button
              onClick={() => {
                close();
                navigate(`/${marketplaceId}/schedule`);
              }}
            >
              Choose Date &amp; Time
            </Button>
          ) : (
            <Button onClick={close}>OK</Button>
          )
        }
      >
        <Text>{notice?.message}</Text>
      </Modal>
    </>
  );
}
