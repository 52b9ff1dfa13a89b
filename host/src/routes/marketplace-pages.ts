import type { ExposedModule, RemoteName } from '@atrium/federation';

/** A route's page: a remote's exposed module, with the page title the browser tab shows. */
export interface RemoteRoute {
  remote: RemoteName;
  module: ExposedModule;
  title?: string;
  /**
   * Rendered into the HTML by the host's server: the pages a client reaches first, from a link,
   * which depend only on the marketplace and the booking so far. The others (checkout, the
   * account's pages) depend on who is signed in and are rendered in the browser.
   */
  rendersOnServer?: boolean;
}

/** The pages under /{marketplaceId}/ that remotes provide, by path. */
export const marketplacePages = {
  'set-location': {
    remote: 'catalog',
    module: 'SetLocationPage',
    title: 'Choose Location',
    rendersOnServer: true,
  },
  services: { remote: 'catalog', module: 'ServicesPage', title: 'Select a Service', rendersOnServer: true },
  schedule: {
    remote: 'scheduling',
    module: 'SchedulePage',
    title: 'Choose Date & Time',
    rendersOnServer: true,
  },
  confirm: { remote: 'checkout', module: 'ConfirmPage', title: 'Review & Confirm' },
  success: { remote: 'checkout', module: 'SuccessPage', title: 'Booking Received' },
  // From the mail asking the client to authenticate a payment their bank held (3-D Secure).
  'payment/authenticate': {
    remote: 'checkout',
    module: 'PaymentAuthenticationPage',
    title: 'Authenticate Payment',
  },
  // From the mail telling a waitlisted client that a time opened up.
  'waitlist-offer': { remote: 'checkout', module: 'WaitlistOfferPage', title: 'A Time Opened Up' },
  profile: { remote: 'account', module: 'ProfilePage', title: 'My Profile' },
  memberships: { remote: 'account', module: 'MembershipsPage', title: 'Memberships & Packages' },
} as const satisfies Record<string, RemoteRoute>;

export type MarketplacePagePath = keyof typeof marketplacePages;

/**
 * The staff console: /{id}/console and every path below it, whose sections the console
 * routes itself. Rendered in the browser (it depends on who is signed in), in the console's chrome.
 */
export const CONSOLE_PATH = 'console';
export const consolePage = {
  remote: 'console',
  module: 'ConsolePage',
  title: 'Console',
} as const satisfies RemoteRoute;

/** Whether a path is the console's (`/2/console`, `/2/console/requests`). */
export function isConsolePath(pathname: string): boolean {
  const [, marketplaceId, section] = pathname.split('/');
  return !!marketplaceId && section === CONSOLE_PATH;
}

/** Pages outside a marketplace, reached from emails and sign-in providers, by path. */
export const topLevelPages = {
  'confirm-email': { remote: 'account', module: 'ConfirmEmailPage' },
  'confirm-phone': { remote: 'account', module: 'ConfirmPhonePage' },
  'reset-password': { remote: 'account', module: 'ResetPasswordPage' },
  'auth/google/callback': { remote: 'account', module: 'GoogleCallbackPage' },
  'auth/apple/callback': { remote: 'account', module: 'AppleCallbackPage' },
} as const satisfies Record<string, RemoteRoute>;

export type TopLevelPagePath = keyof typeof topLevelPages;

/** Whether a path outside a marketplace is one of the site's routes (else it is the 404 page). */
export function isTopLevelPage(pathname: string): boolean {
  const path = pathname.replace(/^\/+|\/+$/g, '');
  return path === '' || Object.hasOwn(topLevelPages, path);
}

/** The remote page a path shows (`/2/services` -> catalog's ServicesPage), or null. */
export function marketplacePageAt(pathname: string): { marketplaceId: string; page: RemoteRoute } | null {
  const [, marketplaceId, ...segments] = pathname.split('/');
  const path = segments.join('/').replace(/\/+$/, '');
  if (marketplaceId && segments[0] === CONSOLE_PATH) return { marketplaceId, page: consolePage };
  if (!marketplaceId || !path || !Object.hasOwn(marketplacePages, path)) return null;
  return { marketplaceId, page: marketplacePages[path as MarketplacePagePath] };
}
