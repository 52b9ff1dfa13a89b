import type { AccountAlertsProps } from '@atrium/federation';
import { $alertVerifyEmail, $alertVerifyPhone } from '@atrium/stores';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { useCurrentMarketplace } from '../tenant/marketplace-context';
import { RemoteOverlay } from './remote-overlay';

const noAlertProps: AccountAlertsProps = {};

/**
 * The account remote's AccountAlerts, placed by the layout in the page flow right under the header:
 * the phone notice takes its own room there instead of floating over the page (on a phone a fixed
 * notice hid the content under it), and the pending-email dialog is a modal wherever it mounts.
 * Loaded from the first raised verification flag on, and kept mounted so the alerts can finish what
 * they started (a logout); a failed load renders nothing.
 */
export function AccountAlertsSlot() {
  const marketplace = useCurrentMarketplace();
  const emailPending = useStore($alertVerifyEmail);
  const phonePending = useStore($alertVerifyPhone);
  const [wanted, setWanted] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (emailPending || phonePending) setWanted(true);
  }, [emailPending, phonePending]);

  if (!marketplace?.mgId || !wanted || failed) return null;
  return (
    <RemoteOverlay
      remote="account"
      module="AccountAlerts"
      props={noAlertProps}
      onFailure={() => setFailed(true)}
    />
  );
}
