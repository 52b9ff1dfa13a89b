// Overlays: dialogs, drawers and toasts. A shared entry of its own, so their code loads when an
// overlay first opens rather than with the first paint.
export type { AppDialogProps, DrawerAnchor } from './app-dialog';
export { Modal, ResponsiveDialog, SideDrawer } from './app-dialog';
export type { ToastOptions, ToastPlacement, ToastType } from './toasts';
export {
  closeToast,
  showToast,
  TOAST_DEFAULT_DURATION_MS,
  TOAST_DEFAULT_PLACEMENT,
  TOAST_DEFAULT_TYPE,
  ToastRegion,
} from './toasts';
export { DIALOG_UNMOUNT_DELAY_MS, useDelayedUnmount } from './use-delayed-unmount';
export { MOBILE_MAX_WIDTH, RESIZE_DEBOUNCE_MS, useIsMobile } from './use-is-mobile';
