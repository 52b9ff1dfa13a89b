import { canCheckout, reachableSteps } from '@atrium/domain';
import { computed } from 'nanostores';
import {
  $selectedDateTime,
  $selectedLocation,
  $selectedProcedures,
  $selectedWaitlist,
} from '../client-values/stores';

const $progressInput = computed(
  [$selectedLocation, $selectedProcedures, $selectedDateTime, $selectedWaitlist],
  (location, cart, dateTime, waitlist) => ({
    hasLocation: location !== null,
    cartSize: cart.length,
    hasDateTime: dateTime !== null,
    waitlist,
  }),
);

/** Which progress-bar steps are clickable now. */
export const $reachableSteps = computed($progressInput, reachableSteps);

/** Whether the cart drawer offers Checkout. */
export const $canCheckout = computed($progressInput, canCheckout);
