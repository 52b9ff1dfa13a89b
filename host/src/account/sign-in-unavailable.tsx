import { Button, Text } from '@atrium/ui';
import { ResponsiveDialog } from '@atrium/ui/overlays';
import { useEffect, useRef, useState } from 'react';

interface SignInUnavailableProps {
  /** Loads the sign-in dialog's module again; rejects when it still cannot be loaded. */
  retry: () => Promise<unknown>;
  /** The module has loaded: the caller closes this and opens sign-in. */
  onLoaded: () => void;
  onClose: () => void;
}

/**
 * Said when the account remote's sign-in dialog could not be loaded: a bottom drawer on a phone, like
 * the other dialogs. Try again loads the module again while this stays open (its button busy), and
 * hands over to sign-in once it has loaded; a load that fails again leaves this open, ready for
 * another try. Closed meanwhile, nothing opens.
 */
export default function SignInUnavailable({ retry, onLoaded, onClose }: SignInUnavailableProps) {
  const [retrying, setRetrying] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const open = useRef(true);
  useEffect(
    () => () => {
      open.current = false;
    },
    [],
  );

  const tryAgain = async () => {
    setRetrying(true);
    try {
      await retry();
    } catch {
      if (!open.current) return;
      setRetrying(false);
      // The busy button was disabled: focus goes back to it for the next try.
      requestAnimationFrame(() => button.current?.focus());
      return;
    }
    if (open.current) onLoaded();
  };

  return (
    <ResponsiveDialog
      open
      role="alertdialog"
      title="Sign-in unavailable"
      onClose={onClose}
      footer={
        <Button ref={button} loading={retrying} loadingText="Try again" onClick={tryAgain}>
          Try again
        </Button>
      }
    >
      <Text>Sign-in could not be loaded. Check your connection and try again.</Text>
    </ResponsiveDialog>
  );
}
