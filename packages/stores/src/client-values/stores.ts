import type { WritableAtom } from 'nanostores';
import * as z from 'zod/mini';
import { type ClientValueStore, createClientValueStore } from './client-value-store';
import {
  type AccountTab,
  type AppliedPromo,
  accountTabSchema,
  appliedPromoSchema,
  type BookingLocation,
  type BookingStep,
  bookingLocationSchema,
  bookingStepSchema,
  type CheckoutNotes,
  checkoutNotesSchema,
  type LocationType,
  locationTypeSchema,
  marketplaceIdSchema,
  type SelectedDateTime,
  type SelectedProcedure,
  type StoredUser,
  selectedDateTimeSchema,
  selectedProcedureSchema,
  storedUserSchema,
  type Toast,
  toastSchema,
  type WaitlistEntry,
  waitlistEntrySchema,
} from './schemas';

const nullableString = z.nullable(z.string());

/**
 * Every value the spec has the client keep, under the spec's key name, in localStorage (the spec
 * allows session or local storage; one engine keeps clearing and cross-tab sync simple).
 * The record's keys are the storage keys; a test checks that each entry uses its own key.
 */
const clientValues = {
  /** A toast to show after the next page load (e.g. after a reload), or null. */
  toast: createClientValueStore<Toast | null>('toast', z.nullable(toastSchema), null),
  /** Set when a login failed with the server code UNAUTHENTICATED. */
  'user-auth-error': createClientValueStore<boolean>('user-auth-error', z.boolean(), false),
  /** Shows the phone-verification alert. */
  'alert-verify-phone': createClientValueStore<boolean>('alert-verify-phone', z.boolean(), false),
  /** Shows the pending-email-verification dialog. */
  'alert-verify-email': createClientValueStore<boolean>('alert-verify-email', z.boolean(), false),
  /** Token returned by requestPasscode, sent back with the 6-digit code. */
  'pass-code-token': createClientValueStore<string | null>('pass-code-token', nullableString, null),
  /** The marketplace the stored values belong to (numeric string); see syncMarketplaceId. */
  'marketplace-id': createClientValueStore<string | null>(
    'marketplace-id',
    z.nullable(marketplaceIdSchema),
    null,
  ),
  /** The marketplace group id (users belong to a group). */
  'mg-id': createClientValueStore<string | null>('mg-id', nullableString, null),
  /** The chosen clinic or own address, or null when none is chosen. */
  'selected-location': createClientValueStore<BookingLocation | null>(
    'selected-location',
    z.nullable(bookingLocationSchema),
    null,
  ),
  /** The /set-location toggle; null until chosen, so the page can default from the marketplace. */
  'location-type': createClientValueStore<LocationType | null>(
    'location-type',
    z.nullable(locationTypeSchema),
    null,
  ),
  /** The cart. */
  'selected-procedures': createClientValueStore<SelectedProcedure[]>(
    'selected-procedures',
    z.array(selectedProcedureSchema),
    [],
  ),
  /** The chosen slot, or null. */
  'selected-date-time': createClientValueStore<SelectedDateTime | null>(
    'selected-date-time',
    z.nullable(selectedDateTimeSchema),
    null,
  ),
  /** Waitlist entries; empty when the client picks a time instead. */
  'selected-waitlist': createClientValueStore<WaitlistEntry[]>(
    'selected-waitlist',
    z.array(waitlistEntrySchema),
    [],
  ),
  /** Current booking step; 'services' is the start (booking success resets it). */
  step: createClientValueStore<BookingStep>('step', bookingStepSchema, 'services'),
  /** The active /profile tab, kept across visits. */
  'account-tab': createClientValueStore<AccountTab>('account-tab', accountTabSchema, 'profile'),
  /** The signed-in user as last seen, or null for a guest. */
  user: createClientValueStore<StoredUser | null>('user', z.nullable(storedUserSchema), null),
  /** Email entered at sign-in or checkout (prefills the sign-in dialog on /success). */
  'user-email': createClientValueStore<string | null>('user-email', nullableString, null),
  /** Answers to the marketplace's checkout notes, by note id. */
  'checkout-notes': createClientValueStore<CheckoutNotes>('checkout-notes', checkoutNotesSchema, {}),
  /** Whether the checkout-notes section is expanded. */
  'checkout-notes-expanded': createClientValueStore<boolean>('checkout-notes-expanded', z.boolean(), false),
  /** The validated promo code, or null. */
  'applied-promo': createClientValueStore<AppliedPromo | null>(
    'applied-promo',
    z.nullable(appliedPromoSchema),
    null,
  ),
  /** Path (with query) to return to, e.g. after sign-in or from /memberships. */
  'previous-page': createClientValueStore<string | null>('previous-page', nullableString, null),
  /** Session token of the place-autocomplete service, so suggestions and the pick bill as one session. */
  'autocomplete-token': createClientValueStore<string | null>('autocomplete-token', nullableString, null),
};

export type ClientKeptKey = keyof typeof clientValues;

/** The storage keys of every client-kept value, in spec order. */
export const CLIENT_KEPT_KEYS = Object.freeze(Object.keys(clientValues)) as readonly ClientKeptKey[];

/** Every client-kept value as key, store and default; used to reset them all. */
export const CLIENT_KEPT_VALUES: readonly ClientValueStore<unknown>[] = Object.freeze(
  Object.values(clientValues) as ClientValueStore<unknown>[],
);

export const $toast: WritableAtom<Toast | null> = clientValues.toast.store;
export const $userAuthError: WritableAtom<boolean> = clientValues['user-auth-error'].store;
export const $alertVerifyPhone: WritableAtom<boolean> = clientValues['alert-verify-phone'].store;
export const $alertVerifyEmail: WritableAtom<boolean> = clientValues['alert-verify-email'].store;
export const $passCodeToken: WritableAtom<string | null> = clientValues['pass-code-token'].store;
export const $marketplaceId: WritableAtom<string | null> = clientValues['marketplace-id'].store;
export const $mgId: WritableAtom<string | null> = clientValues['mg-id'].store;
export const $selectedLocation: WritableAtom<BookingLocation | null> =
  clientValues['selected-location'].store;
export const $locationType: WritableAtom<LocationType | null> = clientValues['location-type'].store;
export const $selectedProcedures: WritableAtom<SelectedProcedure[]> =
  clientValues['selected-procedures'].store;
export const $selectedDateTime: WritableAtom<SelectedDateTime | null> =
  clientValues['selected-date-time'].store;
export const $selectedWaitlist: WritableAtom<WaitlistEntry[]> = clientValues['selected-waitlist'].store;
export const $step: WritableAtom<BookingStep> = clientValues.step.store;
export const $accountTab: WritableAtom<AccountTab> = clientValues['account-tab'].store;
export const $user: WritableAtom<StoredUser | null> = clientValues.user.store;
export const $userEmail: WritableAtom<string | null> = clientValues['user-email'].store;
export const $checkoutNotes: WritableAtom<CheckoutNotes> = clientValues['checkout-notes'].store;
export const $checkoutNotesExpanded: WritableAtom<boolean> = clientValues['checkout-notes-expanded'].store;
export const $appliedPromo: WritableAtom<AppliedPromo | null> = clientValues['applied-promo'].store;
export const $previousPage: WritableAtom<string | null> = clientValues['previous-page'].store;
export const $autocompleteToken: WritableAtom<string | null> = clientValues['autocomplete-token'].store;
