import { resumeStep } from '@atrium/domain';
import { computed } from 'nanostores';
import { $selectedDateTime, $selectedProcedures, $selectedWaitlist } from '../client-values/stores';

/** The furthest step the stored booking allows; /resume goes there. */
export const $resumeStep = computed(
  [$selectedProcedures, $selectedDateTime, $selectedWaitlist],
  (cart, dateTime, waitlist) =>
    resumeStep({ cartSize: cart.length, hasDateTime: dateTime !== null, waitlist }),
);
