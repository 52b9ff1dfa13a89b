import {
  $accountTab,
  $appliedPromo,
  $checkoutNotes,
  $checkoutNotesExpanded,
  $selectedDateTime,
  $selectedProcedures,
  $selectedWaitlist,
  $step,
} from '../client-values/stores';

/**
 * Booking success: clears the step, date and time and waitlist, the cart, the checkout
 * notes and their expanded flag and the applied promo, and opens the account on its appointments.
 */
export function completeBooking() {
  $step.set('services');
  $selectedDateTime.set(null);
  $selectedWaitlist.set([]);
  $selectedProcedures.set([]);
  $accountTab.set('appointments');
  $checkoutNotes.set({});
  $checkoutNotesExpanded.set(false);
  $appliedPromo.set(null);
}
