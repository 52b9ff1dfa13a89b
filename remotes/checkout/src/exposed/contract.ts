import type { RemoteModules } from '@atrium/federation';

// The host's typed contract: this remote's typecheck fails when an exposed module does not fit it.
export type CheckoutModules = RemoteModules<
  'checkout',
  {
    ConfirmPage: typeof import('./confirm-page');
    SuccessPage: typeof import('./success-page');
    PaymentAuthenticationPage: typeof import('./payment-authentication-page');
    WaitlistOfferPage: typeof import('./waitlist-offer-page');
  }
>;
