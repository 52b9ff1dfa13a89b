import { hasChosenTime } from '@atrium/domain';
import {
  $selectedDateTime,
  $selectedLocation,
  $selectedProcedures,
  $selectedWaitlist,
  emit,
} from '@atrium/stores';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';

/** The confirm page waits 300 ms before sending an empty cart back to services. */
export const CONFIRM_REDIRECT_DELAY_MS = 300;

/**
 * /confirm: after 300 ms, an empty cart goes back to /services (replace); no location to
 * /set-location; neither a date and time nor a complete waitlist to /schedule (with the
 * navigation-error modal saying why). Returns where to go, or null to stay.
 */
export function useConfirmGuard(): 'services' | 'set-location' | 'schedule' | null {
  const cart = useStore($selectedProcedures);
  const location = useStore($selectedLocation);
  const dateTime = useStore($selectedDateTime);
  const waitlist = useStore($selectedWaitlist);
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWaited(true), CONFIRM_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  const target =
    cart.length === 0
      ? 'services'
      : !location
        ? 'set-location'
        : !hasChosenTime({ hasDateTime: dateTime !== null, waitlist })
          ? 'schedule'
          : null;
  useEffect(() => {
    if (waited && target === 'schedule') {
      emit('navigation-error', { message: 'Please choose a date and time before you confirm your booking.' });
    }
  }, [waited, target]);
  return waited ? target : null;
}
