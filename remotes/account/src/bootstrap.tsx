import { mountStandalone } from '@atrium/federation/standalone';
import { on } from '@atrium/stores';
import { Button } from '@atrium/ui';
import { useState } from 'react';
import AccountAlerts from './exposed/account-alerts';
import AppleCallbackPage from './exposed/apple-callback-page';
import ConfirmEmailPage from './exposed/confirm-email-page';
import ConfirmPhonePage from './exposed/confirm-phone-page';
import GoogleCallbackPage from './exposed/google-callback-page';
import MembershipsPage from './exposed/memberships-page';
import ProfilePage from './exposed/profile-page';
import ResetPasswordPage from './exposed/reset-password-page';
import SignInDialog from './exposed/sign-in-dialog';

/** Standalone only: what the host does around these modules — a button opening the dialog. */
function SignInDemo() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Sign in</Button>
      <SignInDialog open={open} onClose={() => setOpen(false)} />
      <AccountAlerts />
    </>
  );
}

// The standalone shell has no toast area; toasts go to the console instead.
on('toast', (toast) => console.info(`[toast ${toast.type}]`, toast.message));

mountStandalone('account', [
  { path: 'sign-in', element: <SignInDemo /> },
  { path: 'profile', element: <ProfilePage /> },
  { path: 'memberships', element: <MembershipsPage /> },
  { path: 'confirm-email', element: <ConfirmEmailPage /> },
  { path: 'confirm-phone', element: <ConfirmPhonePage /> },
  { path: 'reset-password', element: <ResetPasswordPage /> },
  { path: 'auth/google/callback', element: <GoogleCallbackPage /> },
  { path: 'auth/apple/callback', element: <AppleCallbackPage /> },
]);
