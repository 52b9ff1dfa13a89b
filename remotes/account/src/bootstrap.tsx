import { mountStandalone } from '@atrium/federation/standalone';
import AppleCallbackPage from './exposed/apple-callback-page';
import ConfirmEmailPage from './exposed/confirm-email-page';
import ConfirmPhonePage from './exposed/confirm-phone-page';
import GoogleCallbackPage from './exposed/google-callback-page';
import MembershipsPage from './exposed/memberships-page';
import ProfilePage from './exposed/profile-page';
import ResetPasswordPage from './exposed/reset-password-page';

mountStandalone('account', [
  { path: 'profile', element: <ProfilePage /> },
  { path: 'memberships', element: <MembershipsPage /> },
  { path: 'confirm-email', element: <ConfirmEmailPage /> },
  { path: 'confirm-phone', element: <ConfirmPhonePage /> },
  { path: 'reset-password', element: <ResetPasswordPage /> },
  { path: 'auth/google/callback', element: <GoogleCallbackPage /> },
  { path: 'auth/apple/callback', element: <AppleCallbackPage /> },
]);
