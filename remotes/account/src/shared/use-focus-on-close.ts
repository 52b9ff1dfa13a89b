import { useEffect, useRef } from 'react';

/**
 * A form shown in place of the button that opened it takes the focused control with it when it
 * closes: focus would fall to the page's body. This hands it back to that button once it is shown
 * again (WAI-ARIA APG: focus returns to the control that opened the content).
 */
export function useFocusOnClose<T extends HTMLElement>(open: boolean) {
  const opener = useRef<T>(null);
  const wasOpen = useRef(open);
  useEffect(() => {
    if (wasOpen.current && !open) opener.current?.focus();
    wasOpen.current = open;
  }, [open]);
  return opener;
}
