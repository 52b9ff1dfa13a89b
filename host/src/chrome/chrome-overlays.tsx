import { useNavigate } from '@atrium/navigation';
import { $toast, on, type Toast } from '@atrium/stores';
import { Button, Text } from '@atrium/ui';
import { useEffect, useState } from 'react';
import { AccountChrome } from '../account/account-chrome';

type Overlays = typeof import('@atrium/ui/overlays');
type Notice = { kind: 'error' | 'navigation-error' | 'location-changed'; message: string };

const titles: Record<Notice['kind'], string> = {
  error: 'Error',
  'navigation-error': 'Missing Date & Time',
  'location-changed': 'Location Changed',
};

let overlays: Promise<Overlays> | undefined;
// Dialogs and toasts load on the first event that needs them, not with the page.
const loadOverlays = () => {
  overlays ??= import('@atrium/ui/overlays');
  return overlays;
};

/**
 * The host's listeners for chrome events (the host owns them, the remotes only emit): the account's
 * sign-in dialog, toasts, the global error modal, the navigation-error modal and the 'Location
 * Changed' dialog.
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

/**
 * Listens for toasts and notices, loading the overlays' code on the first one. `error`: a failure
 * known at mount, shown in the global error modal without waiting for an event.
 */
function useChromeEvents(error: string | undefined) {
  const [module, setModule] = useState<Overlays | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  useEffect(() => {
    const withOverlays = (then?: (m: Overlays) => void) =>
      loadOverlays().then((m) => {
        setModule(m);
        then?.(m);
      });
    const toast = (t: Toast) => withOverlays((m) => m.showToast(t));
    const notify = (next: Notice) => withOverlays(() => setNotice(next));
    const unsubscribe = [
      on('toast', toast),
      on('error', ({ message }) => notify({ kind: 'error', message })),
      on('navigation-error', ({ message }) => notify({ kind: 'navigation-error', message })),
      on('location-changed', () =>
        notify({
          kind: 'location-changed',
          message:
            'Your location changed, so the services in your cart were cleared. Please choose them again.',
        }),
      ),
    ];
    // Loaded before (under another layout): show the toast area again at once, with the toasts
    // still on screen, e.g. 'Login successful!' shown just before a sign-in callback navigates away.
    if (overlays) withOverlays();
    if (error) notify({ kind: 'error', message: error });
    // A toast kept in storage to show after a reload.
    const pending = $toast.get();
    if (pending) {
      $toast.set(null);
      toast(pending);
    }
    return () => {
      for (const off of unsubscribe) off();
    };
  }, [error]);

  return { module, notice, close: () => setNotice(null) };
}

function ChromeNotices({
  marketplaceId,
  error,
}: {
  marketplaceId: string | null;
  error?: string | undefined;
}) {
  const { module, notice, close } = useChromeEvents(error);
  if (!module) return null;
  const { Modal, ToastRegion } = module;
  return (
    <>
      <ToastRegion />
      <Modal
        open={notice !== null}
        onClose={close}
        role="alertdialog"
        title={notice ? titles[notice.kind] : ''}
        footer={<NoticeAction notice={notice} marketplaceId={marketplaceId} onClose={close} />}
      >
        <Text>{notice?.message}</Text>
      </Modal>
    </>
  );
}

/** The notice's button: reload after an error, go choose a time, or simply OK. */
function NoticeAction({
  notice,
  marketplaceId,
  onClose,
}: {
  notice: Notice | null;
  marketplaceId: string | null;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  if (notice?.kind === 'error') {
    return <Button onClick={() => window.location.reload()}>Reload Page</Button>;
  }
  if (notice?.kind === 'navigation-error' && marketplaceId) {
    return (
      <Button
        onClick={() => {
          onClose();
          navigate(`/${marketplaceId}/schedule`);
        }}
      >
        Choose Date &amp; Time
      </Button>
    );
  }
  return <Button onClick={onClose}>OK</Button>;
}
