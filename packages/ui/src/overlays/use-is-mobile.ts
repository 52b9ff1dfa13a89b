import { useEffect, useState } from 'react';

/** Phone-size screens are under 768 px wide; resizes are debounced 250 ms. */
export const MOBILE_MAX_WIDTH = 767;
export const RESIZE_DEBOUNCE_MS = 250;

const query = `(max-width: ${MOBILE_MAX_WIDTH}px)`;
const matches = () => typeof window !== 'undefined' && window.matchMedia?.(query).matches === true;

/** Whether the screen is phone-size now, updated 250 ms after the window stops resizing. */
export function useIsMobile(): boolean {
  const [mobile, setMobile] = useState(matches);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setMobile(matches()), RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, []);
  return mobile;
}
