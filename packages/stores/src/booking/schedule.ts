import { saveWaitlistEntry, type WaitlistDraft } from '@atrium/domain';
import type { SelectedDateTime } from '../client-values/schemas';
import { $selectedDateTime, $selectedWaitlist } from '../client-values/stores';

/** Choosing a date and time clears the waitlist: a booking is one or the other. */
export function selectDateTime(dateTime: SelectedDateTime) {
  $selectedDateTime.set(dateTime);
  $selectedWaitlist.set([]);
}

/**
 * Setting a waitlist entry (new, or replacing `index`) clears the chosen date and time.
 * Returns false, and changes nothing, for an entry without a date or a time of day.
 */
export function setWaitlistEntry(entry: WaitlistDraft, index: number | null = null): boolean {
  const next = saveWaitlistEntry($selectedWaitlist.get(), entry, index);
  if (!next) return false;
  $selectedWaitlist.set(next);
  $selectedDateTime.set(null);
  return true;
}

/** Removes a waitlist entry; returns true when the waitlist is now empty. */
export function removeWaitlistEntry(index: number): boolean {
  const next = $selectedWaitlist.get().filter((_, i) => i !== index);
  $selectedWaitlist.set(next);
  return next.length === 0;
}
