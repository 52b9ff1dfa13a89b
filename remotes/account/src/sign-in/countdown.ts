import { useCallback, useEffect, useState } from 'react';

/** The passcode resend countdown starts at 60 seconds. */
export const RESEND_COUNTDOWN_SECONDS = 60;

/** Whole seconds left of a countdown of `total` seconds started at `startedAt` (ms), never below 0. */
export function secondsLeft(startedAt: number, now: number, total: number): number {
  const elapsed = Math.floor(Math.max(0, now - startedAt) / 1000);
  return Math.max(0, total - elapsed);
}

/**
 * A countdown from `total` seconds, started on mount; `restart` starts it again. Counted from the
 * start time rather than by decrements, so a throttled background tab still ends on time.
 */
export function useCountdown(total: number = RESEND_COUNTDOWN_SECONDS) {
  const [startedAt, setStartedAt] = useState(() => Date.now());
  const [remaining, setRemaining] = useState(total);

  useEffect(() => {
    setRemaining(secondsLeft(startedAt, Date.now(), total));
    const timer = setInterval(() => {
      const left = secondsLeft(startedAt, Date.now(), total);
      setRemaining(left);
      if (left === 0) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [startedAt, total]);

  const restart = useCallback(() => setStartedAt(Date.now()), []);
  return { remaining, restart };
}
