import { useEffect, useState } from 'react';

/** A dialog's body stays mounted 1000 ms after it closes (its exit animation, re-opens). */
export const DIALOG_UNMOUNT_DELAY_MS = 1000;

/** True while `open`, and for `delayMs` after it turns false. */
export function useDelayedUnmount(open: boolean, delayMs = DIALOG_UNMOUNT_DELAY_MS): boolean {
  const [mounted, setMounted] = useState(open);
  useEffect(() => {
    if (open) {
      setMounted(true);
      return;
    }
    const timer = setTimeout(() => setMounted(false), delayMs);
    return () => clearTimeout(timer);
  }, [open, delayMs]);
  return open || mounted;
}
