import type { RemoteModules } from '@atrium/federation';

// The host's typed contract: this remote's typecheck fails when an exposed module does not fit it.
export type AccountModules = RemoteModules<
  'account',
  {
    ProfilePage: typeof import('./profile-page');
    MembershipsPage: typeof import('./memberships-page');
    GoogleCallbackPage: typeof import('./google-callback-page');
    AppleCallbackPage: typeof import('./apple-callback-page');
    ConfirmEmailPage: typeof import('./confirm-email-page');
    ConfirmPhonePage: typeof import('./confirm-phone-page');
    ResetPasswordPage: typeof import('./reset-password-page');
    SignInDialog: typeof import('./sign-in-dialog');
    AccountAlerts: typeof import('./account-alerts');
  }
>;
