import { useLocation } from '@atrium/navigation';
import { $alertVerifyEmail, $alertVerifyPhone } from '@atrium/stores';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { useStoredMarketplace } from '../shared/stored-marketplace';
import { PendingEmailDialog } from './pending-email-dialog';
import { PhoneNotice } from './phone-notice';

// Pages that act on a sign-in or a confirmation themselves: the alerts would only get in their way.
const QUIET_PATHS = ['/confirm-email', '/confirm-phone', '/reset-password', '/auth/'];

/**
 * The account alerts the host renders once, in the page flow under its header: the
 * pending-email-verification dialog while `alert-verify-email` is set, else the phone notice while
 * `alert-verify-phone` is set.
 */
export function AccountAlerts() {
  const emailPending = useStore($alertVerifyEmail);
  const phonePending = useStore($alertVerifyPhone);
  const { marketplaceId } = useStoredMarketplace();
  const { pathname } = useLocation();
  // Closing the dialog hides it for this visit; the flag stays, so it comes back on the next load.
  const [emailDialogClosed, setEmailDialogClosed] = useState(false);
  const quiet = QUIET_PATHS.some((path) => pathname.startsWith(path));

  return (
    <>
      <PendingEmailDialog
        open={emailPending && !emailDialogClosed && !quiet}
        marketplaceId={marketplaceId}
        onClose={() => setEmailDialogClosed(true)}
      />
      {phonePending && !emailPending && !quiet && <PhoneNotice marketplaceId={marketplaceId} />}
    </>
  );
}
