import type { Toast } from '../client-values/schemas';
import { createEventBus } from './event-bus';

/**
 * The events remotes and the shell exchange. The host owns the listeners that
 * drive chrome: the sign-in dialog, toasts, the global error modal and the navigation-error modal.
 */
export interface AppEvents {
  /** Open the sign-in dialog, optionally prefilled, and go to `redirectTo` after signing in. */
  'sign-in:open': { email?: string; redirectTo?: string };
  /** Show a toast; unset fields take the defaults (TOAST_DEFAULTS). */
  toast: Toast;
  /** Show the global error modal (title Error, the message, a Reload Page button). */
  error: { message: string };
  /** Show the navigation-error modal (e.g. a date/time is missing). */
  'navigation-error': { message: string };
  /** The location changed and the cart was cleared: show the 'Location Changed' dialog. */
  'location-changed': Record<string, never>;
  /** A booking request was accepted by the server. */
  'booking:completed': { appointmentId: string };
}

export type AppEventType = keyof AppEvents;

// The page-wide bus. @atrium/stores is a Module Federation singleton, so the host and every remote
// share this one instance.
const appEvents = createEventBus<AppEvents>();

/** Emits an app event; handlers run synchronously, in subscription order. */
export const emit = appEvents.emit;

/** Subscribes to an app event; returns the unsubscribe function. */
export const on = appEvents.on;
