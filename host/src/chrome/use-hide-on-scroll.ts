import { type RefObject, useEffect, useState } from 'react';

/**
 * The header hides once the page scrolls down past its own height, and comes back (sticky)
 * as soon as the client scrolls up.
 */
export function useHideOnScroll(ref: RefObject<HTMLElement | null>): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      const height = ref.current?.offsetHeight ?? 0;
      setHidden(y > height && y > last);
      last = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [ref]);
  return hidden;
}
