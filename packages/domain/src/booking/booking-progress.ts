import { isWaitlistComplete, type WaitlistEntryRule } from './resume-step';

export interface BookingProgressInput {
  hasLocation: boolean;
  cartSize: number;
  hasDateTime: boolean;
  waitlist: readonly WaitlistEntryRule[];
}

/** Whether the client has chosen when: a date and time, or a complete waitlist. */
export function hasChosenTime({
  hasDateTime,
  waitlist,
}: Pick<BookingProgressInput, 'hasDateTime' | 'waitlist'>) {
  return hasDateTime || isWaitlistComplete(waitlist);
}

/**
 * The progress bar: a step is clickable only when its precondition holds. Services always;
 * Date & Time with something in the cart; Confirm also needs a date and time or a complete waitlist.
 */
export function reachableSteps(input: BookingProgressInput) {
  const schedule = input.cartSize > 0;
  return { services: true, schedule, confirm: schedule && hasChosenTime(input) };
}

/** The cart drawer: Checkout shows only with a location, a procedure, and a date/time or waitlist. */
export function canCheckout(input: BookingProgressInput): boolean {
  return input.hasLocation && input.cartSize > 0 && hasChosenTime(input);
}
