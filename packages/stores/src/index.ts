export { addToCart, removeFromCart } from './booking/cart';
export { completeBooking } from './booking/complete-booking';
export type { MarketplaceLocations } from './booking/location';
export {
  $proceduresFilter,
  changeLocation,
  clearLocation,
  isClinicLocation,
  proceduresFilterFor,
  reconcileLocation,
  setLocationType,
} from './booking/location';
export { $canCheckout, $reachableSteps } from './booking/progress';
export { $resumeStep } from './booking/resume';
export { removeWaitlistEntry, selectDateTime, setWaitlistEntry } from './booking/schedule';
export type { ClientValueStore } from './client-values/client-value-store';
export { createClientValueStore } from './client-values/client-value-store';
export {
  decodePageStateCookie,
  encodePageStateCookie,
  mirrorPageStateToCookie,
  PAGE_STATE_COOKIE,
} from './client-values/page-state-cookie';
export { resetClientValues } from './client-values/reset';
export type {
  AccountTab,
  AppliedPromo,
  BookingLocation,
  BookingStep,
  CheckoutNoteAnswer,
  CheckoutNotes,
  ClinicLocation,
  HomeLocation,
  LocationType,
  SelectedDateTime,
  SelectedProcedure,
  StoredUser,
  Toast,
  ToastPlacement,
  ToastType,
  WaitlistEntry,
} from './client-values/schemas';
export { ACCOUNT_TABS, BOOKING_STEPS, LOCATION_TYPES, TOAST_PLACEMENTS } from './client-values/schemas';
export type { ClientValuesSnapshot } from './client-values/snapshot';
export {
  PAGE_KEYS,
  restoreClientValues,
  sameClientValues,
  snapshotClientValues,
} from './client-values/snapshot';
export type { ClientKeptKey } from './client-values/stores';
export {
  $accountTab,
  $alertVerifyEmail,
  $alertVerifyPhone,
  $appliedPromo,
  $autocompleteToken,
  $checkoutNotes,
  $checkoutNotesExpanded,
  $locationType,
  $marketplaceId,
  $mgId,
  $passCodeToken,
  $previousPage,
  $selectedDateTime,
  $selectedLocation,
  $selectedProcedures,
  $selectedWaitlist,
  $step,
  $toast,
  $user,
  $userAuthError,
  $userEmail,
  CLIENT_KEPT_KEYS,
  CLIENT_KEPT_VALUES,
} from './client-values/stores';
export type { AppEvents, AppEventType } from './events/app-events';
export { emit, on } from './events/app-events';
export type { EventArgs, EventBus, EventBusOptions, EventHandler, EventMap } from './events/event-bus';
export { createEventBus } from './events/event-bus';
export type { SignedInUser } from './identity/session';
export {
  clearSessionValues,
  clearSignedInData,
  KEPT_AT_LOGOUT,
  rememberSignedInUser,
  SESSION_BOUND,
  SIGNED_IN_PERSON,
  syncViewer,
  toStoredUser,
} from './identity/session';
export { marketplaceIdStorage, syncMarketplaceId } from './marketplace/sync-marketplace-id';
export type { BrowserConfig } from './runtime-config';
export { $browserConfig } from './runtime-config';
export { TOAST_DEFAULTS } from './toast-defaults';
