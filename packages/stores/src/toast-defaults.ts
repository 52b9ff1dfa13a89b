import type { ToastPlacement, ToastType } from './client-values/schemas';

/** Toasts default to type info, auto-hide after 4000 ms, at the bottom right. */
export const TOAST_DEFAULTS: {
  type: ToastType;
  autoHide: boolean;
  durationMs: number;
  placement: ToastPlacement;
} = {
  type: 'info',
  autoHide: true,
  durationMs: 4000,
  placement: 'bottom-right',
};
