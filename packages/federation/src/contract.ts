import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';

/**
 * The federation contract: which remote exposes which route-level module, and the props each
 * receives from the host. The host loads by these names; each remote's build config exposes
 * exactly these names (checked in rsbuild.ts), so a rename breaks the build, not the page.
 */
export const remoteExposes = {
  catalog: ['SetLocationPage', 'ServicesPage'],
  scheduling: ['SchedulePage'],
  checkout: ['ConfirmPage', 'SuccessPage', 'PaymentAuthenticationPage', 'WaitlistOfferPage'],
  account: [
    'ProfilePage',
    'MembershipsPage',
    'GoogleCallbackPage',
    'AppleCallbackPage',
    'ConfirmEmailPage',
    'ConfirmPhonePage',
    'ResetPasswordPage',
    'SignInDialog',
    'AccountAlerts',
  ],
  console: ['ConsolePage'],
} as const;

export type RemoteName = keyof typeof remoteExposes;
export type ExposedModule<R extends RemoteName = RemoteName> = (typeof remoteExposes)[R][number];

export const remoteNames = Object.keys(remoteExposes) as RemoteName[];

export function isRemoteName(value: string): value is RemoteName {
  return Object.hasOwn(remoteExposes, value);
}

/** Props the host passes to every route-level page of a remote. */
export interface RoutePageProps {
  /** The marketplace (tenant) id from the first path segment; absent on top-level routes. */
  marketplaceId?: string;
}

/**
 * Props of account/SignInDialog, the sign-in dialog the host opens on the 'sign-in:open' event.
 * The marketplace comes from the stored marketplace id and group.
 */
export interface SignInDialogProps {
  open: boolean;
  onClose: () => void;
  /** Prefills the email, e.g. the stored one on /success. */
  email?: string | undefined;
  /** Where to go after signing in (a path of this site). */
  redirectTo?: string | undefined;
}

/**
 * account/AccountAlerts takes no props: the host renders it once, in the page flow under its header;
 * it shows the pending-email-verification dialog and the phone-verification notice (in that flow,
 * never over the page) from their flags in @atrium/stores.
 */
export type AccountAlertsProps = Record<string, never>;

/** Module Federation container name of a remote (a global identifier on the page). */
export function containerName(remote: RemoteName): string {
  return `atrium_${remote}`;
}

/**
 * Each app also builds for Node into this folder beside its browser build: the host's server loads a
 * remote's `server/remoteEntry.js` to render that remote's pages into the HTML.
 */
export const SERVER_DIR = 'server';

/** What a route-level exposed module offers: its page, and what it needs to render on the server. */
export interface RoutePageModule<Props = RoutePageProps> {
  default: ComponentType<Props>;
  /**
   * Fetches into `queryClient` what the page reads on its first render, given the client-kept
   * values (stores) the page will render with. The server awaits it before rendering the page into
   * the HTML. It must read the stores before its first await: they hold the request's values only
   * while it runs synchronously.
   */
  prefetch?: (context: PrefetchContext) => Promise<unknown>;
  /**
   * Whether the page, with the stores as it will render with them, can be rendered on the server
   * (true when absent); false leaves it to the browser, e.g. when it would only redirect.
   */
  rendersOnServer?: () => boolean;
}

export interface PrefetchContext {
  marketplaceId: string;
  queryClient: QueryClient;
}

/** What the host expects each exposed module to export: a route page, or a component with its props. */
type ModuleContract<M extends ExposedModule> = M extends 'SignInDialog'
  ? { default: ComponentType<SignInDialogProps> }
  : M extends 'AccountAlerts'
    ? { default: ComponentType<AccountAlertsProps> }
    : RoutePageModule;

export type RemoteModuleContracts<R extends RemoteName> = { [M in ExposedModule<R>]: ModuleContract<M> };

/**
 * Type-level props check: each remote states its exposed modules
 * (`RemoteModules<'catalog', { ServicesPage: typeof import('./services-page'); ... }>` in
 * src/exposed/contract.ts), so the remote's typecheck fails on a missing module or a page whose
 * props the host does not pass.
 */
export type RemoteModules<R extends RemoteName, Modules extends RemoteModuleContracts<R>> = Modules;
